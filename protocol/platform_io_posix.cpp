#include "protocol/platform_io.h"

#include <cerrno>
#include <csignal>
#include <cstdlib>

#include <unistd.h>

namespace tengen::platform {

void prepare_standard_streams() { std::signal(SIGPIPE, SIG_IGN); }

std::size_t read_stdin(char* buffer, std::size_t size) {
    while (true) {
        const ssize_t n = ::read(STDIN_FILENO, buffer, size);
        if (n > 0) return static_cast<std::size_t>(n);
        if (n < 0 && errno == EINTR) continue;
        return 0;
    }
}

bool stdin_is_terminal() { return isatty(STDIN_FILENO) != 0; }
bool stdout_is_terminal() { return isatty(STDOUT_FILENO) != 0; }

std::size_t physical_memory_bytes() {
    const long pages = sysconf(_SC_PHYS_PAGES);
    const long page_size = sysconf(_SC_PAGE_SIZE);
    if (pages <= 0 || page_size <= 0) return 0;
    return static_cast<std::size_t>(pages) * static_cast<std::size_t>(page_size);
}

void exit_now(int code) { std::_Exit(code); }

}  // namespace tengen::platform
