// The ladder's replay page, /replay/<id>: the Ants viewer (ants.js, loaded next) opens the
// stored replay of that game, read through /api/ladder/replay/<id>.
"use strict";
{
  const id = decodeURIComponent(window.location.pathname.split("/").pop());
  fileUrl = path => "/api/ladder/replay/" + encodeURIComponent(path);
  if (param("open") !== id) {
    const q = new URLSearchParams(window.location.search);
    q.set("open", id);
    history.replaceState(null, "", window.location.pathname + "?" + q);
  }
}
