// The 2011 extended visualizer's commands that bots print ("v …" drawings and "i …" tile
// notes), stored beside a replay as NAME.visualizer.json (format botforge-visualizer-1):
// parsed per (turn, player) and drawn on the board in map coordinates on the torus.
// Defaults and the meaning of each command: docs/ants-viewer.md.
"use strict";

/** Drawing state every (turn, player) starts from. */
const VIZ_DEFAULTS = Object.freeze({ line: "rgba(0,0,0,1)", fill: "rgba(0,0,0,0.5)", width: 1 });
/** Sub-tile names: [row third, column third]. */
const VIZ_SUB = { TL: [0, 0], TM: [0, 1], TR: [0, 2], ML: [1, 0], MM: [1, 1], MR: [1, 2], BL: [2, 0], BM: [2, 1], BR: [2, 2] };
/** Route plan steps: [dr, dc]. */
const VIZ_STEPS = { n: [-1, 0], e: [0, 1], s: [1, 0], w: [0, -1] };
/** Most steps of one routePlan and most points of one star drawn. */
const VIZ_MAX_STEPS = 100000, VIZ_MAX_POINTS = 100;

/** A finite number from a token ("12", "0.5", "0x99"), else NaN. */
function vizNum(tok) {
  if (tok === undefined) return NaN;
  const v = Number(tok);
  return Number.isFinite(v) ? v : NaN;
}

/** A colour "rgba(…)" from r g b [a] tokens (0–255, alpha 0–1, clamped), else null. */
function vizColor(toks, defAlpha) {
  if (toks.length < 3) return null;
  const [r, g, b] = toks.slice(0, 3).map(vizNum);
  const a = toks.length > 3 ? vizNum(toks[3]) : defAlpha;
  if ([r, g, b, a].some(Number.isNaN)) return null;
  const ch = v => Math.round(Math.min(255, Math.max(0, v)));
  return `rgba(${ch(r)},${ch(g)},${ch(b)},${Math.min(1, Math.max(0, a))})`;
}

/** true/false from a fill token ("true"/"false"/"1"/"0"), else null. */
function vizBool(tok) {
  if (tok === undefined) return null;
  const t = tok.toLowerCase();
  if (t === "true" || t === "1") return true;
  if (t === "false" || t === "0") return false;
  return null;
}

/** x mod m in [0, m). */
function vizMod(x, m) { return ((x % m) + m) % m; }

/** The signed shortest difference b − a on a ring of size m. */
function vizDelta(a, b, m) {
  let d = vizMod(b - a, m);
  if (d > m / 2) d -= m;
  return d;
}

/**
 * Parses one (turn, player)'s lines into shapes and notes. Shapes are in tile units (x =
 * column, y = row; a tile spans [c, c+1) × [r, r+1)) with their colours and width at the
 * time of the command; a malformed line is counted in `skipped` and ignored.
 */
