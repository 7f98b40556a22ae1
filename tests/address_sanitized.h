// Whether this test was built under AddressSanitizer: GCC says so with __SANITIZE_ADDRESS__,
// clang only through __has_feature. Under it, memory figures include ASan's shadow and
// quarantine, and the slowest exhaustive checks shrink.
#pragma once

#if defined(__SANITIZE_ADDRESS__)
#define TENGEN_ADDRESS_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define TENGEN_ADDRESS_SANITIZED 1
#endif
#endif
