// Wumpus page: steps through a game trace; the true world (pits, wumpi, gold) is drawn
// with the hunter's knowledge (safe / breeze / possible pit / possible wumpus) over it.
"use strict";

const W = { trace: null, i: 0, timer: null };
const ARROW = { North: "▲", East: "▶", South: "▼", West: "◀", N: "▲", E: "▶", S: "▼", W: "◀" };

function cellIndex(w, x, y) { return y * w.width + x; }

function draw() {
  const t = W.trace;
  if (!t) return;
  const w = t.world, st = t.steps[W.i], k = st.knowledge;
  const cv = $("board"), ctx = cv.getContext("2d");
  const cs = Math.max(12, Math.floor(600 / Math.max(w.width, w.height)));
  cv.width = w.width * cs; cv.height = w.height * cs;
  ctx.textAlign = "center"; ctx.textBaseline = "middle";
  for (let y = 0; y < w.height; y++) for (let x = 0; x < w.width; x++) {
    const tile = w.tiles[cellIndex(w, x, y)];
    let fill = tile === "Wall" ? "#333" : "#eee";
    const kc = k && k.cells[y * k.width + x];
    if (tile !== "Wall" && kc) {
      if (kc.possible_wumpus) fill = "#fb6";
      else if (kc.possible_pit || kc.certain_pit) fill = "#fdd";
      else if (kc.breeze) fill = "#9cf";
      else if (kc.safe || kc.visited) fill = "#cfc";
      else fill = "#888";
    }
    ctx.fillStyle = fill; ctx.fillRect(x * cs, y * cs, cs - 1, cs - 1);
    ctx.fillStyle = "#000"; ctx.font = `${Math.floor(cs * 0.45)}px sans-serif`;
    if (tile === "Pit") ctx.fillText("P", x * cs + cs / 2, y * cs + cs / 2);
    if (kc && kc.visited) { ctx.fillStyle = "#060"; ctx.fillRect(x * cs + 2, y * cs + 2, 4, 4); }
  }
  ctx.fillStyle = "#b80"; ctx.font = `bold ${Math.floor(cs * 0.45)}px sans-serif`;
  ctx.fillText("G", w.gold[0] * cs + cs / 2, w.gold[1] * cs + cs / 2);
  for (const wu of st.wumpi) {
    ctx.fillStyle = wu.alive ? "#c00" : "#999";
    ctx.fillText("W", wu.pos[0] * cs + cs / 2, wu.pos[1] * cs + cs / 2);
  }
  ctx.fillStyle = "#00c"; ctx.font = `bold ${Math.floor(cs * 0.6)}px sans-serif`;
  ctx.fillText(ARROW[st.heading] || "●", st.hunter[0] * cs + cs / 2, st.hunter[1] * cs + cs / 2);
  $("turn").textContent = `step ${W.i} / ${t.steps.length - 1}`;
  $("seek").value = String(W.i);
  const p = st.observation.percept;
  const felt = ["breeze", "stench", "glitter", "bump", "rumble", "scream"].filter(n => p[n]);
  $("percept").textContent = `action ${st.action || "—"} · percepts: ${felt.join(", ") || "none"} · radar ${JSON.stringify(p.radar)}`;
  $("status").textContent = `${w.name || "world"} ${w.width}×${w.height}, agent ${t.agent}, seed ${t.seed}; result ${t.result.outcome}, score ${t.result.score}`;
  $("notes").innerHTML = "";
  for (const n of (k && k.notes) || []) { const li = document.createElement("li"); li.textContent = n; $("notes").appendChild(li); }
}

function setStep(i) {
  if (!W.trace) return;
  W.i = Math.max(0, Math.min(W.trace.steps.length - 1, i));
  draw();
}

function setPlaying(on) {
  clearInterval(W.timer); W.timer = null;
  $("play").textContent = on ? "⏸" : "▶";
  if (on) W.timer = setInterval(() => { if (!W.trace || W.i >= W.trace.steps.length - 1) setPlaying(false); else setStep(W.i + 1); }, 200);
}

async function load(query) {
  const res = await fetch("/api/wumpus/trace?" + query);
  if (!res.ok) throw new Error(await res.text());
  W.trace = await res.json();
  $("seek").max = String(W.trace.steps.length - 1);
  showError("");
  setStep(0);
}

function generated() {
  return new URLSearchParams({ seed: $("seed").value, preset: $("preset").value, agent: $("agent").value }).toString();
}

$("generate").onclick = () => load(generated()).catch(showError);
$("first").onclick = () => setStep(0);
$("prev").onclick = () => setStep(W.i - 1);
$("next").onclick = () => setStep(W.i + 1);
$("last").onclick = () => setStep(W.trace ? W.trace.steps.length - 1 : 0);
$("play").onclick = () => setPlaying(!W.timer);
$("seek").oninput = ev => setStep(Number(ev.target.value));
document.addEventListener("keydown", ev => {
  if (ev.target.tagName === "INPUT" || ev.target.tagName === "SELECT") return;
  if (ev.key === "ArrowRight") setStep(W.i + 1);
  else if (ev.key === "ArrowLeft") setStep(W.i - 1);
});

// Fills the bot list from the catalogue; a spec given in the URL (e.g. with parameters,
// `champion(win_chance=0.5)`) is added as one more entry.
async function fillBots() {
  const res = await fetch("/api/wumpus/bots");
  if (!res.ok) throw new Error(await res.text());
  const sel = $("agent");
  sel.innerHTML = "";
  for (const b of await res.json()) {
    const o = document.createElement("option");
    o.value = o.textContent = b.name;
    o.title = b.about;
    sel.appendChild(o);
  }
  const want = param("agent");
  if (want !== null && ![...sel.options].some(o => o.value === want)) {
    const o = document.createElement("option");
    o.value = o.textContent = want;
    sel.appendChild(o);
  }
  sel.value = want !== null ? want : "champion";
}

(async () => {
  try {
    await fillBots();
    for (const n of ["seed", "preset", "agent"]) if (param(n) !== null) $(n).value = param(n);
    const path = param("open");
    if (path) await load(new URLSearchParams({ path, seed: $("seed").value, agent: $("agent").value }).toString());
    else if (param("seed") !== null) await load(generated());
    if (W.trace && param("turn") !== null) setStep(Number(param("turn")));
  } catch (e) { showError(e); }
})();
