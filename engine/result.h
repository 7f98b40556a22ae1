// What every call that can fail returns: its value, or the one-line reason it has none.
// Result<void> (Status) is the same for a call with nothing to return. One convention, so no
// caller has to remember whether an empty optional, a variant's string or an out-parameter
// means the failure.
#pragma once

#include <string>
#include <utility>
#include <variant>

namespace tengen {

// `return Failure{"why"};` fails a Result of any type, so a function never spells its own
// return type to fail, and a reason is never mistaken for a value (Result<std::string>).
struct Failure {
    std::string reason;
};

template <class T>
class [[nodiscard]] Result {
public:
    Result(const T& value) : state_(std::in_place_index<0>, value) {}
    Result(T&& value) : state_(std::in_place_index<0>, std::move(value)) {}
    Result(Failure failure) : state_(std::in_place_index<1>, std::move(failure.reason)) {}

    bool ok() const noexcept { return state_.index() == 0; }
    explicit operator bool() const noexcept { return ok(); }

    // The value; std::bad_variant_access on a failure, never a silent garbage value.
    T& value() & { return std::get<0>(state_); }
    const T& value() const& { return std::get<0>(state_); }
    T&& value() && { return std::get<0>(std::move(state_)); }
    T& operator*() & { return value(); }
    const T& operator*() const& { return value(); }
    T&& operator*() && { return std::move(*this).value(); }
    T* operator->() { return &value(); }
    const T* operator->() const { return &value(); }
    // For callers to whom a failure means "use this instead" (the reason is dropped).
    T value_or(T fallback) const& { return ok() ? value() : std::move(fallback); }

    // The reason; empty on success.
    const std::string& error() const noexcept {
        static const std::string none;
        return ok() ? none : *std::get_if<1>(&state_);
    }

private:
    // By index, not by type: T may itself be std::string.
    std::variant<T, std::string> state_;
};

template <>
class [[nodiscard]] Result<void> {
public:
    Result() = default;  // success: `return {};`
    Result(Failure failure) : reason_(std::move(failure.reason)), ok_(false) {}

    bool ok() const noexcept { return ok_; }
    explicit operator bool() const noexcept { return ok_; }
    // The reason; empty on success.
    const std::string& error() const noexcept { return reason_; }

private:
    std::string reason_;
    bool ok_ = true;
};

using Status = Result<void>;

}  // namespace tengen
