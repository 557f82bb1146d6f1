// Economy page: a human (player 0, "Spieler") against search agents on the server, laid
// out like the thesis's GUI: merchant table, activities, player tables, executable
// activities (click to choose), "Next round", agent panels and the goal popup.
"use strict";

const E = { game: null, choice: null, tick: null, shownGoal: false, at: 0 };

function rows(tbody, list, cells, onRow) {
  const body = document.querySelector(tbody);
  body.innerHTML = "";
  for (const item of list) {
    const tr = document.createElement("tr");
    for (const c of cells(item)) { const td = document.createElement("td"); td.textContent = String(c); tr.appendChild(td); }
    if (onRow) onRow(tr, item);
    body.appendChild(tr);
  }
}

function render(g) {
  E.game = g; E.at = performance.now();
  const v = g.view;
  $("round").textContent = `round ${v.round} / ${v.max_rounds}` + (g.over ? " (game over)" : "");
  $("youlast").textContent = g.you_last || "";
  rows("#merchant tbody", v.merchant, m => [m.item, m.stock, m.price, m.prediction.toFixed(1)]);
  E.choice = null;
  $("choice").textContent = "(choice: skip — click a row)";
  rows("#executable tbody", v.executable, a => [a.name, a.effects, a.preconditions], (tr, a) => {
    tr.className = "exe"; tr.dataset.activity = a.index;
    tr.onclick = () => {
      E.choice = a.index;
      document.querySelectorAll("#executable tr").forEach(r => r.classList.remove("chosen"));
      tr.classList.add("chosen");
      $("choice").textContent = `(choice: ${a.name})`;
    };
  });
  rows("#activities tbody", v.activities, a => [a.name, a.effects, a.preconditions]);
  const pl = $("players");
  pl.innerHTML = "";
  v.players.forEach((p, i) => {
    const d = document.createElement("div");
    d.className = "panel"; d.dataset.player = i;
    const kv = [["gold", p.gold], ["score", p.total_score], ["round", p.round], ...p.items, ...p.attributes];
    d.innerHTML = `<b>${p.name}</b>${p.finished ? ` — goal reached in ${p.rounds_to_goal} rounds` : ""}<br>`;
    const t = document.createElement("table");
    const r1 = document.createElement("tr"), r2 = document.createElement("tr");
    for (const [k, val] of kv) { const th = document.createElement("th"); th.textContent = k; r1.appendChild(th); const td = document.createElement("td"); td.textContent = val; r2.appendChild(td); }
    t.append(r1, r2); d.appendChild(t); pl.appendChild(d);
  });
  const ap = $("agentpanels");
  ap.innerHTML = "";
  for (const a of g.agents) {
    const d = document.createElement("div");
    d.className = "panel";
    d.textContent = `${a.name}: last activity ${a.last || "—"}; search: ${a.expanded ?? "—"} expansions, ${a.nodes ?? "—"} nodes, depth ${a.depth ?? "—"}${a.goal_found ? ", goal found" : ""}`;
    ap.appendChild(d);
  }
  $("nextround").disabled = g.over;
  const me = v.players[0];
  if (me.finished && !E.shownGoal) {
    E.shownGoal = true;
    $("goaltext").textContent = `You reached the goal${v.goal_gold ? ` (${v.goal_gold} gold)` : ""} in ${me.rounds_to_goal} rounds.`;
    $("goal").style.display = "block";
  }
}

function tick() {
  const g = E.game;
  if (!g || g.over) { $("timer").textContent = ""; return; }
  const left = Math.max(0, g.left_ms - (performance.now() - E.at));
  $("timer").textContent = left > 0 ? `agents think: ${(left / 1000).toFixed(1)} s` : "agents ready";
}

// Splits "gold, game-analyzer(max_expansions=30,max_ms=5)" at the commas outside parentheses.
function splitSpecs(text) {
  const out = [];
  let depth = 0, start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "(") depth++;
    else if (c === ")") depth = Math.max(0, depth - 1);
    else if (c === "," && depth === 0) { out.push(text.slice(start, i)); start = i + 1; }
  }
  out.push(text.slice(start));
  return out.map(s => s.trim()).filter(Boolean);
}

async function post(url, body) {
  const res = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(await res.text());
  return res.json();
}

async function start() {
  const agents = splitSpecs($("agents").value);
  E.shownGoal = false;
  render(await post("/api/economy/new", { agents, round_ms: Number($("roundms").value) || 2000, seed: Number($("seed").value) || 0, world: param("open") || undefined }));
  showError("");
  clearInterval(E.tick); E.tick = setInterval(tick, 100);
}

async function nextRound() {
  const g = E.game;
  if (!g) return;
  $("nextround").disabled = true;
  try { render(await post(`/api/economy/game/${g.id}/next`, { round: g.view.round, activity: E.choice })); }
  finally { $("nextround").disabled = E.game.over; }
}

$("start").onclick = () => start().catch(showError);
$("nextround").onclick = () => nextRound().catch(showError);
$("goalok").onclick = () => { $("goal").style.display = "none"; };
(async () => {
  try {
    const ratings = await (await fetch("/api/economy/bots")).json();
    $("agents").title = "bots, comma-separated: " + ratings.map(r => r.name).join(", ");
    if (param("agents") !== null) $("agents").value = param("agents");
    if (param("roundms") !== null) $("roundms").value = param("roundms");
    if (param("start") !== null || param("open") !== null) await start();
  } catch (e) { showError(e); }
})();
