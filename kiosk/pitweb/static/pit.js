// The pit page's one script (written for this page, no library): the tiles follow the
// server's event stream. Each message is one tile's new HTML; the browser's EventSource
// reconnects by itself and sends the last event id (table:seq), so the server sends what the
// page missed.
"use strict";
(function () {
  var tiles = document.getElementById("tiles");
  if (!tiles || !window.EventSource) { return; }
  var live = document.getElementById("live");
  function mark(on) {
    if (!live) { return; }
    live.textContent = on ? tiles.dataset.live : tiles.dataset.off;
    live.className = on ? "live on" : "live off";
  }
  var source = new EventSource(tiles.dataset.events);
  source.onopen = function () { mark(true); };
  source.onerror = function () { mark(false); };
  source.addEventListener("tile", function (message) {
    var data = JSON.parse(message.data);
    var holder = document.createElement("div");
    holder.innerHTML = data.html;
    var fresh = holder.firstElementChild;
    var old = document.getElementById(data.id);
    if (!fresh) {
      if (old) { old.remove(); }  // a table retired from the pit
      return;
    }
    if (old) {
      old.replaceWith(fresh);
    } else {
      tiles.appendChild(fresh);
    }
  });
  source.addEventListener("ended", function () {
    source.close();
    window.location.href = "/login?expired=1";
  });
}());
