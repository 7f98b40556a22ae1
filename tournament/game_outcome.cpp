#include "tournament/game_outcome.h"

#include <array>
#include <utility>

namespace tengen {

namespace {

constexpr std::array<std::pair<Winner, std::string_view>, 3> kWinners{
    {{Winner::Black, "black"}, {Winner::White, "white"}, {Winner::Draw, "draw"}}};
constexpr std::array<std::pair<EndReason, std::string_view>, 9> kReasons{{
    {EndReason::Five, "five"},
    {EndReason::FullBoard, "full-board"},
    {EndReason::Adjudicated, "adjudicated"},
    {EndReason::IllegalMove, "illegal-move"},
    {EndReason::ForbiddenMove, "forbidden-move"},
    {EndReason::TimeForfeit, "time-forfeit"},
    {EndReason::Crash, "crash"},
    {EndReason::ProtocolError, "protocol-error"},
    {EndReason::MemoryLimit, "memory-limit"},
}};

}  // namespace

std::string_view winner_name(Winner w) noexcept {
    for (const auto& [value, name] : kWinners)
        if (value == w) return name;
    return "draw";
}

std::optional<Winner> parse_winner(std::string_view text) noexcept {
    for (const auto& [value, name] : kWinners)
        if (name == text) return value;
    return std::nullopt;
}

std::string_view reason_name(EndReason r) noexcept {
    for (const auto& [value, name] : kReasons)
        if (value == r) return name;
    return "five";
}

std::optional<EndReason> parse_reason(std::string_view text) noexcept {
    for (const auto& [value, name] : kReasons)
        if (name == text) return value;
    return std::nullopt;
}

bool is_misbehaviour(EndReason r) noexcept {
    return r == EndReason::IllegalMove || r == EndReason::ForbiddenMove || r == EndReason::TimeForfeit ||
           r == EndReason::Crash || r == EndReason::ProtocolError || r == EndReason::MemoryLimit;
}

std::vector<Point> Swap2Phase::stones() const {
    std::vector<Point> all;
    for (const auto& answer : answers) all.insert(all.end(), answer.begin(), answer.end());
    return all;
}

}  // namespace tengen
