// Ants replay viewer: reconstructs every turn of an official-format replay (ours or the
// official engine's) and draws the map, ants, food, hills, deaths and per-player fog, and
// over them the bots' own drawings (viz.js) from NAME.visualizer.json beside the replay.
"use strict";

const DIRS = { n: [-1, 0], e: [0, 1], s: [1, 0], w: [0, -1] };

/** A parsed replay with per-turn queries. */
class AntsReplay {
  constructor(text) {
    const root = JSON.parse(text);
    if (root.error) throw new Error("the engine reported an error:\n" + root.error);
    const rd = root.replaydata || root;
    if (!rd.map || !rd.ants) throw new Error("not an Ants replay (no replaydata.map / ants)");
    this.root = root;
    this.rd = rd;
    this.rows = rd.map.rows;
    this.cols = rd.map.cols;
    this.players = rd.players;
    this.names = root.playernames || [];
    this.vr2 = rd.viewradius2 || 77;
    const ends = rd.ants.map(a => a[3] - 1);
    this.T = root.game_length !== undefined ? root.game_length : Math.max(0, ...ends);
    this.water = new Uint8Array(this.rows * this.cols);
    rd.map.data.forEach((line, r) => {
      for (let c = 0; c < this.cols; c++) if (line[c] === "%") this.water[r * this.cols + c] = 1;
    });
    this.ants = rd.ants.map(([r, c, spawn, end, owner, moves]) => {
      const pos = new Int32Array(moves.length + 1);
      pos[0] = r * this.cols + c;
      for (let k = 0; k < moves.length; k++) {
        const d = DIRS[moves[k]];
        if (d) { r = (r + d[0] + this.rows) % this.rows; c = (c + d[1] + this.cols) % this.cols; }
        pos[k + 1] = r * this.cols + c;
      }
      return { spawn, end, owner, pos };
    });
    this.food = rd.food || [];
    this.hills = rd.hills || [];
    this.scores = this.pad(rd.scores || []);
    this.antCounts = [];
    for (let p = 0; p < this.players; p++) this.antCounts.push(new Array(this.T + 1).fill(0));
    for (const a of this.ants) {
      for (let t = a.spawn; t < Math.min(a.end, this.T + 1); t++) this.antCounts[a.owner][t]++;
    }
    const offs = [];
    const rad = Math.floor(Math.sqrt(this.vr2));
    for (let dr = -rad; dr <= rad; dr++)
      for (let dc = -rad; dc <= rad; dc++) if (dr * dr + dc * dc <= this.vr2) offs.push([dr, dc]);
    this.viewOffsets = offs;
  }

  /** Extends every per-player history to T+1 entries with its last value. */
  pad(lists) {
    return lists.map(l => {
      const out = l.slice(0, this.T + 1);
      while (out.length < this.T + 1) out.push(out.length ? out[out.length - 1] : 0);
      return out;
    });
  }

  /** Living ants after turn t: [{cell, owner}]. */
  antsAt(t) {
    const out = [];
    for (const a of this.ants) if (a.spawn <= t && t < a.end) out.push({ cell: a.pos[t - a.spawn], owner: a.owner });
    return out;
  }

  /** Ants that died in turn t, at their death square. */
  deadAt(t) {
    const out = [];
    for (const a of this.ants) if (a.end === t && t <= this.T) out.push({ cell: a.pos[Math.min(t - a.spawn, a.pos.length - 1)], owner: a.owner });
    return out;
  }

  /** Food on the map after turn t. */
  foodAt(t) {
    return this.food.filter(f => f[2] <= t && t < f[3]).map(f => f[0] * this.cols + f[1]);
  }

  /** Hills with a flag whether they are razed by turn t. */
  hillsAt(t) {
    return this.hills.map(([r, c, owner, end]) => ({ cell: r * this.cols + c, owner, razed: end <= t }));
  }

  /** Cells player p sees after turn t. */
  visible(p, t) {
    const vis = new Uint8Array(this.rows * this.cols);
    for (const a of this.antsAt(t)) {
      if (a.owner !== p) continue;
      const r0 = Math.floor(a.cell / this.cols), c0 = a.cell % this.cols;
      for (const [dr, dc] of this.viewOffsets) {
        vis[((r0 + dr + this.rows) % this.rows) * this.cols + ((c0 + dc + this.cols) % this.cols)] = 1;
      }
    }
    return vis;
  }
}

const view = { replay: null, viz: null, vizOn: [], turn: 0, playing: false, timer: null, cell: 6 };

function load(text) {
  const rep = new AntsReplay(text);
  view.replay = rep;
  setViz(null);
  view.turn = 0;
  view.cell = Math.max(2, Math.floor(Math.min(900 / rep.cols, 640 / rep.rows)));
  const board = $("board");
  board.width = rep.cols * view.cell;
  board.height = rep.rows * view.cell;
  $("seek").max = rep.T;
  const fog = $("fog");
  fog.length = 1;
  for (let p = 0; p < rep.players; p++) fog.add(new Option(`player ${p} ${rep.names[p] || ""}`, p));
  const st = rep.root.status || [];
  const sc = rep.root.score || [];
  $("info").textContent = `${rep.rows}×${rep.cols}, ${rep.players} players, ${rep.T} turns` +
    (rep.rd.cutoff ? `, ended by ${rep.rd.cutoff}` : "") +
    (sc.length ? ` — final ${sc.map((s, p) => `${rep.names[p] || "p" + p}: ${s} (${st[p] || ""})`).join(", ")}` : "");
  draw();
}

