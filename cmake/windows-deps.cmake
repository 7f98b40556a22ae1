# The libraries of the Windows cross build, made here rather than found: Debian ships none of
# them for mingw-w64. Boost.Program_options is compiled from Debian's Boost source package
# (fetched by tools/windows-deps.sh); fmt and nlohmann-json are used header-only from the
# machine's own Debian headers. The targets carry the names find_package gives on Linux, so
# the rest of the build reads the same.
set(TENGEN_WINDOWS_DEPS_DIR "${PROJECT_BINARY_DIR}/deps" CACHE PATH
    "Where tools/windows-deps.sh unpacked Debian's Boost source (its boost-src folder)")
set(TENGEN_HOST_INCLUDE_DIR "/usr/include" CACHE PATH "Where the machine's fmt and nlohmann-json headers are")

set(boost_src "${TENGEN_WINDOWS_DEPS_DIR}/boost-src")
file(GLOB boost_po_sources CONFIGURE_DEPENDS "${boost_src}/libs/program_options/src/*.cpp")
if(NOT boost_po_sources OR NOT EXISTS "${boost_src}/include/boost/program_options.hpp")
  message(FATAL_ERROR "No Boost source in ${TENGEN_WINDOWS_DEPS_DIR}: run tools/windows-deps.sh first "
                      "(it fetches Debian's boost source package; see the README's Windows section)")
endif()
add_library(tengen_boost_program_options STATIC ${boost_po_sources})
target_include_directories(tengen_boost_program_options SYSTEM PUBLIC "${boost_src}/include")
target_compile_definitions(tengen_boost_program_options PUBLIC BOOST_ALL_NO_LIB BOOST_PROGRAM_OPTIONS_STATIC_LINK)
target_compile_options(tengen_boost_program_options PRIVATE -w)  # third-party code: its warnings are not ours
add_library(Boost::program_options ALIAS tengen_boost_program_options)

# Only fmt/ and nlohmann/ from the host's include folder: the rest of /usr/include (glibc,
# Linux headers) must stay invisible to the Windows compiler.
set(header_only_dir "${PROJECT_BINARY_DIR}/header-only")
file(MAKE_DIRECTORY "${header_only_dir}")
foreach(library fmt nlohmann)
  if(NOT EXISTS "${TENGEN_HOST_INCLUDE_DIR}/${library}")
    message(FATAL_ERROR "${TENGEN_HOST_INCLUDE_DIR}/${library} is missing (packages libfmt-dev, nlohmann-json3-dev)")
  endif()
  if(NOT EXISTS "${header_only_dir}/${library}")
    file(CREATE_LINK "${TENGEN_HOST_INCLUDE_DIR}/${library}" "${header_only_dir}/${library}" SYMBOLIC)
  endif()
endforeach()
add_library(tengen_fmt_header_only INTERFACE)
target_include_directories(tengen_fmt_header_only SYSTEM INTERFACE "${header_only_dir}")
target_compile_definitions(tengen_fmt_header_only INTERFACE FMT_HEADER_ONLY)
add_library(fmt::fmt ALIAS tengen_fmt_header_only)
add_library(tengen_json_header_only INTERFACE)
target_include_directories(tengen_json_header_only SYSTEM INTERFACE "${header_only_dir}")
add_library(nlohmann_json::nlohmann_json ALIAS tengen_json_header_only)
