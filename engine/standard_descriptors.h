// Makes sure descriptors 0, 1 and 2 are open before a program opens any file of its own.
// Started with one of them closed (`>&-` in a cron line, a supervisor that closes what it does
// not need), the next open() takes the free number: a results file would become descriptor 1
// and fill with everything printed to stdout. Each closed one is opened on /dev/null instead.
#pragma once

#if !defined(_WIN32)
#include <fcntl.h>
#include <unistd.h>
#endif

namespace tengen {

inline void ensure_standard_descriptors() {
#if !defined(_WIN32)
    for (int fd = 0; fd <= 2; ++fd) {
        if (::fcntl(fd, F_GETFD) != -1) continue;
        // open() returns the lowest free number, which is fd itself: 0..fd-1 are open by now.
        const int opened = ::open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY);
        if (opened >= 0 && opened != fd) ::close(opened);
    }
#endif
}

}  // namespace tengen
