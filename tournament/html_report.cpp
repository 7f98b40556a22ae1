#include "tournament/html_report.h"

#include <algorithm>
#include <map>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "engine/board.h"
#include "engine/notation.h"
#include "tournament/board_component.h"
#include "tournament/joint_ratings.h"
#include "tournament/openings.h"
#include "tournament/standings.h"
#include "tournament/svg_plot.h"

namespace tengen {

namespace {

// Plots sample the run at most this many times: a 10,000-game file stays a quick page.
constexpr std::size_t kPlotSamples = 120;
const std::vector<std::string> kColours{"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2"};

std::string text(const Estimate& e, int decimals = 1) { return html_escape(format_estimate(e, decimals)); }

std::string standings_section(const Standings& s) {
    std::string out =
        R"(<section id="standings"><h2>Standings</h2><table class="standings"><thead><tr>)"
        R"(<th>Rank</th><th>Engine</th><th>Games</th><th>W-L-D</th><th>Points</th><th>Score</th><th>Elo &plusmn; 95%</th><th>Basis</th></tr></thead><tbody>)";
    int rank = 0;
    for (const BrainStanding& r : s.rows)
        out += fmt::format(
            R"(<tr><td>{}</td><td class="engine">{}</td><td>{}</td><td>{}-{}-{}</td><td>{}</td><td>{:.1f}%</td><td>{}</td><td>{} {}</td></tr>)",
            ++rank, html_escape(r.name), r.games(), r.wdl.wins, r.wdl.losses, r.wdl.draws, r.points, 100 * r.score(),
            text(r.elo), r.elo_samples, r.elo_basis);
    out += "</tbody></table>";
    out += R"(<pre class="standings-text">)" + html_escape(format_standings(s)) + "</pre></section>";
    return out;
}

std::string crosstable_section(const Crosstable& t) {
    std::string out =
        R"(<section id="crosstable"><h2>Crosstable</h2><p>Each cell: the row engine's wins, losses and draws against the column engine.</p><table class="crosstable"><thead><tr><th></th>)";
    for (const std::string& n : t.names) out += "<th>" + html_escape(n) + "</th>";
    out += "</tr></thead><tbody>";
    for (std::size_t i = 0; i < t.names.size(); ++i) {
        out += "<tr><th>" + html_escape(t.names[i]) + "</th>";
        for (std::size_t j = 0; j < t.names.size(); ++j) {
            const WdlCounts& c = t.cells[i][j];
            out += i == j ? "<td>&mdash;</td>" : fmt::format("<td>{}-{}-{}</td>", c.wins, c.losses, c.draws);
        }
        out += "</tr>";
    }
    out += "</tbody></table>";
    if (t.names.size() > 2) {
        if (const auto ratings = fit_joint_ratings(t)) {
            out +=
                R"(<h3>Joint ratings (maximum likelihood over all games)</h3><table class="ratings"><thead><tr><th>Engine</th><th>Elo</th><th>&plusmn; 95%</th></tr></thead><tbody>)";
            for (const JointRating& r : *ratings)
                out += fmt::format("<tr><td>{}</td><td>{:.1f}</td><td>{:.1f}</td></tr>", html_escape(r.name), r.elo,
                                   r.interval95);
            out += "</tbody></table>";
        } else {
            out += "<p>No joint ratings: the engines that played do not form one connected group.</p>";
        }
    }
    return out + "</section>";
}

// Prefix lengths at which the plots sample the run.
std::vector<std::size_t> sample_points(std::size_t games) {
    std::vector<std::size_t> out;
    const std::size_t n = std::min(games, kPlotSamples);
    for (std::size_t i = 1; i <= n; ++i) out.push_back((games * i + n - 1) / n);
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

std::string plots_section(const ResultsSet& set, const SprtParams& sprt, bool sprt_given) {
    const auto samples = sample_points(set.games.size());
    std::string out = R"(<section id="plots"><h2>Over the games</h2>)";
    // The games up to each sample, grown in place: every game is copied once, not once a sample.
    std::vector<FinishedGame> prefix;
    prefix.reserve(set.games.size());
    auto grow_to = [&](std::size_t n) {
        prefix.insert(prefix.end(), set.games.begin() + static_cast<std::ptrdiff_t>(prefix.size()),
                      set.games.begin() + static_cast<std::ptrdiff_t>(n));
    };
    if (set.names.size() == 2) {
        PlotSeries elo{set.names[0] + " vs " + set.names[1], kColours[0], {}, {}, {}, {}};
        PlotSeries llr{"LLR", kColours[1], {}, {}, {}, {}};
        SprtReport last;
        for (const std::size_t n : samples) {
            grow_to(n);
            const Standings s = compute_standings(prefix, set.names, sprt);
            if (!s.head_to_head) continue;
            const Estimate& e = s.head_to_head->elo.elo;
            if (e.value) {  // the band only where the interval is defined
                const double half = e.error95.value_or(0);
                elo.x.push_back(static_cast<double>(n));
                elo.y.push_back(*e.value);
                elo.low.push_back(*e.value - half);
                elo.high.push_back(*e.value + half);
            }
            if (s.head_to_head->sprt) {
                last = *s.head_to_head->sprt;
                llr.x.push_back(static_cast<double>(n));
                llr.y.push_back(last.llr);
            }
        }
        out += svg_plot(
            {"elo-plot", "Elo of " + set.names[0] + " with its 95% interval", "games", "Elo", {elo}, {{0, "0"}}});
        const std::string test =
            fmt::format("SPRT elo0={:g} elo1={:g} alpha={:g} beta={:g} ({}){}", sprt.elo0, sprt.elo1, sprt.alpha,
                        sprt.beta, sprt_model_name(sprt.model), sprt_given ? "" : ", the report's default test");
        out += svg_plot({"llr-plot",
                         "Log-likelihood ratio, " + test,
                         "games",
                         "LLR",
                         {llr},
                         {{last.upper, "accept H1"}, {last.lower, "accept H0"}}});
    } else {
        std::vector<PlotSeries> series;
        for (std::size_t i = 0; i < set.names.size(); ++i)
            series.push_back({set.names[i], kColours[i % kColours.size()], {}, {}, {}, {}});
        for (const std::size_t n : samples) {
            grow_to(n);
            const auto ratings = fit_joint_ratings(crosstable(prefix, set.names));
            if (!ratings) continue;
            for (const JointRating& r : *ratings) {
                const auto at = std::find(set.names.begin(), set.names.end(), r.name) - set.names.begin();
                series[static_cast<std::size_t>(at)].x.push_back(static_cast<double>(n));
                series[static_cast<std::size_t>(at)].y.push_back(r.elo);
            }
        }
        out += svg_plot({"elo-plot", "Joint Elo ratings", "games", "Elo", series, {{0, "0"}}});
    }
    return out + "</section>";
}

std::string game_link(int game) {
    return fmt::format(R"(<a href="#game={0}&amp;move=0" class="game-link">{0}</a>)", game);
}

std::string openings_section(const std::vector<FinishedGame>& games) {
    std::map<int, std::vector<const FinishedGame*>> by_pair;
    for (const FinishedGame& g : games)
        if (!g.outcome.swap2) by_pair[g.pair].push_back(&g);
    std::string rows;
    int count = 0;
    for (const auto& [key, two] : by_pair) {
        if (two.size() != 2 || two[0]->opening != two[1]->opening || two[0]->black == two[1]->black) continue;
        const Winner w = two[0]->outcome.winner;
        if (w == Winner::Draw || two[1]->outcome.winner != w) continue;
        ++count;
        rows += fmt::format("<tr><td>{}</td><td>{}</td><td>{} {}</td></tr>",
                            html_escape(opening_to_letters(two[0]->opening)), winner_name(w), game_link(two[0]->game),
                            game_link(two[1]->game));
    }
    std::string out = R"(<section id="openings"><h2>Openings one colour won both times</h2>)";
    out += fmt::format(
        "<p>{} of the colour-swapped pairs were won by the same colour both times: these openings "
        "decide the game more than the engines do.</p>",
        count);
    if (count)
        out +=
            R"(<table class="openings"><thead><tr><th>Opening</th><th>Won by</th><th>Games</th></tr></thead><tbody>)" +
            rows + "</tbody></table>";
    return out + "</section>";
}

std::string games_section(const std::vector<FinishedGame>& games) {
    std::string out =
        R"(<section id="games"><h2>Games</h2><table class="games"><thead><tr><th>Game</th><th>Black</th><th>White</th><th>Result</th><th>Reason</th><th>Moves</th></tr></thead><tbody>)";
    for (const FinishedGame& g : games)
        out += fmt::format("<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
                           game_link(g.game), html_escape(g.black), html_escape(g.white), winner_name(g.outcome.winner),
                           reason_name(g.outcome.reason), g.outcome.moves.size());
    return out + "</tbody></table></section>";
}

// The five (or k in a row) that ended a game won on the board, found by replaying it; empty
// for any other ending, or a record the board cannot replay.
std::vector<Point> winning_line(const FinishedGame& g) {
    if (g.outcome.reason != EndReason::Five || !check_config(g.config).ok()) return {};
    Board board(g.config);
    auto place = [&](Point p) {
        if (!board.is_legal(p)) return false;
        board.play(p);
        return true;
    };
    for (const Point p : g.opening)
        if (!place(p)) return {};
    for (const RecordedMove& m : g.outcome.moves)
        if (!place(m.at)) return {};
    return board.winning_line();
}

// The games as the replay script reads them, safe to embed in a <script> element. Each move
// keeps what the results file says of it: its time and the search its engine reported.
std::string games_json(const std::vector<FinishedGame>& games) {
    auto list = nlohmann::json::array();
    for (const FinishedGame& g : games) {
        auto opening = nlohmann::json::array();
        for (const Point p : g.opening) opening.push_back({{"x", p.x}, {"y", p.y}});
        auto moves = nlohmann::json::array();
        for (const RecordedMove& m : g.outcome.moves) moves.push_back(nlohmann::json(move_json(m)));
        auto win = nlohmann::json::array();
        for (const Point p : winning_line(g)) win.push_back({{"x", p.x}, {"y", p.y}});
        std::string end =
            std::string(winner_name(g.outcome.winner)) + " (" + std::string(reason_name(g.outcome.reason)) + ")";
        if (!g.outcome.adjudication.empty()) end += ": " + g.outcome.adjudication;
        list.push_back({{"game", g.game},
                        {"black", g.black},
                        {"white", g.white},
                        {"size", {g.config.width, g.config.height}},
                        {"rule", rule_name(g.config.rule)},
                        {"opening", opening},
                        {"moves", moves},
                        {"win", win},
                        {"end", end}});
    }
    std::string json = list.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    // Outside strings JSON has no '<', '>' or '&'; inside one, \u003c and the like read back the
    // same. Escaped, no name can end the script ("</script>") or switch the HTML parser into
    // its escaped state ("<!--" with "<script"), which would swallow the replay that follows.
    std::string out;
    out.reserve(json.size());
    for (const char c : json) {
        if (c == '<')
            out += "\\u003c";
        else if (c == '>')
            out += "\\u003e";
        else if (c == '&')
            out += "\\u0026";
        else
            out += c;
    }
    return out;
}

constexpr const char* kStyle = R"css(
body { font-family: sans-serif; margin: 1.5em; color: #222; max-width: 1100px; }
table { border-collapse: collapse; margin: 0.5em 0; }
th, td { border: 1px solid #ccc; padding: 2px 8px; text-align: right; }
td.engine, th { text-align: left; }
pre { background: #f6f6f6; padding: 0.6em; overflow-x: auto; }
.plot { display: block; margin: 0.5em 0; font-size: 11px; }
.plot-title { font-size: 13px; }
#replay { display: flex; gap: 1.5em; flex-wrap: wrap; align-items: flex-start; }
#board { width: min(92vw, 80vh, 34em); }
#replay-move-info { font-variant-numeric: tabular-nums; }
#replay-missing { color: #c0392b; font-weight: 600; }
.games-wrap { max-height: 24em; overflow-y: auto; }
)css";

// The replay: draws one game after M brain moves from #game=N&move=M on the board component
// (board_component.h), with what the results file says of the move on display. Every name
// reaches the page through textContent.
constexpr const char* kReplayScript = R"js(
(function () {
  'use strict';
  const $ = id => document.getElementById(id);
  const games = JSON.parse($('games-data').textContent);
  const byNumber = new Map(games.map(g => [g.game, g]));
  const board = new TengenBoard.Board($('board'));
  const controls = ['replay-first', 'replay-back', 'replay-next', 'replay-last', 'replay-move'];
  let current = null, move = 0;
  function colourAt(i) { return i % 2 === 0 ? 'black' : 'white'; }
  function searchText(m) {
    const parts = [];
    if (m.mate !== undefined) parts.push(`score ${m.mate > 0 ? '+' : '-'}M${Math.abs(m.mate)}`);
    else if (m.score !== undefined) parts.push(`score ${m.score}`);
    if (m.depth !== undefined) parts.push(`depth ${m.depth}`);
    if (!parts.length) parts.push('no search reported');
    parts.push(m.ms > 0 ? `time ${m.ms} ms` : 'time not recorded');
    if (m.cpu_ms !== undefined) parts.push(`CPU ${m.cpu_ms} ms`);
    return parts.join(', ');
  }
  function moveText(g) {
    if (move === 0)
      return g.opening.length ? `The opening's ${g.opening.length} stones, before the engines' first move.`
                              : "Before the engines' first move.";
    const m = g.moves[move - 1], colour = colourAt(g.opening.length + move - 1);
    return `Move ${move}: ${colour} (${g[colour]}) ${TengenBoard.pointName(m.x, m.y)}; ${searchText(m)}.`;
  }
  function draw() {
    const g = current, placed = g.opening.concat(g.moves.slice(0, move));
    const stones = placed.map((p, i) => ({x: p.x, y: p.y, color: colourAt(i),
                                          number: i < g.opening.length ? undefined : i + 1}));
    const atEnd = move === g.moves.length;
    board.render({width: g.size[0], height: g.size[1], stones, showNumbers: true,
                  last: placed.length ? placed[placed.length - 1] : null, winLine: atEnd ? g.win : []});
    $('board').dataset.stones = stones.length;
    $('board').dataset.game = g.game;
    const slider = $('replay-move');
    slider.max = g.moves.length;
    slider.value = move;
    $('replay-caption').textContent =
      `Game ${g.game}: ${g.black} (black) vs ${g.white} (white), ${g.rule}; move ${move} of ${g.moves.length}` +
      (atEnd ? `; ${g.end}` : '');
    $('replay-move-info').textContent = moveText(g);
  }
  function setEnabled(on) { for (const id of controls) $(id).disabled = !on; }
  // An address naming no game of the page: say so, and draw no board rather than another game.
  function showMissing(asked) {
    current = null;
    $('board').replaceChildren();
    delete $('board').dataset.stones;
    delete $('board').dataset.game;
    setEnabled(false);
    $('replay-caption').textContent = '';
    $('replay-move-info').textContent = '';
    $('replay-missing').textContent = asked === undefined ? 'This report holds no games.'
      : `There is no game "${asked.slice(0, 40)}" in this report: pick one from the list of games below.`;
  }
  function show(g, m, updateAddress) {
    current = g;
    $('replay-missing').textContent = '';
    setEnabled(true);
    move = Math.max(0, Math.min(isNaN(m) ? g.moves.length : m, g.moves.length));
    draw();
    if (updateAddress) history.replaceState(null, '', `#game=${g.game}&move=${move}`);
  }
  function step(m) { if (current) show(current, m, true); }
  function fromAddress() {
    const p = new URLSearchParams(location.hash.slice(1));
    const asked = p.get('move');
    const m = asked !== null && /^\d+$/.test(asked) ? parseInt(asked, 10) : NaN;
    if (!p.has('game')) return games.length ? show(games[0], m, false) : showMissing(undefined);
    const name = p.get('game');
    const g = /^\d+$/.test(name) ? byNumber.get(parseInt(name, 10)) : undefined;
    if (g) show(g, m, false);
    else showMissing(name);
  }
  $('replay-first').onclick = () => step(0);
  $('replay-back').onclick = () => step(move - 1);
  $('replay-next').onclick = () => step(move + 1);
  $('replay-last').onclick = () => { if (current) step(current.moves.length); };
  $('replay-move').oninput = e => step(parseInt(e.target.value, 10));
  document.addEventListener('keydown', e => {
    if (e.key === 'ArrowLeft') step(move - 1);
    if (e.key === 'ArrowRight') step(move + 1);
  });
  window.addEventListener('hashchange', fromAddress);
  fromAddress();
})();
)js";

}  // namespace

std::string html_report(const ResultsSet& set, const ReportSettings& settings) {
    const SprtParams sprt = settings.sprt.value_or(SprtParams{0, 10, 0.05, 0.05, SprtModel::Normalized});
    const Standings standings = compute_standings(set.games, set.names, sprt);
    std::string files;
    for (const std::string& f : settings.files) {
        if (!files.empty()) files += ", ";
        files += html_escape(f);
    }
    std::string out =
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>tengen-arena report</title><style>";
    out += kStyle;
    out += board_component_style();
    out += "</style></head><body><h1>tengen-arena report</h1>";
    out += fmt::format(R"(<p id="summary">{} games from {}{}.)", set.games.size(), files,
                       set.runs > 1 ? fmt::format(", pooled from {} runs of different settings", set.runs) : "");
    if (!set.games.empty()) {
        const GameConfig& c = set.games.front().config;
        out += fmt::format(" Board {}x{}, {} in a row, {}.", c.width, c.height, c.win_length, rule_name(c.rule));
    }
    out += "</p>";
    out += standings_section(standings);
    out += crosstable_section(crosstable(set.games, set.names));
    out += plots_section(set, sprt, settings.sprt.has_value());
    out +=
        R"(<section id="replay-section"><h2>Replay</h2><p id="replay-caption"></p><p id="replay-missing" role="alert"></p><div id="replay"><div id="board" aria-label="the board"></div><div>)"
        R"(<button id="replay-first">|&lt;</button> <button id="replay-back">&lt;</button> <button id="replay-next">&gt;</button> <button id="replay-last">&gt;|</button><br>)"
        R"(<input type="range" id="replay-move" min="0" max="0" value="0" aria-label="move"><p id="replay-move-info"></p><p>Pick a game below; the arrow keys step through it. The address (#game=N&amp;move=M) names the position.</p></div></div></section>)";
    out += R"(<div class="games-wrap">)" + games_section(set.games) + "</div>";
    out += R"(<div class="games-wrap">)" + openings_section(set.games) + "</div>";
    out += R"(<script type="application/json" id="games-data">)" + games_json(set.games) + "</script>";
    out += "<script>";
    out += board_component_script();
    out += "</script><script>";
    out += kReplayScript;
    out += "</script></body></html>\n";
    return out;
}

}  // namespace tengen
