// The ladder pages (recent games, ranking, a player, the maps, one map, how to join), drawn
// from the JSON under /api/ladder/. The page polls /api/ladder/status and draws itself
// again when a game was stored, so it follows the server without a reload.
"use strict";

/** How often the page asks whether a game was stored (ms). */
const POLL_MS = 2000;
/** Prefix of a house bot's seat name. */
const HOUSE = "house:";

/** GET url as JSON; throws with the server's message. */
async function getJson(url) {
  const res = await fetch(url);
  let body = null;
  try { body = await res.json(); } catch (_) { /* not JSON */ }
  if (!res.ok) {
    const err = new Error((body && body.error) || `${url}: ${res.status} ${res.statusText}`);
    err.status = res.status;
    throw err;
  }
  return body;
}

/** An element with attributes and children (strings become text). */
function el(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null) continue;
    if (k === "dataset") Object.assign(e.dataset, v);
    else e.setAttribute(k, v);
  }
  for (const c of children) if (c !== null && c !== undefined) e.append(c);
  return e;
}

const num = (x, d = 2) => (typeof x === "number" ? x.toFixed(d) : "");
const shortName = name => (name.startsWith(HOUSE) ? name.slice(HOUSE.length) : name);
const playerUrl = name => "/player/" + encodeURIComponent(name);
const mapUrl = name => "/map/" + encodeURIComponent(name);

/** A link to a player's page; a house bot is marked as such. */
function playerLink(name) {
  const a = el("a", { href: playerUrl(name), class: "player" }, shortName(name));
  if (!name.startsWith(HOUSE)) return a;
  return el("span", {}, a, el("span", { class: "tag", title: "a bot run by the server" }, "house bot"));
}

/** The query parameter `page` (1 when absent). */
const pageParam = () => Math.max(1, Number(param("page")) || 1);

/** Links to the other pages of a paged list. */
function pager(data) {
  const box = el("p", { class: "pager" });
  if (data.pages <= 1) return box;
  const link = (p, text) => (p === data.page || p < 1 || p > data.pages)
    ? el("span", {}, text) : el("a", { href: "?page=" + p }, text);
  box.append(link(data.page - 1, "« newer/better"), `page ${data.page} of ${data.pages}`, " ", link(data.page + 1, "older/lower »"));
  return box;
}

/** The table of games (newest first): players with score (status, rank and skill on hover). */
function gamesTable(games) {
  const body = el("tbody");
  for (const g of games) {
    const seats = el("td");
    g.seats.forEach((s, i) => {
      seats.append(el("span", {
        class: "seat",
        dataset: { player: s.player, seat: i },
        title: `${shortName(s.player)}${s.house ? " (house bot)" : ""}: ${s.status}, rank ${s.rank + 1}, ` +
          `skill ${num(s.skill)} (mu ${num(s.mu)}, sigma ${num(s.sigma)})`,
      }, el("i", { class: "swatch", style: `background:${PLAYER_COLORS[i % 10]}` }), playerLink(s.player), " ", el("b", {}, String(s.score))));
    });
    body.append(el("tr", { dataset: { game: g.id } },
      el("td", { class: "num" }, String(g.id)),
      seats,
      el("td", { class: "num" }, String(g.turns)),
      el("td", {}, g.outcome),
      el("td", {}, g.played_at),
      el("td", {}, el("a", { href: mapUrl(g.map) }, g.map)),
      el("td", {}, g.replay ? el("a", { href: "/replay/" + g.id, class: "replay" }, "replay") : "—")));
  }
  return el("table", { class: "games" },
    el("thead", {}, el("tr", {}, ...["game", "players (score)", "turns", "ended by", "date (UTC)", "map", ""].map(h => el("th", {}, h)))),
    body);
}

/** The explanation shown while the store has no games. */
function emptyNote(data) {
  if (data.state === "missing") return "No games yet: the results database does not exist yet. Finished games appear here as they are stored.";
  if (data.games_total === 0) return "No games yet. Finished games appear here as they are stored.";
  return "";
}

