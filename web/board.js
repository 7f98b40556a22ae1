// The board component: draws a W x H Gomoku board as SVG and reports clicks on its points.
// One component for both pages that show a board: `pbrain-tengen serve` serves this file
// (with board.css) and `tengen-arena report` writes it into its page, so the two boards
// read alike. Row 1 is the top row (y = 0) and columns are lettered a, b, ... (numbers past
// z), as `play`, the protocol and the brain's own drawings have it. Only numbers and fixed
// words reach the SVG, each through textContent; nothing is parsed as markup. The report
// inlines this file in a <script> element, so it must never hold a closing script tag or an
// HTML comment opener.
"use strict";

const TengenBoard = (() => {
  const SVG = "http://www.w3.org/2000/svg";

  function columnLabel(x) { return x < 26 ? String.fromCharCode(97 + x) : String(x + 1); }
  // "h8" for {7, 7}; past column z, "27,8" (column and row counted from 1).
  function pointName(x, y) { return x < 26 ? columnLabel(x) + String(y + 1) : `${x + 1},${y + 1}`; }

  function element(parent, name, attributes, text) {
    const node = document.createElementNS(SVG, name);
    for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
    if (text !== undefined) node.textContent = String(text);
    parent.appendChild(node);
    return node;
  }

  class Board {
    // onClick(x, y) for a click on a point; omit it for a board that only shows.
    constructor(container, onClick) {
      this.container = container;
      this.onClick = onClick;
    }

    // view: {width, height, stones: [{x, y, color, number}], last: {x, y}, winLine: [{x, y}],
    // forbidden: [{x, y}], pv: [{x, y, color}], candidates: [{x, y, rank}]}
    render(view) {
      const w = view.width, h = view.height;
      if (!this.svg || this.width !== w || this.height !== h) this.build(w, h);
      const drawing = document.createElementNS(SVG, "g");
      this.drawStones(drawing, view);
      this.drawing.replaceWith(drawing);
      this.drawing = drawing;
    }

    // The parts that stay while the size stays: the wood, the grid, the labels and the points
    // to click. A page redraws several times a second while an engine thinks; a point made anew
    // between the press and the release of a button would lose that click, so the points are
    // made once a size.
    build(w, h) {
      this.width = w;
      this.height = h;
      // Room for a two-digit row label beside the stones of column a and the last column.
      const margin = 1.4;
      const svg = document.createElementNS(SVG, "svg");
      svg.setAttribute("class", "tengen-board");
      svg.setAttribute("viewBox", `${-margin} ${-margin} ${w - 1 + 2 * margin} ${h - 1 + 2 * margin}`);
      svg.setAttribute("role", "grid");
      element(svg, "rect", { class: "wood", x: -margin, y: -margin, width: w - 1 + 2 * margin, height: h - 1 + 2 * margin, rx: 0.3 });
      for (let x = 0; x < w; ++x) {
        element(svg, "line", { class: "grid", x1: x, y1: 0, x2: x, y2: h - 1 });
        element(svg, "text", { class: "label", x, y: -0.7 }, columnLabel(x));
        element(svg, "text", { class: "label", x, y: h - 1 + 0.7 }, columnLabel(x));
      }
      for (let y = 0; y < h; ++y) {
        element(svg, "line", { class: "grid", x1: 0, y1: y, x2: w - 1, y2: y });
        element(svg, "text", { class: "label row-before", x: -0.6, y }, y + 1);
        element(svg, "text", { class: "label row-after", x: w - 1 + 0.6, y }, y + 1);
      }
      this.drawing = element(svg, "g", {});
      // The points to click come last, so they lie above everything drawn.
      for (let y = 0; y < h; ++y)
        for (let x = 0; x < w; ++x) {
          const cell = element(svg, "rect", { class: this.onClick ? "cell clickable" : "cell", x: x - 0.5, y: y - 0.5, width: 1, height: 1, "data-x": x, "data-y": y });
          element(cell, "title", {}, pointName(x, y));
          if (this.onClick) cell.addEventListener("click", () => this.onClick(x, y));
        }
      this.svg = svg;
      this.container.replaceChildren(svg);
    }

    drawStones(drawing, view) {
      const occupied = new Set((view.stones || []).map((s) => `${s.x},${s.y}`));
      const winning = new Set((view.winLine || []).map((p) => `${p.x},${p.y}`));
      for (const p of view.forbidden || []) {
        const d = 0.22;
        element(drawing, "line", { class: "forbidden", x1: p.x - d, y1: p.y - d, x2: p.x + d, y2: p.y + d });
        element(drawing, "line", { class: "forbidden", x1: p.x - d, y1: p.y + d, x2: p.x + d, y2: p.y - d });
      }
      for (const s of view.stones || []) {
        const classes = `stone stone-${s.color}` + (winning.has(`${s.x},${s.y}`) ? " win-stone" : "");
        element(drawing, "circle", { class: classes, cx: s.x, cy: s.y, r: 0.45, "data-stone": s.color, "data-x": s.x, "data-y": s.y });
        if (s.number !== undefined && view.showNumbers)
          element(drawing, "text", { class: `number number-on-${s.color}`, x: s.x, y: s.y }, s.number);
      }
      if (view.last) element(drawing, "circle", { class: "last", cx: view.last.x, cy: view.last.y, r: 0.39 });
      let pvNumber = 0;
      for (const p of view.pv || []) {
        ++pvNumber;
        if (occupied.has(`${p.x},${p.y}`)) continue;
        element(drawing, "circle", { class: `pv-stone stone-${p.color}`, cx: p.x, cy: p.y, r: 0.42, "data-pv": pvNumber });
        element(drawing, "text", { class: `pv-number number-on-${p.color}`, x: p.x, y: p.y }, pvNumber);
      }
      for (const c of view.candidates || []) {
        if (occupied.has(`${c.x},${c.y}`)) continue;
        element(drawing, "text", { class: "candidate", x: c.x + 0.28, y: c.y - 0.28, "data-rank": c.rank }, c.rank);
      }
      const line = view.winLine || [];
      if (line.length >= 2) {
        const sorted = [...line].sort((a, b) => a.x - b.x || a.y - b.y);
        const a = sorted[0], b = sorted[sorted.length - 1];
        element(drawing, "line", { class: "win-line", x1: a.x, y1: a.y, x2: b.x, y2: b.y });
      }
    }
  }

  return { Board, pointName, columnLabel };
})();