function draw() {
  const rep = view.replay;
  if (!rep) return;
  const t = view.turn, cs = view.cell, cols = rep.cols;
  const ctx = $("board").getContext("2d");
  const xy = cell => [(cell % cols) * cs, Math.floor(cell / cols) * cs];
  ctx.fillStyle = "#d9c9a3";
  ctx.fillRect(0, 0, rep.cols * cs, rep.rows * cs);
  ctx.fillStyle = "#1f4e8c";
  for (let i = 0; i < rep.water.length; i++) if (rep.water[i]) { const [x, y] = xy(i); ctx.fillRect(x, y, cs, cs); }
  for (const h of rep.hillsAt(t)) {
    const [x, y] = xy(h.cell);
    const hs = Math.max(cs, 6);
    ctx.fillStyle = h.razed ? "#777" : PLAYER_COLORS[h.owner % 10];
    ctx.globalAlpha = 0.45;
    ctx.fillRect(x + cs / 2 - hs, y + cs / 2 - hs, 2 * hs, 2 * hs);
    ctx.globalAlpha = 1;
    ctx.strokeStyle = "#000";
    if (h.razed) { ctx.beginPath(); ctx.moveTo(x - hs / 2, y - hs / 2); ctx.lineTo(x + cs + hs / 2, y + cs + hs / 2); ctx.stroke(); }
  }
  ctx.lineWidth = 1;
  ctx.fillStyle = "#fff";
  for (const f of rep.foodAt(t)) { const [x, y] = xy(f); ctx.fillRect(x + cs / 4, y + cs / 4, cs / 2, cs / 2); }
  const ants = rep.antsAt(t);
  for (const a of ants) {
    const [x, y] = xy(a.cell);
    ctx.fillStyle = PLAYER_COLORS[a.owner % 10];
    ctx.beginPath(); ctx.arc(x + cs / 2, y + cs / 2, cs / 2, 0, 2 * Math.PI); ctx.fill();
  }
  ctx.lineWidth = Math.max(1, cs / 5);
  for (const d of rep.deadAt(t)) {
    const [x, y] = xy(d.cell);
    ctx.strokeStyle = PLAYER_COLORS[d.owner % 10];
    ctx.beginPath(); ctx.moveTo(x, y); ctx.lineTo(x + cs, y + cs); ctx.moveTo(x + cs, y); ctx.lineTo(x, y + cs); ctx.stroke();
  }
  ctx.lineWidth = 1;
  const fogPlayer = Number($("fog").value);
  if (fogPlayer >= 0) {
    const vis = rep.visible(fogPlayer, t);
    ctx.fillStyle = "rgba(0,0,0,0.55)";
    for (let i = 0; i < vis.length; i++) if (!vis[i]) { const [x, y] = xy(i); ctx.fillRect(x, y, cs, cs); }
  }
  drawViz(ctx, t, fogPlayer);
  $("turn").textContent = `turn ${t} / ${rep.T}`;
  $("seek").value = t;
  const counts = new Array(rep.players).fill(0);
  for (const a of ants) counts[a.owner]++;
  $("counts").innerHTML = "";
  counts.forEach((n, p) => {
    const s = document.createElement("span");
    s.dataset.player = p;
    s.innerHTML = `<i class="swatch" style="background:${PLAYER_COLORS[p % 10]}"></i>`;
    s.append(`${rep.names[p] || "p" + p}: ${n} ants, score ${rep.scores[p] ? rep.scores[p][t] : "?"}`);
    $("counts").appendChild(s);
  });
  const series = v => v.map((values, p) => ({ color: PLAYER_COLORS[p % 10], values }));
  lineChart($("scores"), series(rep.scores), "score", t);
  lineChart($("antcounts"), series(rep.antCounts), "ants", t);
}

function setTurn(t) {
  if (!view.replay) return;
  view.turn = Math.max(0, Math.min(view.replay.T, t));
  draw();
}

function setPlaying(on) {
  view.playing = on;
  $("play").textContent = on ? "⏸" : "▶";
  clearInterval(view.timer);
  if (on) {
    view.timer = setInterval(() => {
      if (!view.replay || view.turn >= view.replay.T) return setPlaying(false);
      setTurn(view.turn + 1);
    }, 1000 / (2 * Number($("speed").value)));
  }
}

