#define BOOST_TEST_MODULE result
#include <boost/test/unit_test.hpp>

#include <memory>
#include <string>
#include <type_traits>
#include <variant>
#include <vector>

#include "engine/result.h"

using namespace tengen;

namespace {

Result<int> half(int n) {
    if (n % 2 != 0) return Failure{std::to_string(n) + " is odd"};
    return n / 2;
}

Status must_be_positive(int n) {
    if (n <= 0) return Failure{"not positive"};
    return {};
}

}  // namespace

// A failure never reads as success: the only way to test is explicit.
static_assert(!std::is_convertible_v<Result<int>, bool>);
static_assert(std::is_constructible_v<bool, Result<int>>);
static_assert(!std::is_convertible_v<Status, bool>);
static_assert(std::is_convertible_v<Failure, Result<std::vector<int>>>);
static_assert(std::is_convertible_v<Failure, Status>);

BOOST_AUTO_TEST_CASE(a_value_is_ok_and_reads_back) {
    const Result<int> r = half(8);
    BOOST_TEST(r.ok());
    BOOST_TEST(static_cast<bool>(r));
    BOOST_TEST(r.value() == 4);
    BOOST_TEST(*r == 4);
    BOOST_TEST(r.error().empty());
    BOOST_TEST(r.value_or(-1) == 4);
}

BOOST_AUTO_TEST_CASE(a_failure_carries_its_reason) {
    const Result<int> r = half(7);
    BOOST_TEST(!r.ok());
    BOOST_TEST(!r);
    BOOST_TEST(r.error() == "7 is odd");
    BOOST_TEST(r.value_or(-1) == -1);
    BOOST_CHECK_THROW(static_cast<void>(r.value()), std::bad_variant_access);
}

BOOST_AUTO_TEST_CASE(a_string_value_is_not_a_reason) {
    // T = std::string: the value and the reason are told apart by how they were made.
    const Result<std::string> value = std::string("contents");
    BOOST_TEST(value.ok());
    BOOST_TEST(*value == "contents");
    BOOST_TEST(value->size() == 8u);
    BOOST_TEST(value.error().empty());

    const Result<std::string> failed = Failure{"cannot open x"};
    BOOST_TEST(!failed.ok());
    BOOST_TEST(failed.error() == "cannot open x");
    BOOST_TEST(failed.value_or("") == "");
}

BOOST_AUTO_TEST_CASE(values_are_mutable_and_movable) {
    Result<std::vector<int>> r = std::vector<int>{1, 2};
    r->push_back(3);
    r.value().push_back(4);
    (*r).push_back(5);
    BOOST_TEST(r->size() == 5u);
    const std::vector<int> taken = std::move(r).value();
    BOOST_TEST(taken.size() == 5u);

    // Move-only values go through.
    Result<std::unique_ptr<int>> owned = std::make_unique<int>(42);
    BOOST_REQUIRE(owned);
    std::unique_ptr<int> p = *std::move(owned);
    BOOST_TEST(*p == 42);
}

BOOST_AUTO_TEST_CASE(status_is_ok_by_default_and_fails_with_a_reason) {
    const Status fine = must_be_positive(3);
    BOOST_TEST(fine.ok());
    BOOST_TEST(static_cast<bool>(fine));
    BOOST_TEST(fine.error().empty());

    const Status bad = must_be_positive(0);
    BOOST_TEST(!bad.ok());
    BOOST_TEST(!bad);
    BOOST_TEST(bad.error() == "not positive");

    // An empty reason is still a failure: failing is what was asked, not what was said.
    const Status silent = Failure{};
    BOOST_TEST(!silent.ok());
}