const views = {
  async games(view) {
    const data = await getJson("/api/ladder/games?page=" + pageParam());
    view.append(el("h2", {}, "Recent games"));
    if (data.games.length) view.append(gamesTable(data.games), pager(data));
    return data;
  },

  async ranking(view) {
    const data = await getJson("/api/ladder/ranking?page=" + pageParam());
    view.append(el("h2", {}, "Ranking"),
      el("p", { class: "note" }, "TrueSkill as on the 2011 servers (mu 50, sigma 50/3, beta 50/6, tau 50/300, draws 0.05), recomputed from every stored game; skill = mu − 3·sigma."));
    const body = el("tbody");
    for (const r of data.ranking) {
      body.append(el("tr", { dataset: { player: r.player } },
        el("td", { class: "num" }, String(r.rank)),
        el("td", {}, playerLink(r.player)),
        el("td", { class: "num" }, num(r.skill)),
        el("td", { class: "num" }, num(r.mu)),
        el("td", { class: "num" }, num(r.sigma)),
        el("td", { class: "num" }, String(r.games)),
        el("td", {}, r.last_seen)));
    }
    if (data.ranking.length) {
      view.append(el("table", { id: "ranking" },
        el("thead", {}, el("tr", {}, ...["rank", "player", "skill", "mu", "sigma", "games", "last seen"].map(h => el("th", {}, h)))),
        body), pager(data));
    }
    return data;
  },

  async player(view, name) {
    const data = await getJson("/api/ladder/player/" + encodeURIComponent(name) + "?page=" + pageParam());
    document.title = `${shortName(name)} — botforge ladder`;
    view.append(el("h2", {}, shortName(name), data.house ? el("span", { class: "tag" }, "house bot") : null));
    const r = data.rating;
    if (r) {
      view.append(el("table", { id: "rating" },
        el("tr", {}, ...["rank", "skill", "mu", "sigma", "games", "wins", "last seen"].map(h => el("th", {}, h))),
        el("tr", {}, el("td", { class: "num" }, String(r.rank)), el("td", { class: "num" }, num(r.skill)),
          el("td", { class: "num" }, num(r.mu)), el("td", { class: "num" }, num(r.sigma)),
          el("td", { class: "num" }, String(r.games)), el("td", { class: "num" }, String(r.wins)), el("td", {}, r.last_seen))));
    }
    if (data.history.length > 1) {
      const chart = el("canvas", { id: "skill", width: 600, height: 160 });
      view.append(el("p", {}, chart));
      lineChart(chart, [{ color: PLAYER_COLORS[2], values: data.history.map(h => Number(h.skill.toFixed(2))) }], "skill after each game");
    }
    view.append(el("h3", {}, "Games"), gamesTable(data.games), pager(data));
    return data;
  },

  async maps(view) {
    const data = await getJson("/api/ladder/maps");
    view.append(el("h2", {}, "Maps"));
    if (data.error) view.append(el("p", { class: "error" }, data.error));
    if (!data.maps.length) {
      view.append(el("p", { class: "note" }, "The server's map folder holds no maps."));
      return null;
    }
    const body = el("tbody");
    for (const m of data.maps) {
      body.append(el("tr", { dataset: { map: m.name } }, el("td", {}, el("a", { href: mapUrl(m.name) }, m.name)),
        el("td", { class: "num" }, String(m.players)), el("td", { class: "num" }, `${m.rows}×${m.cols}`),
        el("td", { class: "num" }, String(m.games))));
    }
    view.append(el("table", { id: "maps" },
      el("thead", {}, el("tr", {}, ...["map", "players", "size", "games here"].map(h => el("th", {}, h)))), body));
    return null;
  },

  async map(view, name) {
    const data = await getJson("/api/ladder/map/" + encodeURIComponent(name));
    document.title = `${name} — botforge ladder`;
    view.append(el("h2", {}, name), el("p", { id: "mapinfo" }, `${data.players} players, ${data.rows}×${data.cols}`));
    const canvas = el("canvas", { id: "map" });
    view.append(el("p", {}, canvas));
    drawMap(canvas, data);
    if (data.recent.length) view.append(el("h3", {}, "Latest games on this map"), gamesTable(data.recent));
    return null;
  },

  async howto(view) {
    const h = await getJson("/api/ladder/howto");
    // A server listening on every interface (0.0.0.0) is reached under this page's host.
    const host = h.unspecified ? window.location.hostname : h.host;
    const tcp = `python3 tcpclient.py ${host} ${h.port} "BOT COMMAND" NAME PASSWORD [ROUNDS]`;
    const ours = `botforge ants online --host ${host} --port ${h.port} --name NAME --password PW [--rounds K] BOT`;
    const script = h.client_script
      ? el("span", {}, "Download it here: ", el("a", { href: "/tcpclient.py", id: "client" }, "tcpclient.py"),
        " (the client of the 2011 ants-tcp project).")
      : el("span", {}, "It is not shipped with botforge: it is clients/tcpclient.py of the 2011 ants-tcp project, ",
        el("a", { href: "https://github.com/berak/ants-tcp" }, "github.com/berak/ants-tcp"), " (Python 2 or 3).");
    view.append(
      el("h2", {}, "How to join"),
      el("p", {}, `The game server listens on ${host}:${h.port}. Every connection plays one game; ` +
        "the first login with a name registers it with its password, later logins must give the same password. " +
        "Names and passwords: letters, digits and _, at most 32 characters each."),
      el("h3", {}, "With the 2011 client, tcpclient.py"),
      el("pre", { class: "cmd", id: "tcpclient-cmd" }, tcp),
      el("p", {}, "BOT COMMAND starts your bot (it speaks the official Ants protocol on stdin/stdout), e.g. ",
        el("code", {}, `python3 tcpclient.py ${host} ${h.port} "python3 MyBot.py" alice secret 10`),
        ". ROUNDS is the number of games to play one after another (default 1). ", script),
      el("h3", {}, "With botforge"),
      el("pre", { class: "cmd", id: "online-cmd" }, ours),
      el("p", {}, "BOT is any Ants bot of botforge (", el("code", {}, "botforge ants bots"), " lists them), e.g. ",
        el("code", {}, `botforge ants online --host ${host} --port ${h.port} --name alice --password secret champion`),
        ", or ", el("code", {}, "cmd:COMMAND"), " for your own program."),
      el("p", {}, "Each finished game appears on the ", el("a", { href: "/" }, "games page"), " with its replay, and in the ",
        el("a", { href: "/ranking" }, "ranking"), "."));
    return null;
  },
};