function parseVizLines(lines, rows, cols) {
  const st = { ...VIZ_DEFAULTS };
  const shapes = [], notes = new Map();
  let skipped = 0;
  const stroke = () => ({ stroke: st.line, width: st.width });
  for (const raw of lines) {
    if (typeof raw !== "string") { skipped++; continue; }
    const line = raw.trim();
    if (line.startsWith("i ")) {
      const m = /^i\s+(\S+)\s+(\S+)\s?(.*)$/.exec(line);
      const r = m && vizNum(m[1]), c = m && vizNum(m[2]);
      if (!m || Number.isNaN(r) || Number.isNaN(c)) { skipped++; continue; }
      const cell = vizMod(Math.floor(r), rows) * cols + vizMod(Math.floor(c), cols);
      if (!notes.has(cell)) notes.set(cell, []);
      notes.get(cell).push(m[3]);
      continue;
    }
    const t = line.split(/\s+/);
    if (t[0] !== "v") { skipped++; continue; }
    const n = t.slice(2).map(vizNum);
    const need = k => n.length >= k && n.slice(0, k).every(v => !Number.isNaN(v));
    let shape = null;
    switch (t[1]) {
      case "setLineColor": case "setFillColor": {
        const col = vizColor(t.slice(2), t[1] === "setLineColor" ? 1 : 0.5);
        if (!col) break;
        if (t[1] === "setLineColor") st.line = col; else st.fill = col;
        continue;
      }
      case "setLineWidth":
        if (!need(1) || n[0] < 0) break;
        st.width = Math.min(n[0], 50);
        continue;
      case "line": case "arrow": {
        if (!need(4)) break;
        const x0 = vizMod(n[1], cols) + 0.5, y0 = vizMod(n[0], rows) + 0.5;
        shape = { kind: t[1], pts: [[x0, y0], [x0 + vizDelta(n[1], n[3], cols), y0 + vizDelta(n[0], n[2], rows)]], ...stroke() };
        break;
      }
      case "rect": {
        const fill = vizBool(t[6]);
        if (!need(4) || fill === null) break;
        const r0 = Math.min(n[0], n[2]), c0 = Math.min(n[1], n[3]);
        const h = Math.abs(n[2] - n[0]) + 1, w = Math.abs(n[3] - n[1]) + 1;
        const x = vizMod(c0, cols), y = vizMod(r0, rows);
        shape = { kind: "rect", x, y, w, h, fill: fill ? st.fill : null, ...stroke() };
        break;
      }
      case "circle": {
        const fill = vizBool(t[5]);
        if (!need(3) || fill === null || n[2] < 0) break;
        shape = { kind: "circle", x: vizMod(n[1], cols) + 0.5, y: vizMod(n[0], rows) + 0.5, r: n[2], fill: fill ? st.fill : null, ...stroke() };
        break;
      }
      case "star": {
        const fill = vizBool(t[7]);
        if (!need(5) || fill === null || n[2] < 0 || n[3] < 0 || n[4] < 2) break;
        const x = vizMod(n[1], cols) + 0.5, y = vizMod(n[0], rows) + 0.5;
        const k = Math.min(Math.floor(n[4]), VIZ_MAX_POINTS), pts = [];
        for (let i = 0; i < 2 * k; i++) {
          const rad = i % 2 ? n[2] : n[3], ang = -Math.PI / 2 + Math.PI * i / k;
          pts.push([x + rad * Math.cos(ang), y + rad * Math.sin(ang)]);
        }
        shape = { kind: "poly", pts, closed: true, fill: fill ? st.fill : null, ...stroke() };
        break;
      }
      case "tile":
        if (!need(2)) break;
        shape = { kind: "rect", x: vizMod(Math.floor(n[1]), cols), y: vizMod(Math.floor(n[0]), rows), w: 1, h: 1, fill: st.fill, stroke: null, width: 0 };
        break;
      case "tileBorder": case "tileSubTile": {
        const sub = VIZ_SUB[t[4]];
        if (!need(2) || !sub) break;
        const x = vizMod(Math.floor(n[1]), cols), y = vizMod(Math.floor(n[0]), rows);
        shape = t[1] === "tileSubTile"
          ? { kind: "rect", x: x + sub[1] / 3, y: y + sub[0] / 3, w: 1 / 3, h: 1 / 3, fill: st.fill, stroke: null, width: 0 }
          : { kind: "border", x, y, sub: t[4], ...stroke() };
        break;
      }
      case "routePlan": {
        const plan = (t[4] || "").toLowerCase();
        if (!need(2) || t.length < 5 || plan.length > VIZ_MAX_STEPS || /[^nesw]/.test(plan)) break;
        // One polyline per stretch inside the map: a step over the edge ends the stretch
        // outside (its copy on the far side shows the rest), the next starts wrapped.
        let r = vizMod(Math.floor(n[0]), rows), c = vizMod(Math.floor(n[1]), cols);
        let run = [[c + 0.5, r + 0.5]];
        const runs = [];
        for (const ch of plan) {
          const [dr, dc] = VIZ_STEPS[ch];
          r += dr; c += dc;
          run.push([c + 0.5, r + 0.5]);
          if (r < 0 || r >= rows || c < 0 || c >= cols) {
            runs.push(run);
            r = vizMod(r, rows); c = vizMod(c, cols);
            run = [[c + 0.5, r + 0.5]];
          }
        }
        if (run.length > 1 || !runs.length) runs.push(run);
        for (const pts of runs) shapes.push({ kind: "poly", pts, closed: false, fill: null, ...stroke() });
        continue;
      }
      default:
        break;
    }
    if (shape) shapes.push(shape); else skipped++;
  }
  return { shapes, notes, skipped };
}

/** The bounding box [x0, y0, x1, y1] of a shape in tile units (without line width). */
function vizBox(s) {
  switch (s.kind) {
    case "rect": case "border": return [s.x, s.y, s.x + (s.w || 1), s.y + (s.h || 1)];
    case "circle": return [s.x - s.r, s.y - s.r, s.x + s.r, s.y + s.r];
    default: {
      const xs = s.pts.map(p => p[0]), ys = s.pts.map(p => p[1]);
      return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
    }
  }
}

