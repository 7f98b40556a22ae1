#include "tournament/game_exports.h"

#include <fmt/format.h>
#include <fstream>

#include "engine/notation.h"
#include "engine/text.h"

namespace tengen {

namespace {

// SGF text: ']' and '\' escaped.
std::string sgf_escaped(const std::string& text) {
    std::string out;
    for (char c : text) {
        if (c == ']' || c == '\\') out += '\\';
        out += c;
    }
    return out;
}

// PGN tag values: '"' and '\' escaped.
std::string pgn_escaped(const std::string& text) {
    std::string out;
    for (char c : text) {
        if (c == '"' || c == '\\') out += '\\';
        out += c;
    }
    return out;
}

char sgf_letter(int v) { return static_cast<char>('a' + v); }

std::string reason_text(const FinishedGame& g) {
    const std::string winner = g.outcome.winner == Winner::Draw ? "draw" : std::string(winner_name(g.outcome.winner));
    std::string text = g.outcome.winner == Winner::Draw ? "draw" : winner + " wins";
    text += fmt::format(" ({})", reason_name(g.outcome.reason));
    if (!g.outcome.adjudication.empty()) text += ": " + g.outcome.adjudication;
    if (!g.outcome.loser_said.empty()) text += "; the loser said: " + g.outcome.loser_said;
    return text;
}

// "2026-11-24T17:05:31Z" as PGN's "2026.11.24"; "????.??.??" when unknown.
std::string pgn_date(const std::string& iso) {
    if (iso.size() < 10) return "????.??.??";
    std::string d = iso.substr(0, 10);
    for (char& c : d)
        if (c == '-') c = '.';
    return d;
}

Status append_to(const std::string& path, const std::string& text) {
    std::ofstream out(path, std::ios::app | std::ios::binary);
    out << text;
    out.flush();
    if (!out) return Failure{"cannot write " + path};
    return {};
}

}  // namespace

std::string sgf_result(const FinishedGame& g) {
    if (g.outcome.winner == Winner::Draw) return "0";
    const std::string side = g.outcome.winner == Winner::Black ? "B+" : "W+";
    switch (g.outcome.reason) {
    case EndReason::TimeForfeit:
        return side + "T";
    case EndReason::Crash:
    case EndReason::IllegalMove:
    case EndReason::ForbiddenMove:
    case EndReason::ProtocolError:
    case EndReason::MemoryLimit:
        return side + "F";
    case EndReason::Adjudicated:
        return g.outcome.adjudication.rfind("resign", 0) == 0 ? side + "R" : side;
    default:
        return side;
    }
}

std::string sgf_game(const FinishedGame& g) {
    std::string out = "(;FF[4]GM[4]CA[UTF-8]AP[tengen-arena]";
    out += fmt::format("GN[{}]RO[{}.{}]", g.game, g.round, g.pair);
    out += "EV[" + sgf_escaped(g.black + " x " + g.white) + "]";
    if (!g.date.empty()) out += "DT[" + g.date.substr(0, 10) + "]";
    out += g.config.width == g.config.height ? fmt::format("SZ[{}]", g.config.width)
                                             : fmt::format("SZ[{}:{}]", g.config.width, g.config.height);
    out += "RU[" + std::string(rule_name(g.config.rule)) + "]";
    out += "PB[" + sgf_escaped(g.black) + "]PW[" + sgf_escaped(g.white) + "]";
    out += "RE[" + sgf_result(g) + "]";
    std::string comment = reason_text(g);
    if (g.config.win_length != 5) comment += fmt::format("; {} in a row wins", g.config.win_length);
    if (!g.black_tc.empty()) comment += "; time: black " + g.black_tc + ", white " + g.white_tc;
    if (!g.date.empty()) comment += "; ended " + g.date;
    out += "C[" + sgf_escaped(comment) + "]\n";
    bool black = true;
    for (Point p : g.opening) {
        out += fmt::format(";{}[{}{}]C[opening]", black ? 'B' : 'W', sgf_letter(p.x), sgf_letter(p.y));
        black = !black;
    }
    for (const RecordedMove& m : g.outcome.moves) {
        out += fmt::format(";{}[{}{}]C[", black ? 'B' : 'W', sgf_letter(m.at.x), sgf_letter(m.at.y));
        if (m.depth) out += fmt::format("depth {} ", *m.depth);
        if (m.score) out += fmt::format("score {} ", *m.score);
        if (m.mate) out += fmt::format("mate {}{} ", *m.mate > 0 ? "+" : "", *m.mate);
        out += fmt::format("time {}ms]", m.ms);
        black = !black;
    }
    out += ")\n";
    return out;
}

std::string pgn_game(const FinishedGame& g) {
    const char* result = g.outcome.winner == Winner::White   ? "1-0"
                         : g.outcome.winner == Winner::Black ? "0-1"
                                                             : "1/2-1/2";
    std::string out;
    out += "[Event \"tengen-arena\"]\n";
    out += "[Site \"?\"]\n";
    out += "[Date \"" + pgn_date(g.date) + "\"]\n";
    out += fmt::format("[Round \"{}.{}\"]\n", g.round + 1, g.game + 1);
    out += "[White \"" + pgn_escaped(g.white) + "\"]\n";
    out += "[Black \"" + pgn_escaped(g.black) + "\"]\n";
    out += fmt::format("[Result \"{}\"]\n", result);
    out += "[Termination \"" + pgn_escaped(std::string(reason_name(g.outcome.reason))) + "\"]\n\n";
    // Gomoku moves are no chess moves: they go in a comment, which rating tools skip.
    std::vector<Point> played = g.opening;
    for (const RecordedMove& m : g.outcome.moves) played.push_back(m.at);
    const std::string moves = join_points(played, to_letters, " ");
    if (!moves.empty()) out += "{" + moves + "} ";
    out += std::string(result) + "\n\n";
    return out;
}

GameExports::GameExports(std::string sgf_file, std::string pgn_file)
    : sgf_(std::move(sgf_file)), pgn_(std::move(pgn_file)) {}

Status GameExports::append(const FinishedGame& g) {
    std::lock_guard lock(mutex_);
    if (!sgf_.empty())
        if (const Status s = append_to(sgf_, sgf_game(g)); !s.ok()) return s;
    if (!pgn_.empty())
        if (const Status s = append_to(pgn_, pgn_game(g)); !s.ok()) return s;
    return {};
}

Status write_pgn_file(const std::string& path, const std::vector<FinishedGame>& games) {
    std::ofstream out(path, std::ios::trunc | std::ios::binary);
    for (const FinishedGame& g : games) out << pgn_game(g);
    out.flush();
    if (!out) return Failure{"cannot write " + path};
    return {};
}

}  // namespace tengen