$("first").onclick = () => setTurn(0);
$("prev").onclick = () => setTurn(view.turn - 1);
$("next").onclick = () => setTurn(view.turn + 1);
$("last").onclick = () => setTurn(view.replay ? view.replay.T : 0);
$("play").onclick = () => setPlaying(!view.playing);
$("speed").onchange = () => view.playing && setPlaying(true);
$("seek").oninput = ev => setTurn(Number(ev.target.value));
$("fog").onchange = draw;
document.addEventListener("keydown", ev => {
  if (ev.target.tagName === "INPUT" || ev.target.tagName === "SELECT") return;
  if (ev.key === "ArrowRight") setTurn(view.turn + 1);
  else if (ev.key === "ArrowLeft") setTurn(view.turn - 1);
  else if (ev.key === " ") { ev.preventDefault(); setPlaying(!view.playing); }
});
$("local").onchange = async ev => {
  try { load((await readLocalFile(ev.target)).text); } catch (e) { showError(e); }
};
$("board").onmousemove = ev => {
  const rep = view.replay, tip = $("tip");
  if (!rep) return;
  const c = Math.floor(ev.offsetX / view.cell), r = Math.floor(ev.offsetY / view.cell);
  const cell = r * rep.cols + c;
  const lines = [`(${r}, ${c})${rep.water[cell] ? " water" : ""}`];
  for (const a of rep.antsAt(view.turn)) if (a.cell === cell) lines.push(`ant of ${rep.names[a.owner] || "p" + a.owner}`);
  for (const p of vizPlayersShown(Number($("fog").value))) {
    const d = view.viz.at(view.turn, p);
    for (const text of (d && d.notes.get(cell)) || []) lines.push(`${rep.names[p] || "p" + p}: ${text}`);
  }
  tip.textContent = lines.join("\n");
  tip.style.display = "block";
  tip.style.left = ev.clientX + 12 + "px";
  tip.style.top = ev.clientY + 12 + "px";
};

/** The players whose drawings are shown: the switched-on ones, only the fog player's in a fog view. */
function vizPlayersShown(fogPlayer) {
  if (!view.viz) return [];
  const out = [];
  for (let p = 0; p < view.vizOn.length; p++) if (view.vizOn[p] && (fogPlayer < 0 || fogPlayer === p)) out.push(p);
  return out;
}

/** Draws the shown players' drawings of turn t and their counts. */
function drawViz(ctx, t, fogPlayer) {
  const rep = view.replay, info = $("vizinfo");
  info.textContent = "";
  if (!view.viz) return;
  const parts = [];
  for (const p of vizPlayersShown(fogPlayer)) {
    const d = view.viz.at(t, p);
    if (!d) continue;
    drawVizShapes(ctx, d.shapes, rep.rows, rep.cols, view.cell);
    let notes = 0;
    for (const list of d.notes.values()) notes += list.length;
    parts.push(`${rep.names[p] || "p" + p}: ${d.shapes.length} drawn, ${notes} notes` +
      (d.skipped ? `, ${d.skipped} malformed skipped` : "") + (d.dropped ? `, ${d.dropped} dropped by the engine` : ""));
  }
  info.textContent = parts.length ? "bot drawings — " + parts.join("; ") : "";
}

/** Sets the drawings layer (or none) and one on/off box per player. */
function setViz(layer) {
  view.viz = layer;
  const box = $("vizplayers");
  box.textContent = "";
  const n = layer ? Math.max(layer.players, view.replay ? view.replay.players : 0) : 0;
  view.vizOn = new Array(n).fill(true);
  if (!layer) return;
  box.append("drawings:");
  for (let p = 0; p < n; p++) {
    const label = document.createElement("label");
    const cb = document.createElement("input");
    cb.type = "checkbox";
    cb.checked = true;
    cb.id = `viz-${p}`;
    cb.dataset.player = p;
    cb.onchange = () => { view.vizOn[p] = cb.checked; draw(); };
    label.append(cb, `p${p}`);
    label.title = view.replay && view.replay.names[p] ? view.replay.names[p] : `player ${p}`;
    label.style.color = PLAYER_COLORS[p % 10];
    box.append(" ", label);
  }
}

/** The URL of the drawings beside a replay (null: the page has none, as the ladder's). */
let vizUrl = path => "/api/ants/visualizer?replay=" + encodeURIComponent(path);

/** Loads NAME.visualizer.json beside the replay: none (204/404) is no layer, a bad one an error. */
async function loadViz(path) {
  const url = vizUrl(path);
  if (!url || !view.replay) return;
  const res = await fetch(url);
  if (res.status === 204 || res.status === 404) return;
  const text = await res.text();
  if (!res.ok) throw new Error(text || res.statusText);
  setViz(new VizLayer(text, view.replay.rows, view.replay.cols));
  draw();
}

$("board").onmouseleave = () => { $("tip").style.display = "none"; };

(async () => {
  try {
    const path = param("open");
    if (path) load(await fetchFile(path));
    else if (param("local")) load(sessionStorage.getItem("botforge-local") || "");
    if (view.replay && param("fog") !== null) { $("fog").value = param("fog"); }
    if (view.replay && param("turn") !== null) setTurn(Number(param("turn")));
    // The bots' drawings, stored beside the replay as NAME.visualizer.json.
    if (path && view.replay) await loadViz(path);
  } catch (e) { showError(e); }
})();
