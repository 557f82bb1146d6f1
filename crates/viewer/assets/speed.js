// spe_ed page: playback of JSON-lines game logs (parsed by the server's speed crate) and
// live games of a human (player 1) against server-side AIs; arrow keys and space answer.
"use strict";

const S = { frames: [], meta: null, i: 0, timer: null, live: null, tick: null, busy: false };
const KEYS = { ArrowRight: "turn_right", ArrowLeft: "turn_left", ArrowUp: "speed_up", ArrowDown: "slow_down", " ": "change_nothing" };

/** Draws one frame: trails in player colours, collisions black/red, heads outlined. */
function drawFrame(f, names, you, actions) {
  const cv = $("board"), ctx = cv.getContext("2d");
  const cs = Math.max(2, Math.floor(Math.min(640 / f.width, 640 / f.height)));
  cv.width = f.width * cs; cv.height = f.height * cs;
  ctx.fillStyle = "#111"; ctx.fillRect(0, 0, cv.width, cv.height);
  for (let i = 0; i < f.cells.length; i++) {
    const v = f.cells[i];
    if (v === 0) continue;
    ctx.fillStyle = v < 0 ? "#ff2020" : PLAYER_COLORS[(v - 1) % 10];
    ctx.fillRect((i % f.width) * cs, Math.floor(i / f.width) * cs, cs - (cs > 3 ? 1 : 0), cs - (cs > 3 ? 1 : 0));
  }
  for (const p of f.players) {
    ctx.strokeStyle = p.active ? "#fff" : "#777"; ctx.lineWidth = p.id === you ? 3 : 1.5;
    ctx.strokeRect(p.x * cs - 1, p.y * cs - 1, cs + 1, cs + 1);
  }
  $("turn").textContent = `round ${f.round}` + (S.live ? "" : ` / ${S.frames.length ? S.frames[S.frames.length - 1].round : "?"}`) + (f.running ? "" : " (game over)");
  const body = document.querySelector("#players tbody");
  body.innerHTML = "";
  f.players.forEach((p, k) => {
    const tr = document.createElement("tr");
    tr.dataset.player = p.id;
    const act = actions ? (Array.isArray(actions) ? actions[k] : (actions[p.id] || {}).action) : null;
    const cells = [p.id, (names && names[k]) || p.name || "", `${p.x},${p.y}`, p.direction, p.speed, p.active ? "active" : "out", act || ""];
    cells.forEach((c, j) => {
      const td = document.createElement("td");
      if (j === 0) td.innerHTML = `<i class="swatch" style="background:${PLAYER_COLORS[(p.id - 1) % 10]}"></i>`;
      td.append(String(c)); tr.appendChild(td);
    });
    if (p.id === you) tr.style.fontWeight = "bold";
    body.appendChild(tr);
  });
}

// ---- playback ----

function showLog(data) {
  stopLive();
  S.frames = data.frames; S.meta = data.meta; S.i = 0;
  $("seek").max = String(S.frames.length - 1);
  const m = S.meta || {};
  $("status").textContent = `${m.game || "log"}: ${m.width}×${m.height}, ${m.num_players} players, winner ${m.winner === null || m.winner === undefined ? "none" : m.winner}`;
  setFrame(0);
}

function logNames() {
  const ps = (S.meta && S.meta.players) || {};
  return S.frames.length ? S.frames[0].players.map(p => { const e = ps[p.id] || {}; return e.ai || e.policy || e.pseudonym || ""; }) : [];
}

function setFrame(i) {
  if (!S.frames.length) return;
  S.i = Math.max(0, Math.min(S.frames.length - 1, i));
  $("seek").value = String(S.i);
  const f = S.frames[S.i];
  drawFrame(f, logNames(), 0, f.actions);
}

function setPlaying(on) {
  clearInterval(S.timer); S.timer = null;
  $("play").textContent = on ? "⏸" : "▶";
  if (on) S.timer = setInterval(() => { if (S.i >= S.frames.length - 1) setPlaying(false); else setFrame(S.i + 1); }, 1000 / Number($("speed").value));
}

async function loadLog(path) {
  const res = await fetch("/api/speed/log?path=" + encodeURIComponent(path));
  if (!res.ok) throw new Error(await res.text());
  showLog(await res.json());
}

