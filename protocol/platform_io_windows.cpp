#include "protocol/platform_io.h"

#include <cstdio>

#include <fcntl.h>
#include <io.h>

#define WIN32_LEAN_AND_MEAN
#include <windows.h>

namespace tengen::platform {

// stdout stays in text mode: every "\n" goes out as CR LF, the ending Windows managers
// (Piskvork, Yixin-Board) expect. stdin is read with ReadFile below, never through the C
// runtime, but binary mode keeps std::cin (the play subcommand) from eating Ctrl-Z too.
void prepare_standard_streams() { _setmode(_fileno(stdin), _O_BINARY); }

std::size_t read_stdin(char* buffer, std::size_t size) {
    const HANDLE in = GetStdHandle(STD_INPUT_HANDLE);
    if (in == nullptr || in == INVALID_HANDLE_VALUE) return 0;
    const DWORD want = size > 0x7fffffff ? 0x7fffffff : static_cast<DWORD>(size);
    DWORD got = 0;
    // A closed pipe reports ERROR_BROKEN_PIPE: the manager is gone, as EOF on POSIX. A
    // console's Ctrl-Z reads as 0 bytes, the same end.
    if (!ReadFile(in, buffer, want, &got, nullptr)) return 0;
    return got;
}

bool stdin_is_terminal() { return _isatty(_fileno(stdin)) != 0; }
bool stdout_is_terminal() { return _isatty(_fileno(stdout)) != 0; }

std::size_t physical_memory_bytes() {
    MEMORYSTATUSEX status{};
    status.dwLength = sizeof status;
    if (!GlobalMemoryStatusEx(&status)) return 0;
    return static_cast<std::size_t>(status.ullTotalPhys);
}

// TerminateProcess, not ExitProcess: ExitProcess runs every DLL's detach code while other
// threads may hold the locks it needs (the reader sits in ReadFile, a search thread may be
// mid-allocation), and could hang; END must not.
void exit_now(int code) {
    TerminateProcess(GetCurrentProcess(), static_cast<UINT>(code));
    for (;;) Sleep(INFINITE);  // TerminateProcess on ourselves does not return
}

}  // namespace tengen::platform