/** Draws one shape at pixel offset (ox, oy) with cell size cs. */
function vizDrawShape(ctx, s, cs, ox, oy) {
  const X = x => ox + x * cs, Y = y => oy + y * cs;
  ctx.lineWidth = s.width;
  ctx.beginPath();
  switch (s.kind) {
    case "rect": ctx.rect(X(s.x), Y(s.y), s.w * cs, s.h * cs); break;
    case "circle": ctx.arc(X(s.x), Y(s.y), s.r * cs, 0, 2 * Math.PI); break;
    case "border": {
      // Edges of the tile, inset by half the line width so they stay on the tile.
      const i = s.width / 2, x0 = X(s.x) + i, y0 = Y(s.y) + i, x1 = X(s.x + 1) - i, y1 = Y(s.y + 1) - i;
      const edges = { T: [x0, y0, x1, y0], B: [x0, y1, x1, y1], L: [x0, y0, x0, y1], R: [x1, y0, x1, y1] };
      const which = { TL: "TL", TM: "T", TR: "TR", ML: "L", MM: "TBLR", MR: "R", BL: "BL", BM: "B", BR: "BR" }[s.sub];
      for (const e of which) { const [a, b, c, d] = edges[e]; ctx.moveTo(a, b); ctx.lineTo(c, d); }
      break;
    }
    default:
      s.pts.forEach(([x, y], k) => (k ? ctx.lineTo(X(x), Y(y)) : ctx.moveTo(X(x), Y(y))));
      if (s.closed) ctx.closePath();
  }
  if (s.fill) { ctx.fillStyle = s.fill; ctx.fill(); }
  if (s.stroke && (!s.fill || s.kind === "poly") && s.width > 0) { ctx.strokeStyle = s.stroke; ctx.stroke(); }
  if (s.kind === "arrow") {
    const [[xa, ya], [xb, yb]] = s.pts, len = Math.hypot(xb - xa, yb - ya);
    if (len > 0) {
      const ux = (xb - xa) / len, uy = (yb - ya) / len, head = Math.max(0.4 * cs, 2 * s.width);
      const bx = X(xb) - ux * head, by = Y(yb) - uy * head;
      ctx.beginPath();
      ctx.moveTo(X(xb), Y(yb));
      ctx.lineTo(bx - uy * head / 2, by + ux * head / 2);
      ctx.lineTo(bx + uy * head / 2, by - ux * head / 2);
      ctx.closePath();
      ctx.fillStyle = s.stroke;
      ctx.fill();
    }
  }
}

/**
 * Draws shapes on a torus of rows × cols tiles of cs pixels: every shape also at the copies
 * one map width/height away whose box meets the map, so a shape over an edge shows on both
 * sides.
 */
function drawVizShapes(ctx, shapes, rows, cols, cs) {
  const W = cols * cs, H = rows * cs;
  ctx.save();
  ctx.lineCap = "round";
  ctx.lineJoin = "round";
  for (const s of shapes) {
    const [x0, y0, x1, y1] = vizBox(s).map(v => v * cs);
    const pad = s.width / 2 + 0.4 * cs;
    for (const oy of [-H, 0, H]) {
      if (y1 + oy + pad < 0 || y0 + oy - pad > H) continue;
      for (const ox of [-W, 0, W]) {
        if (x1 + ox + pad < 0 || x0 + ox - pad > W) continue;
        vizDrawShape(ctx, s, cs, ox, oy);
      }
    }
  }
  ctx.restore();
}

/** A visualizer file: its entries by turn and player, parsed on first use. */
class VizLayer {
  constructor(json, rows, cols) {
    const root = typeof json === "string" ? JSON.parse(json) : json;
    if (!root || root.format !== "botforge-visualizer-1" || !Array.isArray(root.turns))
      throw new Error("not a visualizer file (format botforge-visualizer-1)");
    this.rows = rows;
    this.cols = cols;
    this.players = Number(root.players) || 0;
    this.byTurn = new Map();
    for (const e of root.turns) {
      if (!e || !Number.isInteger(e.turn) || !Number.isInteger(e.player) || !Array.isArray(e.lines)) continue;
      if (!this.byTurn.has(e.turn)) this.byTurn.set(e.turn, new Map());
      this.byTurn.get(e.turn).set(e.player, { lines: e.lines, dropped: Number(e.dropped) || 0, parsed: null });
      this.players = Math.max(this.players, e.player + 1);
    }
  }

  /** Player p's parsed drawings for turn t ({shapes, notes, skipped, dropped}), or null. */
  at(t, p) {
    const m = this.byTurn.get(t);
    const e = m && m.get(p);
    if (!e) return null;
    if (!e.parsed) e.parsed = { ...parseVizLines(e.lines, this.rows, this.cols), dropped: e.dropped };
    return e.parsed;
  }
}
