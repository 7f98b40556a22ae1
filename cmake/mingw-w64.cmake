# Cross build for 64-bit Windows with Debian's mingw-w64 (package g++-mingw-w64-x86-64).
# The posix-threads variant of the compiler: the brain uses std::thread, which the win32
# variant lacks in this GCC.
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR x86_64)
set(TENGEN_MINGW_PREFIX x86_64-w64-mingw32)
set(CMAKE_C_COMPILER ${TENGEN_MINGW_PREFIX}-gcc-posix)
set(CMAKE_CXX_COMPILER ${TENGEN_MINGW_PREFIX}-g++-posix)
set(CMAKE_RC_COMPILER ${TENGEN_MINGW_PREFIX}-windres)
set(CMAKE_FIND_ROOT_PATH /usr/${TENGEN_MINGW_PREFIX})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
# One self-contained .exe: libstdc++, libgcc and winpthread linked in, no DLLs to ship.
set(CMAKE_EXE_LINKER_FLAGS_INIT "-static -s")  # -s: no symbols, a smaller zip
