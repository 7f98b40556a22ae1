#include "tournament/live_page.h"

#include "tournament/board_component.h"

namespace tengen {

namespace {

constexpr const char* kStyle = R"css(
body { font-family: sans-serif; margin: 1.5em; color: #222; }
#live-status { font-variant-numeric: tabular-nums; }
#live-status.gone { color: #c0392b; font-weight: 600; }
#boards { display: flex; flex-wrap: wrap; gap: 1em; }
.live-game { width: 15em; }
.live-game .caption { font-size: 0.85em; margin: 0.2em 0; overflow-wrap: anywhere; }
#no-games { color: #666; }
#report { width: 100%; border: 0; min-height: 30em; display: block; }
)css";

// Every name reaches the page through textContent; the report in the frame escapes its own.
constexpr const char* kScript = R"js(
(function () {
  'use strict';
  const $ = id => document.getElementById(id);
  const games = new Map();  // game number -> {info, board, element}
  let finished = 0, inScope = 0, reloadPending = false, lastReload = 0;

  function status(text, gone) {
    $('live-status').textContent = text;
    $('live-status').classList.toggle('gone', !!gone);
  }
  function counts() {
    status(`${finished} of ${inScope} games finished; ${games.size} in progress.`);
    $('live-status').dataset.finished = finished;
    $('no-games').hidden = games.size > 0;
  }
  function colourAt(i) { return i % 2 === 0 ? 'black' : 'white'; }
  function draw(entry) {
    const g = entry.info, placed = g.opening.concat(g.moves);
    const stones = placed.map((p, i) => ({x: p.x, y: p.y, color: colourAt(i),
                                          number: i < g.opening.length ? undefined : i + 1}));
    entry.board.render({width: g.size[0], height: g.size[1], stones, showNumbers: false,
                        last: placed.length ? placed[placed.length - 1] : null, winLine: []});
    entry.element.dataset.moves = g.moves.length;
    entry.caption.textContent = `Game ${g.game}: ${g.black} (black) vs ${g.white} (white), ` +
      `move ${g.moves.length}`;
  }
  function add(info) {
    remove(info.game);
    const element = document.createElement('div');
    element.className = 'live-game';
    element.dataset.game = info.game;
    const caption = document.createElement('p');
    caption.className = 'caption';
    const holder = document.createElement('div');
    element.append(caption, holder);
    const list = $('boards'), after = [...list.children].find(e => Number(e.dataset.game) > info.game);
    list.insertBefore(element, after || null);
    const entry = {info, element, caption, board: new TengenBoard.Board(holder)};
    games.set(info.game, entry);
    draw(entry);
  }
  function remove(game) {
    const entry = games.get(game);
    if (!entry) return;
    entry.element.remove();
    games.delete(game);
  }
  // At most one reload a second: a burst of finished games reloads the report once.
  function reloadReport() {
    if (reloadPending) return;
    reloadPending = true;
    const wait = Math.max(0, 1000 - (Date.now() - lastReload));
    setTimeout(() => {
      reloadPending = false;
      lastReload = Date.now();
      const frame = $('report');
      try { frame.contentWindow.location.reload(); } catch (e) { frame.src = '/report'; }
    }, wait);
  }
  $('report').addEventListener('load', () => {
    const doc = $('report').contentDocument;
    if (doc && doc.documentElement) $('report').style.height = doc.documentElement.scrollHeight + 20 + 'px';
  });

  function receive(m) {
    if (m.type === 'snapshot') {
      for (const g of [...games.keys()]) remove(g);
      finished = m.finished;
      inScope = m.in_scope;
      for (const g of m.playing) add(g);
      reloadReport();
    } else if (m.type === 'started') {
      add(m.game);
    } else if (m.type === 'opening') {
      const e = games.get(m.game);
      if (e) { e.info.opening = m.stones; e.info.black = m.black; e.info.white = m.white; draw(e); }
    } else if (m.type === 'move') {
      const e = games.get(m.game);
      if (e) { e.info.moves.push({x: m.x, y: m.y}); draw(e); }
    } else if (m.type === 'finished') {
      remove(m.game);
      finished = m.finished;
      reloadReport();
    } else if (m.type === 'abandoned') {
      remove(m.game);
    }
    counts();
  }
  function connect() {
    const socket = new WebSocket(`ws://${location.host}/ws`);
    socket.onmessage = e => {
      try { receive(JSON.parse(e.data)); } catch (err) { /* a message this page cannot read */ }
    };
    socket.onclose = () => {
      status('The arena is not answering (the tournament ended, or it stopped); trying again every few seconds.', true);
      setTimeout(connect, 3000);
    };
  }
  connect();
})();
)js";

}  // namespace

std::string live_page() {
    std::string out =
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>tengen-arena live</title><style>";
    out += kStyle;
    out += board_component_style();
    out += "</style></head><body><h1>tengen-arena live</h1>";
    out += R"(<p id="live-status">Connecting to the arena&hellip;</p>)";
    out += R"(<section id="playing"><h2>Games in progress</h2><p id="no-games">None right now.</p>)"
           R"(<div id="boards"></div></section>)";
    out += R"(<iframe id="report" src="/report" title="the report of the finished games"></iframe>)";
    out += "<script>";
    out += board_component_script();
    out += "</script><script>";
    out += kScript;
    out += "</script></body></html>\n";
    return out;
}

}  // namespace tengen
