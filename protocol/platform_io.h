// What the brain needs from the operating system, behind one interface so the session and
// the reader thread read the same on every system. One implementation per system
// (platform_io_posix.cpp, platform_io_windows.cpp); CMake compiles the one that fits.
#pragma once

#include <cstddef>

namespace tengen::platform {

// Once at start-up, before any I/O: a manager that closes our stdout must not kill us with
// a signal (POSIX), and stdin is read as raw bytes so CR LF reaches the line splitter whole
// (Windows' text mode would also end the input at a Ctrl-Z byte).
void prepare_standard_streams();

// Reads up to `size` bytes of stdin, waiting for at least one; 0 at end of input or when
// stdin cannot be read any more.
std::size_t read_stdin(char* buffer, std::size_t size);

bool stdin_is_terminal();
bool stdout_is_terminal();

// The machine's physical memory in bytes; 0 when the system does not say.
std::size_t physical_memory_bytes();

// Ends the process at once with `code`: no destructors, no atexit handlers, no waiting for
// other threads (which may be blocked reading stdin or writing a full pipe).
[[noreturn]] void exit_now(int code);

}  // namespace tengen::platform
