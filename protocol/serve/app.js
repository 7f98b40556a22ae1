// The page of `pbrain-tengen serve`: one WebSocket to the server, which holds the game and
// the engine; the page sends what the person does and draws what the server says
// (docs/serve.md describes the messages). Text from the server or a file is shown only
// through textContent.
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);
  const board = new TengenBoard.Board($("board"), (x, y) => clickPoint(x, y));
  let state = null;     // the server's last "state"
  let analysis = null;  // the last "analysis" for state's position
  let socket = null;

  function send(message) {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  }

  function say(text) { $("message").textContent = text; }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    socket = new WebSocket(`${scheme}//${location.host}/ws`);
    // "connected" waits for the first state: until the game is known, a click or a changed
    // field would be lost or undone by it.
    socket.addEventListener("open", () => { $("connection").textContent = "connected: loading the game…"; });
    socket.addEventListener("close", () => {
      $("connection").textContent = "disconnected: reload the page to start again";
    });
    socket.addEventListener("message", (event) => {
      let message;
      try { message = JSON.parse(event.data); } catch { return; }
      if (message.type === "state") onState(message);
      else if (message.type === "analysis") onAnalysis(message);
      else if (message.type === "record") onRecord(message);
      else if (message.type === "error") say(message.message);
    });
  }

  function clickPoint(x, y) {
    if (!state) return;
    const name = TengenBoard.pointName(x, y);
    if (state.result) return say("the game is over: start a new one or take a move back");
    if (state.engine_to_move) return say("Tengen is thinking: wait for its move or press Move now");
    const forbidden = state.forbidden.find((p) => p.x === x && p.y === y);
    if (forbidden) return say(`${name} is forbidden to black under renju: ${forbidden.reason}`);
    if (state.moves.some((m) => m.x === x && m.y === y)) return say(`${name} is already taken`);
    say("");
    send({ type: "play", x, y });
  }

  function colourName(colour) { return colour === "black" ? "Black" : "White"; }

  function statusText() {
    const seat = (colour) => (state[colour] === "engine" ? "Tengen" : "you");
    if (state.result === "draw") return "Game over: a draw";
    if (state.result) {
      const who = state[state.result] === "engine" ? "Tengen" : colourName(state.result);
      return `Game over: ${who} wins (${colourName(state.result).toLowerCase()}, ${state.k} in a row)`;
    }
    const mover = state.to_move;
    if (state.engine_to_move) return `${colourName(mover)} to move: Tengen is thinking…`;
    return `${colourName(mover)} to move (${seat(mover)})`;
  }

  // The form follows the game where the game changed under it (a record loaded, the first
  // state): a field the game did not change keeps what the person is typing into it.
  function syncForm(previous, next) {
    const fields = { width: "width", height: "height", k: "k", rule: "rule", black: "black", white: "white" };
    for (const [key, id] of Object.entries(fields))
      if (!previous || previous[key] !== next[key]) $(id).value = next[key];
    if (!previous || previous.time_ms !== next.time_ms) $("time").value = next.time_ms / 1000;
  }

  function onState(message) {
    if (!state) $("connection").textContent = "connected";
    const changed = !state || state.position_id !== message.position_id;
    syncForm(state, message);
    state = message;
    if (changed) analysis = null;
    $("status").textContent = statusText();
    $("status").dataset.result = state.result || "";
    $("status").dataset.toMove = state.to_move;
    $("status").dataset.moves = String(state.moves.length);
    $("analysis").checked = state.analysis;
    const list = $("moves");
    list.replaceChildren(...state.moves.map((m) => {
      const item = document.createElement("li");
      item.textContent = m.name;
      return item;
    }));
    draw();
    showAnalysis();
  }

  function onAnalysis(message) {
    if (!state || message.position_id !== state.position_id) return;  // for a position already gone
    analysis = message;
    draw();
    showAnalysis();
  }

  function draw() {
    if (!state) return;
    const stones = state.moves.map((m, i) => ({ x: m.x, y: m.y, color: m.color, number: i + 1 }));
    const last = state.moves.length ? state.moves[state.moves.length - 1] : null;
    const view = {
      width: state.width, height: state.height, stones, last,
      winLine: state.winning_line, forbidden: state.forbidden, showNumbers: true,
    };
    if (analysis && analysis.lines.length && !state.result) {
      let colour = analysis.side;
      view.pv = analysis.lines[0].pv.slice(0, 8).map((p) => {
        const stone = { x: p.x, y: p.y, color: colour };
        colour = colour === "black" ? "white" : "black";
        return stone;
      });
      view.candidates = analysis.lines.slice(1).map((l) => ({ x: l.move.x, y: l.move.y, rank: l.rank }));
    }
    board.render(view);
  }

  function count(n) {
    if (n >= 1e9) return (n / 1e9).toFixed(1) + "G";
    if (n >= 1e6) return (n / 1e6).toFixed(1) + "M";
    if (n >= 1e3) return (n / 1e3).toFixed(1) + "K";
    return String(n);
  }

  function showAnalysis() {
    const body = $("ranked").tBodies[0];
    if (!analysis || !analysis.lines.length) {
      for (const id of ["depth", "nps", "nodes", "best-line", "win-probability"]) $(id).textContent = "—";
      $("analysis-source").textContent = "";
      $("winbar-black").style.width = "50%";
      body.replaceChildren();
      return;
    }
    const best = analysis.lines[0];
    $("analysis-source").textContent = analysis.search === "engine" ? "(Tengen's search)" : "(for the side to move)";
    $("depth").textContent = `${analysis.depth} (sel ${analysis.seldepth})`;
    $("nps").textContent = count(analysis.nps);
    $("nodes").textContent = count(analysis.nodes);
    $("best-line").textContent = best.pv.map((p) => p.name).join(" ");
    const blackPercent = Math.round(best.black_win_probability * 100);
    $("win-probability").textContent =
      `${colourName(analysis.side)} to move wins with probability ${Math.round(best.win_probability * 100)}% (black ${blackPercent}%)`;
    $("winbar-black").style.width = `${blackPercent}%`;
    body.replaceChildren(...analysis.lines.map((l) => {
      const row = document.createElement("tr");
      for (const text of [l.rank, l.move.name, l.score, `${Math.round(l.win_probability * 100)}%`,
                          l.pv.map((p) => p.name).join(" ")]) {
        const cell = document.createElement("td");
        cell.textContent = String(text);
        row.appendChild(cell);
      }
      return row;
    }));
  }

  function onRecord(message) {
    const blob = new Blob([message.text], { type: "text/plain" });
    const link = document.createElement("a");
    link.href = URL.createObjectURL(blob);
    link.download = message.filename;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 10000);
    say(`saved ${message.filename}`);
  }

  function settingsFromForm() {
    const seconds = Number($("time").value);
    return {
      black: $("black").value,
      white: $("white").value,
      time_ms: Math.max(10, Math.min(600000, Math.round((Number.isFinite(seconds) ? seconds : 1) * 1000))),
    };
  }

  $("setup").addEventListener("submit", (event) => {
    event.preventDefault();
    say("");
    send({
      type: "new", width: Number($("width").value), height: Number($("height").value),
      k: Number($("k").value), rule: $("rule").value, ...settingsFromForm(),
    });
  });
  for (const id of ["black", "white", "time"])
    $(id).addEventListener("change", () => send({ type: "settings", ...settingsFromForm() }));
  $("analysis").addEventListener("change", () => send({ type: "settings", analysis: $("analysis").checked }));
  $("undo").addEventListener("click", () => { say(""); send({ type: "undo" }); });
  $("move-now").addEventListener("click", () => send({ type: "stop" }));
  $("save-psq").addEventListener("click", () => send({ type: "save", format: "psq" }));
  $("save-sgf").addEventListener("click", () => send({ type: "save", format: "sgf" }));
  $("load").addEventListener("change", async () => {
    const file = $("load").files[0];
    if (!file) return;
    const text = await file.text();
    const format = file.name.toLowerCase().endsWith(".sgf") ? "sgf" : "psq";
    say("");
    send({ type: "load", format, text, k: Number($("k").value), rule: $("rule").value });
    $("load").value = "";
  });

  connect();
})();