/** Draws a map: land, water, hills (player colours), food and ants. */
function drawMap(canvas, m) {
  const cs = Math.max(2, Math.floor(Math.min(900 / m.cols, 640 / m.rows)));
  canvas.width = m.cols * cs;
  canvas.height = m.rows * cs;
  canvas.dataset.cell = cs;
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#d9c9a3";
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  m.data.forEach((line, r) => {
    for (let c = 0; c < line.length; c++) {
      const ch = line[c];
      const x = c * cs, y = r * cs;
      if (ch === "%") { ctx.fillStyle = "#1f4e8c"; ctx.fillRect(x, y, cs, cs); }
      else if (ch >= "0" && ch <= "9") { ctx.fillStyle = PLAYER_COLORS[ch.charCodeAt(0) - 48]; ctx.fillRect(x, y, cs, cs); }
      else if (ch >= "A" && ch <= "J") { ctx.fillStyle = PLAYER_COLORS[ch.charCodeAt(0) - 65]; ctx.fillRect(x, y, cs, cs); }
      else if (ch === "*") { ctx.fillStyle = "#fff"; ctx.fillRect(x + cs / 4, y + cs / 4, cs / 2, cs / 2); }
      else if (ch >= "a" && ch <= "j") {
        ctx.fillStyle = PLAYER_COLORS[ch.charCodeAt(0) - 97];
        ctx.beginPath(); ctx.arc(x + cs / 2, y + cs / 2, cs / 2, 0, 2 * Math.PI); ctx.fill();
      }
    }
  });
}

/** Which view the address names, and its argument. */
function route() {
  const path = window.location.pathname;
  const arg = prefix => decodeURIComponent(path.slice(prefix.length));
  if (path === "/ranking") return ["ranking"];
  if (path === "/maps") return ["maps"];
  if (path === "/howto") return ["howto"];
  if (path.startsWith("/player/")) return ["player", arg("/player/")];
  if (path.startsWith("/map/")) return ["map", arg("/map/")];
  if (path === "/" || path === "") return ["games"];
  return [null];
}

/** The status the page was last drawn for. */
let drawnFor = null;
/** Counts every drawing (tests wait for it). */
let renders = 0;

/** Draws the view of the address into #view; returns when it is on screen. */
async function render(status) {
  const [name, arg] = route();
  const view = $("view");
  const fresh = el("div");
  try {
    if (!name) throw new Error("no such page: " + window.location.pathname);
    await views[name](fresh, arg);
    $("note").textContent = status ? emptyNote(status) : "";
    showError(status && status.error ? status.error : "");
    view.replaceChildren(...fresh.childNodes);
  } catch (e) {
    view.replaceChildren(...fresh.childNodes);
    showError(e);
  }
  drawnFor = status ? statusKey(status) : null;
  renders++;
}

const statusKey = s => JSON.stringify([s.state, s.error, s.games_total, s.last]);

/** Asks whether a game was stored; draws the page again if so. */
async function poll() {
  try {
    const s = await getJson("/api/ladder/status");
    if (statusKey(s) !== drawnFor) await render(s);
  } catch (e) {
    showError(e);
  }
  setTimeout(poll, POLL_MS);
}

(async () => {
  let status = null;
  try { status = await getJson("/api/ladder/status"); } catch (e) { showError(e); }
  await render(status);
  setTimeout(poll, POLL_MS);
})();
