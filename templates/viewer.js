// The full-screen photo viewer: open a photo from its grid, pinch / double-tap / Ctrl+wheel /
// +-0 keys to zoom (up to 4x), drag or arrow keys to pan when zoomed, swipe or arrow keys between
// the photos of that turn, Esc or Close to leave. A native modal <dialog>: focus moves in, stays
// in, and returns to the photo. Before opening, each photo dispatches a cancelable, bubbling
// "chatrender:open-image" event; a host page that cancels it shows the photo its own way.
(function () {
  "use strict";
  // The page's words: data-cr-strings on <html> (from the string table, see docs/locales.md);
  // without it the page is in English, the words written here.
  var words = {};
  try { words = JSON.parse(document.documentElement.getAttribute("data-cr-strings") || "{}") || {}; } catch (e) { words = {}; }
  function say(key, english, values) {
    var text = typeof words[key] === "string" ? words[key] : english;
    return text.replace(/\{(\w+)\}/g, function (m, name) { return values && name in values ? String(values[name]) : m; });
  }
  if (typeof HTMLDialogElement !== "function") return;  // links still open the display images
  var MAX = 4, STEP = 1.5, DOUBLE = 2.5;
  var SVG = "http://www.w3.org/2000/svg";
  var dialog, stage, image, title, prev, next;
  var photos = [], index = 0, opener = null;
  var scale = 1, tx = 0, ty = 0;
  var pointers = new Map(), gesture = null, lastTap = 0;

  function icon(d) {
    var svg = document.createElementNS(SVG, "svg");
    svg.setAttribute("class", "cr-icon"); svg.setAttribute("viewBox", "0 0 24 24");
    svg.setAttribute("fill", "none"); svg.setAttribute("stroke", "currentColor");
    svg.setAttribute("stroke-width", "1.6"); svg.setAttribute("stroke-linecap", "round");
    svg.setAttribute("aria-hidden", "true");
    var path = document.createElementNS(SVG, "path");
    path.setAttribute("d", d);
    svg.appendChild(path);
    return svg;
  }
  function rtl() { return getComputedStyle(dialog || document.documentElement).direction === "rtl"; }
  function button(cls, label, d) {
    var b = document.createElement("button");
    b.type = "button"; b.className = "cr-viewer-button " + cls;
    b.setAttribute("aria-label", label);
    b.appendChild(icon(d));
    return b;
  }

  function build() {
    dialog = document.createElement("dialog");
    dialog.className = "cr-viewer";
    dialog.setAttribute("aria-labelledby", "cr-viewer-title");
    var bar = document.createElement("div");
    bar.className = "cr-viewer-bar";
    title = document.createElement("h2");
    title.className = "cr-viewer-title"; title.id = "cr-viewer-title";
    var close = button("cr-viewer-close", say("close", "Close"), "M6 6l12 12M18 6L6 18");
    close.addEventListener("click", function () { dialog.close(); });
    bar.appendChild(title); bar.appendChild(close);
    stage = document.createElement("div");
    stage.className = "cr-viewer-stage";
    image = document.createElement("img");
    image.className = "cr-viewer-image"; image.alt = ""; image.draggable = false;
    stage.appendChild(image);
    prev = button("cr-viewer-step cr-viewer-prev", say("previousPhoto", "Previous photo"), "M14.5 5.5L8 12l6.5 6.5");
    next = button("cr-viewer-step cr-viewer-next", say("nextPhoto", "Next photo"), "M9.5 5.5L16 12l-6.5 6.5");
    prev.addEventListener("click", function () { show(index - 1); });
    next.addEventListener("click", function () { show(index + 1); });
    dialog.appendChild(stage); dialog.appendChild(bar); dialog.appendChild(prev); dialog.appendChild(next);
    document.body.appendChild(dialog);
    dialog.addEventListener("close", function () {
      image.removeAttribute("src");
      if (opener && document.contains(opener)) opener.focus();
    });
    dialog.addEventListener("keydown", onKey);
    stage.addEventListener("pointerdown", onDown);
    stage.addEventListener("pointermove", onMove);
    stage.addEventListener("pointerup", onUp);
    stage.addEventListener("pointercancel", onUp);
    stage.addEventListener("dblclick", function (e) { toggleZoom(e.clientX, e.clientY); });
    stage.addEventListener("wheel", onWheel, { passive: false });
  }

  // Zoom and pan: translate(tx, ty) scale(s) around the stage's centre, clamped so the photo
  // never leaves a gap at an edge it overflows.
  function apply() {
    var r = stage.getBoundingClientRect();
    var w = image.offsetWidth * scale, h = image.offsetHeight * scale;
    var mx = Math.max(0, (w - r.width) / 2), my = Math.max(0, (h - r.height) / 2);
    tx = Math.min(mx, Math.max(-mx, tx));
    ty = Math.min(my, Math.max(-my, ty));
    image.style.transform = scale === 1 ? "" : "translate(" + tx + "px, " + ty + "px) scale(" + scale + ")";
    if (scale > 1) dialog.setAttribute("data-zoomed", ""); else dialog.removeAttribute("data-zoomed");
    dialog.setAttribute("data-scale", String(Math.round(scale * 100) / 100));
  }
  function zoomTo(target, cx, cy) {
    var s = Math.min(MAX, Math.max(1, target));
    var r = stage.getBoundingClientRect();
    var px = (cx === undefined ? r.left + r.width / 2 : cx) - (r.left + r.width / 2);
    var py = (cy === undefined ? r.top + r.height / 2 : cy) - (r.top + r.height / 2);
    tx = px - (px - tx) * (s / scale);
    ty = py - (py - ty) * (s / scale);
    scale = s;
    if (s === 1) { tx = 0; ty = 0; }
    apply();
  }
  function toggleZoom(x, y) { zoomTo(scale > 1 ? 1 : DOUBLE, x, y); }

  // The display image: data-cr-display, or the link itself on a single-file page (which writes
  // each inlined image once).
  function display(link) { return link.getAttribute("data-cr-display") || link.getAttribute("href"); }

  function show(i) {
    if (i < 0 || i >= photos.length) return;
    index = i;
    var link = photos[i];
    var thumb = link.querySelector("img");
    scale = 1; tx = 0; ty = 0; apply();
    // Start from the thumbnail already on screen; swap to the display image once it loads.
    image.src = thumb && thumb.currentSrc ? thumb.currentSrc : display(link);
    image.width = Number(link.getAttribute("data-cr-display-width")) || 0;
    image.height = Number(link.getAttribute("data-cr-display-height")) || 0;
    var full = new Image();
    full.onload = function () { if (index === i) image.src = full.src; };
    full.src = display(link);
    title.textContent = say("photoOf", "{name}, {number} of {count}",
      { name: link.getAttribute("data-cr-name") || say("photo", "Photo"), number: i + 1, count: photos.length });
    prev.disabled = i === 0;
    next.disabled = i === photos.length - 1;
  }

  function open(link) {
    var list = link.closest(".cr-photos");
    photos = list ? Array.prototype.slice.call(list.querySelectorAll("a[data-cr-photo]")) : [link];
    opener = link;
    if (!dialog) build();
    show(Math.max(0, photos.indexOf(link)));
    dialog.showModal();
    dialog.querySelector(".cr-viewer-close").focus();
  }

  function onKey(e) {
    var pan = 80;
    switch (e.key) {
      case "+": case "=": zoomTo(scale * STEP); break;
      case "-": case "_": zoomTo(scale / STEP); break;
      case "0": zoomTo(1); break;
      // Right to left, the next photo is to the left, as its button is.
      case "ArrowLeft": if (scale > 1) { tx += pan; apply(); } else show(rtl() ? index + 1 : index - 1); break;
      case "ArrowRight": if (scale > 1) { tx -= pan; apply(); } else show(rtl() ? index - 1 : index + 1); break;
      case "ArrowUp": if (scale > 1) { ty += pan; apply(); } else return; break;
      case "ArrowDown": if (scale > 1) { ty -= pan; apply(); } else return; break;
      default: return;
    }
    e.preventDefault();
  }

  function onWheel(e) {
    // Ctrl+wheel is both the mouse gesture and what trackpad pinches arrive as.
    if (!e.ctrlKey) return;
    e.preventDefault();
    zoomTo(scale * Math.exp(-e.deltaY * 0.01), e.clientX, e.clientY);
  }

  function onDown(e) {
    stage.setPointerCapture(e.pointerId);
    pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pointers.size === 2) {
      var p = Array.from(pointers.values());
      gesture = { kind: "pinch", d: Math.hypot(p[0].x - p[1].x, p[0].y - p[1].y), s: scale };
      dialog.setAttribute("data-pinching", "");
    } else if (pointers.size === 1) {
      gesture = { kind: "drag", x: e.clientX, y: e.clientY, tx: tx, ty: ty, moved: false };
    }
  }
  function onMove(e) {
    if (!pointers.has(e.pointerId) || !gesture) return;
    pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (gesture.kind === "pinch" && pointers.size === 2) {
      var p = Array.from(pointers.values());
      var d = Math.hypot(p[0].x - p[1].x, p[0].y - p[1].y);
      zoomTo(gesture.s * d / gesture.d, (p[0].x + p[1].x) / 2, (p[0].y + p[1].y) / 2);
    } else if (gesture.kind === "drag") {
      var dx = e.clientX - gesture.x, dy = e.clientY - gesture.y;
      if (Math.abs(dx) + Math.abs(dy) > 4) gesture.moved = true;
      if (scale > 1) {
        dialog.setAttribute("data-dragging", "");
        tx = gesture.tx + dx; ty = gesture.ty + dy; apply();
      }
    }
  }
  function onUp(e) {
    if (!pointers.has(e.pointerId)) return;
    pointers.delete(e.pointerId);
    dialog.removeAttribute("data-dragging");
    dialog.removeAttribute("data-pinching");
    if (gesture && gesture.kind === "drag" && pointers.size === 0) {
      var dx = e.clientX - gesture.x;
      if (scale === 1 && gesture.moved && Math.abs(dx) > 50) {
        show((dx < 0) !== rtl() ? index + 1 : index - 1);  // swipe between photos (the other way right to left)
      } else if (!gesture.moved && e.pointerType === "touch") {
        var now = Date.now();
        if (now - lastTap < 300) { toggleZoom(e.clientX, e.clientY); lastTap = 0; } else lastTap = now;
      }
    }
    if (pointers.size === 0) gesture = null;
  }

  document.addEventListener("click", function (e) {
    var link = e.target instanceof Element ? e.target.closest("a[data-cr-photo]") : null;
    if (!link || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    var turn = link.closest("[data-message-id]");
    var list = link.closest(".cr-photos");
    var all = list ? Array.prototype.slice.call(list.querySelectorAll("a[data-cr-photo]")) : [link];
    var event = new CustomEvent("chatrender:open-image", {
      bubbles: true, cancelable: true,
      detail: {
        messageId: turn ? turn.getAttribute("data-message-id") : null,
        attachmentId: link.getAttribute("data-attachment-id"),
        index: all.indexOf(link),
        src: display(link)
      }
    });
    if (link.dispatchEvent(event)) open(link);
  });
})();
