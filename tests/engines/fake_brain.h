// The shared loop of the fake engines the arena tests start: a minimal Gomocup brain using only
// the standard library. Each fake decides what it answers for its n-th move (from 1 in a game).
#pragma once

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <type_traits>
#include <unistd.h>
#include <utility>
#include <vector>

namespace fake {

struct State {
    int width = 15, height = 15;
    std::set<std::pair<int, int>> stones;
    std::pair<int, int> last{-1, -1};  // the opponent's last stone, or (-1, -1)
    long timeout_turn_ms = 1000;
    int moves_in_game = 0;
    std::mt19937 rng{static_cast<unsigned>(::getpid()) * 2654435761u ^
                     static_cast<unsigned>(std::chrono::steady_clock::now().time_since_epoch().count())};

    std::pair<int, int> random_empty() {
        if (static_cast<int>(stones.size()) >= width * height) return {0, 0};
        for (;;) {
            std::pair<int, int> p{static_cast<int>(rng() % width), static_cast<int>(rng() % height)};
            if (!stones.count(p)) return p;
        }
    }
};

inline std::string upper(std::string s) {
    for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return s;
}

inline void say(const std::string& line) { std::cout << line << std::endl; }

inline std::string move_text(std::pair<int, int> p) { return std::to_string(p.first) + "," + std::to_string(p.second); }

inline bool parse_xy(const std::string& text, int& x, int& y) {
    std::string t = text;
    for (char& c : t)
        if (c == ',') c = ' ';
    std::istringstream in(t);
    return static_cast<bool>(in >> x >> y);
}

// What a fake answers to SWAP2BOARD when it has no swap2 of its own.
inline std::string no_swap2(State&, const std::vector<std::pair<int, int>>&) { return "UNKNOWN SWAP2BOARD"; }

// What a fake does before the usual handling of a command when it does nothing special.
inline void no_hook(State&, const std::string& /*word*/, const std::string& /*rest*/) {}

// Runs the brain. decide(state) answers one move: it prints whatever it wants and returns the
// point it played, or (-1, -1) when it played nothing the board should remember. swap2(state,
// stones) returns the answer line to SWAP2BOARD given the stones so far. hook(state, word,
// rest) runs first for every command (word in capitals); a hook that returns true has dealt
// with the command itself.
template <class Decide, class Swap2 = decltype(&no_swap2), class Hook = decltype(&no_hook)>
int run(const std::string& name, Decide decide, Swap2 swap2 = &no_swap2, Hook hook = &no_hook) {
    State s;
    std::string line;
    auto play = [&] {
        ++s.moves_in_game;
        const auto p = decide(s);
        if (p.first >= 0) s.stones.insert(p);
    };
    while (std::getline(std::cin, line)) {
        while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
        if (line.empty()) continue;
        std::istringstream in(line);
        std::string word;
        in >> word;
        word = upper(word);
        std::string rest;
        std::getline(in, rest);
        if constexpr (std::is_same_v<decltype(hook(s, word, rest)), bool>) {
            if (hook(s, word, rest)) continue;
        } else {
            hook(s, word, rest);
        }
        if (word == "START" || word == "RECTSTART") {
            int w = 0, h = 0;
            if (word == "START") {
                w = h = std::atoi(rest.c_str());
            } else if (!parse_xy(rest, w, h)) {
                w = 0;
            }
            if (w < 5 || h < 5) {
                say("ERROR unsupported size");
                continue;
            }
            s.width = w;
            s.height = h;
            s.stones.clear();
            s.last = {-1, -1};
            s.moves_in_game = 0;
            say("OK");
        } else if (word == "INFO") {
            std::istringstream info(rest);
            std::string key;
            long value = 0;
            if (info >> key >> value && key == "timeout_turn") s.timeout_turn_ms = value;
        } else if (word == "BEGIN") {
            play();
        } else if (word == "TURN") {
            int x = 0, y = 0;
            if (parse_xy(rest, x, y)) s.stones.insert({x, y}), s.last = {x, y};
            play();
        } else if (word == "BOARD") {
            s.stones.clear();
            while (std::getline(std::cin, line)) {
                while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
                if (upper(line) == "DONE") break;
                int x = 0, y = 0;
                if (parse_xy(line, x, y)) s.stones.insert({x, y}), s.last = {x, y};
            }
            play();
        } else if (word == "SWAP2BOARD") {
            std::vector<std::pair<int, int>> given;
            s.stones.clear();
            while (std::getline(std::cin, line)) {
                while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
                if (upper(line) == "DONE") break;
                int x = 0, y = 0;
                if (parse_xy(line, x, y)) given.emplace_back(x, y), s.stones.insert({x, y});
            }
            say(swap2(s, given));
        } else if (word == "ABOUT") {
            say("name=\"" + name + "\", version=\"1\", author=\"tengen tests\"");
        } else if (word == "END") {
            return 0;
        } else {
            say("UNKNOWN " + line);
        }
    }
    return 0;
}

}  // namespace fake
