// The test oracle for renju's forbidden points: Gomocup's referee's rule (docs/renju-crosscheck.md)
// as a slow, literal reading of its definitions, written independently of engine/renju.cpp
// and of the search's incremental judge, so that both can be checked against it.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <set>
#include <string>
#include <vector>

#include "engine/board.h"
#include "engine/renju.h"

namespace tengen::testing {

// Black stone at p (placed for the question). Along each of the four lines through p:
//  - a "five" is a run of exactly five black stones through p;
//  - a "four point" is an empty point q that would make such a five (through p and q);
//    the line holds two fours when it has two four points whose fives are made of different
//    black stones (X.XXX.X, XX.XX.XX, XXX.X.XXX with p in the middle part); the two ends of a
//    straight four .XXXX. complete the same four stones and count once;
//  - a "straight-four point" is an empty q that would make a run of exactly four through p
//    and q with both neighbours of the run empty, and each of those a four point (so the
//    cell beyond each neighbour is not black);
//  - the line is an open three when one of its straight-four points is usable: with p on
//    the board, a stone there makes no five and is not forbidden (the same question asked
//    again, one stone deeper).
// Then p is: allowed if it makes a five in some line; otherwise forbidden if its lines hold
// two or more fours in all, or two or more open threes, or a run of six or more.
//
// Fours are told apart by the set of stones they consist of (a straight four is one set,
// X.XXX.X two), and a three is a line where one more stone q makes a straight four .XXXX.
// through p and q, whose two ends each make exactly five, with q usable: not forbidden
// (recursively) and not itself making a five anywhere. The board may hold walls.
class RenjuOracle {
public:
    explicit RenjuOracle(const Board& b) : w_(b.width()), h_(b.height()), cells_(static_cast<std::size_t>(w_ * h_)) {
        for (int y = 0; y < h_; ++y)
            for (int x = 0; x < w_; ++x) cells_[idx({x, y})] = b.at({x, y});
    }

    int forbidden_four_points = 0;  // straight-four points found forbidden: recursion at work
    int five_four_points = 0;       // straight-four points that make a five: the referee's case

    // What a black stone on empty p would be.
    Forbidden forbidden(Point p) {
        if (at(p) != Color::Empty) return Forbidden::None;
        set(p, Color::Black);
        Forbidden result = classify(p);
        set(p, Color::Empty);
        return result;
    }

private:
    std::size_t idx(Point p) const { return static_cast<std::size_t>(p.y * w_ + p.x); }
    bool on(Point p) const { return p.x >= 0 && p.y >= 0 && p.x < w_ && p.y < h_; }
    Color at(Point p) const { return on(p) ? cells_[idx(p)] : Color::Wall; }
    void set(Point p, Color c) { cells_[idx(p)] = c; }
    static Point add(Point p, Point d, int t) { return {p.x + t * d.x, p.y + t * d.y}; }

    // The black run through p (p is black) along d, as its list of points.
    std::vector<Point> run(Point p, Point d) const {
        Point a = p;
        while (at(add(a, d, -1)) == Color::Black) a = add(a, d, -1);
        std::vector<Point> pts;
        for (Point q = a; at(q) == Color::Black; q = add(q, d, 1)) pts.push_back(q);
        return pts;
    }
    static bool contains(const std::vector<Point>& v, Point p) { return std::find(v.begin(), v.end(), p) != v.end(); }
    // Does a black stone at empty q make exactly five along d, with p among the five?
    bool five_with(Point q, Point d, Point p) {
        set(q, Color::Black);
        const auto r = run(q, d);
        set(q, Color::Empty);
        return r.size() == 5 && contains(r, p);
    }

    // Does a black stone at empty q make exactly five in some line?
    bool makes_five(Point q) {
        set(q, Color::Black);
        bool five = false;
        for (Point d : kDirections) five = five || run(q, d).size() == 5;
        set(q, Color::Empty);
        return five;
    }

    Forbidden classify(Point p) {
        bool overline = false;
        for (Point d : kDirections) {
            const auto n = run(p, d).size();
            if (n == 5) return Forbidden::None;
            if (n > 5) overline = true;
        }
        if (overline) return Forbidden::Overline;
        int fours = 0;
        std::array<bool, 4> has_four{};
        for (std::size_t k = 0; k < 4; ++k) {
            const Point d = kDirections[k];
            std::set<std::vector<Point>> stone_sets;
            for (int t = -5; t <= 5; ++t) {
                const Point q = add(p, d, t);
                if (t == 0 || at(q) != Color::Empty || !five_with(q, d, p)) continue;
                set(q, Color::Black);
                auto stones = run(q, d);
                set(q, Color::Empty);
                stones.erase(std::find(stones.begin(), stones.end(), q));
                stone_sets.insert(stones);
            }
            fours += static_cast<int>(stone_sets.size());
            has_four[k] = !stone_sets.empty();
        }
        if (fours >= 2) return Forbidden::DoubleFour;
        int threes = 0;
        for (std::size_t k = 0; k < 4; ++k) {
            if (has_four[k]) continue;
            const Point d = kDirections[k];
            for (int t = -4; t <= 4; ++t) {
                const Point q = add(p, d, t);
                if (t == 0 || at(q) != Color::Empty) continue;
                set(q, Color::Black);
                const auto r = run(p, d);
                bool straight = false;
                if (r.size() == 4 && contains(r, q)) {
                    const Point e1 = add(r.front(), d, -1), e2 = add(r.back(), d, 1);
                    straight =
                        at(e1) == Color::Empty && at(e2) == Color::Empty && five_with(e1, d, p) && five_with(e2, d, p);
                }
                set(q, Color::Empty);
                if (!straight) continue;
                if (makes_five(q)) {
                    ++five_four_points;
                    continue;
                }
                if (forbidden(q) != Forbidden::None) {
                    ++forbidden_four_points;
                    continue;
                }
                ++threes;
                break;
            }
        }
        return threes >= 2 ? Forbidden::DoubleThree : Forbidden::None;
    }

    int w_, h_;
    std::vector<Color> cells_;
};

// The board as text: X black, O white, # wall, . empty, * the point asked about.
inline std::string drawing(const Board& b, Point mark) {
    std::string out;
    for (int y = 0; y < b.height(); ++y) {
        for (int x = 0; x < b.width(); ++x) {
            const Color c = b.at({x, y});
            out += (Point{x, y} == mark) ? '*'
                   : c == Color::Black   ? 'X'
                   : c == Color::White   ? 'O'
                   : c == Color::Wall    ? '#'
                                         : '.';
        }
        out += '\n';
    }
    return out;
}

}  // namespace tengen::testing