async function loadLocal(text) {
  const res = await fetch("/api/speed/log", { method: "POST", body: text });
  if (!res.ok) throw new Error(await res.text());
  showLog(await res.json());
}

// ---- live play ----

function stopLive() { clearInterval(S.tick); S.tick = null; S.live = null; $("deadline").textContent = ""; }

function showLive(v) {
  S.live = v; S.liveAt = performance.now();
  S.frames = [];
  drawFrame(v.frame, v.names, v.you, v.last_actions);
  const me = v.frame.players.find(p => p.id === v.you);
  $("status").textContent = v.frame.running
    ? (me && me.active ? "your move: arrow keys or space" : "you are out; the AIs play on")
    : (v.winner ? `game over: winner ${v.winner} (${v.names[v.winner - 1]})` : "game over: draw");
  $("download").href = `/api/speed/game/${v.id}/log`; $("download").style.display = "";
  if (!v.frame.running) { clearInterval(S.tick); S.tick = null; $("deadline").textContent = ""; }
}

async function send(action) {
  const v = S.live;
  if (!v || !v.frame.running || S.busy) return;
  S.busy = true;
  try {
    const res = await fetch(`/api/speed/game/${v.id}/action`, {
      method: "POST", headers: { "content-type": "application/json" },
      body: JSON.stringify({ round: v.frame.round, action }),
    });
    if (res.ok) showLive(await res.json());
    else if (res.status === 409) showLive(await (await fetch(`/api/speed/game/${v.id}`)).json());
    else throw new Error(await res.text());
  } catch (e) { showError(e); } finally { S.busy = false; }
}

/** Shows the time left; when it runs out (or the human is out) the round is sent without an answer. */
function liveTick() {
  const v = S.live;
  if (!v || !v.frame.running) return;
  const left = Math.max(0, v.deadline_ms - (performance.now() - S.liveAt));
  $("deadline").textContent = `deadline in ${(left / 1000).toFixed(1)} s`;
  const me = v.frame.players.find(p => p.id === v.you);
  if (left <= 0 || !(me && me.active)) send(null);
}

async function startLive() {
  setPlaying(false);
  const ais = $("opponents").value.split(";").map(s => s.trim()).filter(Boolean);
  const res = await fetch("/api/speed/new", {
    method: "POST", headers: { "content-type": "application/json" },
    body: JSON.stringify({ ais, seed: Number($("seed").value) || 0, round_ms: Number($("roundms").value) || 8000 }),
  });
  if (!res.ok) throw new Error(await res.text());
  showError("");
  showLive(await res.json());
  clearInterval(S.tick);
  S.tick = setInterval(liveTick, 100);
}

$("first").onclick = () => setFrame(0);
$("prev").onclick = () => setFrame(S.i - 1);
$("next").onclick = () => setFrame(S.i + 1);
$("last").onclick = () => setFrame(S.frames.length - 1);
$("play").onclick = () => setPlaying(!S.timer);
$("seek").oninput = ev => setFrame(Number(ev.target.value));
$("speed").onchange = () => S.timer && setPlaying(true);
$("start").onclick = () => startLive().catch(showError);
$("local").onchange = async ev => { try { await loadLocal((await readLocalFile(ev.target)).text); } catch (e) { showError(e); } };
document.addEventListener("keydown", ev => {
  if (ev.target.tagName === "INPUT" || ev.target.tagName === "SELECT") return;
  if (S.live && KEYS[ev.key]) { ev.preventDefault(); send(KEYS[ev.key]); }
  else if (!S.live && ev.key === "ArrowRight") setFrame(S.i + 1);
  else if (!S.live && ev.key === "ArrowLeft") setFrame(S.i - 1);
});

(async () => {
  try {
    const lineup = await (await fetch("/api/speed/bots")).json();
    $("opponents").value = param("ais") || "pathfinding(max_speed=2,paths=75); search-tree(depth=2,distance=10)";
    $("opponents").title = "bot specs separated by ';', e.g. pathfinding(max_speed=2,paths=75) — bots: " + lineup.known;
    const path = param("open");
    if (path) await loadLog(path);
    else if (param("local")) await loadLocal(sessionStorage.getItem("botforge-local") || "");
    if (path && param("turn") !== null) setFrame(Number(param("turn")));
  } catch (e) { showError(e); }
})();
