// Shared functions for the viewer pages.
"use strict";

/** The value of a query parameter of the page URL. */
function param(name) {
  return new URLSearchParams(window.location.search).get(name);
}

/** The URL fetchFile reads `path` from (a page may set its own, as the ladder's replays). */
let fileUrl = path => "/api/file?path=" + encodeURIComponent(path);

/** Fetches a file below the viewer root as text; throws with the server's message. */
async function fetchFile(path) {
  const res = await fetch(fileUrl(path));
  const text = await res.text();
  if (!res.ok) throw new Error(text || res.statusText);
  return text;
}

/** Reads a file chosen in an <input type=file>. */
function readLocalFile(input) {
  return new Promise((resolve, reject) => {
    const f = input.files[0];
    if (!f) return reject(new Error("no file chosen"));
    const r = new FileReader();
    r.onload = () => resolve({ name: f.name, text: r.result });
    r.onerror = () => reject(r.error);
    r.readAsText(f);
  });
}

/** Shows an error message in the element with id "error". */
function showError(e) {
  const el = document.getElementById("error");
  if (el) el.textContent = String(e && e.message ? e.message : e);
}

/** Distinct colours for up to 10 players. */
const PLAYER_COLORS = ["#e6194b", "#3cb44b", "#4363d8", "#f58231", "#911eb4",
  "#42d4f4", "#f032e6", "#bfef45", "#9A6324", "#808000"];

/** Draws simple line series on a canvas: series = [{color, values}], x = index. */
function lineChart(canvas, series, title, marker) {
  const ctx = canvas.getContext("2d");
  const w = canvas.width, h = canvas.height, pad = 28;
  ctx.clearRect(0, 0, w, h);
  let n = 1, lo = 0, hi = 1;
  for (const s of series) {
    n = Math.max(n, s.values.length);
    for (const v of s.values) { lo = Math.min(lo, v); hi = Math.max(hi, v); }
  }
  const x = i => pad + (w - pad - 6) * i / Math.max(1, n - 1);
  const y = v => h - pad + (pad + 6 - h) * (v - lo) / Math.max(1e-9, hi - lo);
  ctx.strokeStyle = "#999"; ctx.beginPath(); ctx.moveTo(pad, 6); ctx.lineTo(pad, h - pad); ctx.lineTo(w - 6, h - pad); ctx.stroke();
  ctx.fillStyle = "#333"; ctx.font = "11px sans-serif";
  ctx.fillText(title, pad + 4, 14); ctx.fillText(String(hi), 2, 12); ctx.fillText(String(lo), 2, h - pad);
  for (const s of series) {
    ctx.strokeStyle = s.color; ctx.beginPath();
    s.values.forEach((v, i) => (i ? ctx.lineTo(x(i), y(v)) : ctx.moveTo(x(i), y(v))));
    ctx.stroke();
  }
  if (marker !== undefined) {
    ctx.strokeStyle = "#000"; ctx.beginPath(); ctx.moveTo(x(marker), 6); ctx.lineTo(x(marker), h - pad); ctx.stroke();
  }
}

/** The element with the given id. */
const $ = id => document.getElementById(id);
