#include "ai/vcf_proof.h"

#include <array>

#include "engine/renju.h"

namespace tengen {
namespace {

constexpr std::array<Point, 4> kDirections{Point{1, 0}, Point{0, 1}, Point{1, 1}, Point{1, -1}};

using Line = std::vector<Point>;

class Prover {
public:
    Prover(Board& board, std::uint64_t max_nodes) : board_(board), max_nodes_(max_nodes) {}

    // The attacker (to move) wins by fours within `fours` more of them: the line from here.
    std::optional<Line> attack(int fours) {
        const Color us = board_.side_to_move(), them = opponent(us);
        if (++nodes_ > max_nodes_) return std::nullopt;
        if (const auto five = any_five_point(us)) return Line{*five};
        if (fours <= 0 || any_five_point(them)) return std::nullopt;  // their five comes first
        for (int y = 0; y < board_.height(); ++y)
            for (int x = 0; x < board_.width(); ++x) {
                const Point p{x, y};
                if (!board_.is_empty(p) || !could_make_four(p, us) || !playable(p, us)) continue;
                board_.play(p);
                auto rest = defend(p, fours);
                board_.unmake();
                if (rest) {
                    rest->insert(rest->begin(), p);
                    return rest;
                }
                if (nodes_ > max_nodes_) return std::nullopt;
            }
        return std::nullopt;
    }

    std::uint64_t nodes() const { return nodes_; }

private:
    // After the attacker's stone at `four`: the defender's one answer and the rest of the line.
    std::optional<Line> defend(Point four, int fours) {
        const Color them = board_.side_to_move(), us = opponent(them);
        const std::vector<Point> fives = five_points_through(four, us);
        if (fives.empty() || any_five_point(them)) return std::nullopt;
        // An open or double four: one stone blocks one point, the attacker takes the other.
        if (fives.size() >= 2) return Line{fives[0], fives[1]};
        const Point block = fives[0];
        // Renju: black may not block on a forbidden point; the attacker completes the five there.
        if (!playable(block, them)) return Line{block};
        board_.play(block);
        std::optional<Line> rest;
        if (!any_five_point(them)) rest = attack(fours - 1);  // a block that threatens five: not followed
        board_.unmake();
        if (rest) rest->insert(rest->begin(), block);
        return rest;
    }

    bool playable(Point p, Color c) const {
        return !(c == Color::Black && board_.rule() == Rule::Renju && renju_forbidden(board_, p) != Forbidden::None);
    }

    std::optional<Point> any_five_point(Color c) const {
        for (int y = 0; y < board_.height(); ++y)
            for (int x = 0; x < board_.width(); ++x)
                if (board_.is_empty({x, y}) && board_.is_winning_move({x, y}, c)) return Point{x, y};
        return std::nullopt;
    }

    // Empty points on the lines through `stone` where `c` would now make k in a row.
    std::vector<Point> five_points_through(Point stone, Color c) const {
        std::vector<Point> out;
        const int k = board_.win_length();
        for (const Point d : kDirections)
            for (int i = -(k - 1); i <= k - 1; ++i) {
                const Point p{stone.x + i * d.x, stone.y + i * d.y};
                if (i == 0 || !board_.is_empty(p) || !board_.is_winning_move(p, c)) continue;
                bool seen = false;
                for (const Point q : out) seen = seen || q == p;
                if (!seen) out.push_back(p);
            }
        return out;
    }

    // Some window of k cells through p holds k-2 of c's stones and none of the other colour:
    // the only way a stone at p can leave a five point behind.
    bool could_make_four(Point p, Color c) const {
        const int k = board_.win_length();
        for (const Point d : kDirections)
            for (int start = -(k - 1); start <= 0; ++start) {
                int own = 0;
                bool clear = true;
                for (int i = start; i < start + k && clear; ++i) {
                    const Point q{p.x + i * d.x, p.y + i * d.y};
                    if (i == 0) continue;
                    const Color at = board_.at(q);
                    if (at == c)
                        ++own;
                    else if (at != Color::Empty)
                        clear = false;
                }
                if (clear && own >= k - 2) return true;
            }
        return false;
    }

    Board& board_;
    std::uint64_t max_nodes_;
    std::uint64_t nodes_ = 0;
};

}  // namespace

std::optional<VcfProof> prove_vcf(const Board& position, std::uint64_t max_nodes, int max_fours) {
    if (position.game_over() || position.rule() == Rule::Caro || position.rule() == Rule::CaroExact)
        return std::nullopt;
    Board board = position;
    Prover prover(board, max_nodes);
    auto line = prover.attack(max_fours);
    if (!line) return std::nullopt;
    return VcfProof{std::move(*line), prover.nodes()};
}

}  // namespace tengen
