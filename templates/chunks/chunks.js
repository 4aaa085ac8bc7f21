// A page in chunks (chatrender's ChunkedPage): the turns between the first chunk and the last
// are scripts of the page's folder, chunks/N.js, each calling window.crChunk(N, markup). A chunk
// is loaded when its placeholder nears the window, or when a link (the list of prompts, a turn's
// permalink, a search result, a #cr-t… address) leads into it; then the page goes to the turn.
// To print, every chunk is loaded first ("Print every turn" at the top, or Ctrl+P / ⌘P): a
// printout made another way says on paper which turns it lacks.
(function () {
  "use strict";
  var chat = document.querySelector(".cr-main > .cr-chat");
  if (!chat) return;
  var holders = chat.querySelectorAll(":scope > .cr-chunk[data-cr-chunk]");
  if (!holders.length) return;
  var waiting = {};

  // Which chunk holds turn `index` (the N of #cr-tN), by the ranges on the placeholders.
  var ranges = [];
  for (var i = 0; i < holders.length; i++) {
    var span = holders[i].getAttribute("data-cr-turns").split(" ");
    ranges.push({ number: holders[i].getAttribute("data-cr-chunk"), first: +span[0], last: +span[1] });
  }
  function chunkOf(index) {
    var low = 0, high = ranges.length - 1;
    while (low <= high) {
      var mid = (low + high) >> 1;
      if (index < ranges[mid].first) high = mid - 1;
      else if (index > ranges[mid].last) low = mid + 1;
      else return ranges[mid].number;
    }
    return null;
  }

  // A chunk's markup comes as its groups of turns. Put in place a few a frame (about 8 ms of
  // parsing each), before its placeholder, which keeps the height of the groups still to come:
  // the scrolling never stops for the whole megabyte. A chunk someone waits for (a link into it,
  // printing) is put in place at once.
  function settle(number) {
    chat.dispatchEvent(new CustomEvent("chatrender:turns-added", { bubbles: true }));
    // The turns that came, so the page's script looks again for those alone.
    var range = null;
    for (var r = 0; r < ranges.length; r++) if (ranges[r].number === String(number)) range = [ranges[r].first, ranges[r].last];
    document.dispatchEvent(new CustomEvent("chatrender:page-updated", { detail: range ? { turns: range } : null }));
    var then = waiting[number] || [];
    delete waiting[number];
    then.forEach(function (f) { f(); });
  }
  window.crChunk = function (number, groups) {
    var holder = document.getElementById("cr-chunk-" + number);
    if (!holder || holder.hasAttribute("data-cr-placing")) return;
    holder.setAttribute("data-cr-placing", "");
    if (typeof groups === "string") groups = [groups];
    var at = 0;
    function place() {
      var started = performance.now();
      var urgent = !!waiting[number];
      do {
        var template = document.createElement("template");
        template.innerHTML = groups[at++];
        holder.before(template.content);
      } while (at < groups.length && (urgent || performance.now() - started < 8));
      if (at < groups.length) {
        holder.className = "cr-chunk cr-chunk--g" + (groups.length - at);
        requestAnimationFrame(function () { setTimeout(place, 0); });
        return;
      }
      holder.remove();
      settle(number);
    }
    place();
  };

  function load(number, then) {
    var holder = document.getElementById("cr-chunk-" + number);
    if (!holder) { if (then) then(); return; }
    if (then) (waiting[number] = waiting[number] || []).push(then);
    if (holder.hasAttribute("data-cr-loading")) return;
    holder.setAttribute("data-cr-loading", "");
    holder.setAttribute("aria-busy", "true");
    var script = document.createElement("script");
    script.src = "chunks/" + number + ".js";
    script.onload = function () { script.remove(); };
    script.onerror = function () {
      script.remove();
      holder.removeAttribute("data-cr-loading");
      holder.removeAttribute("aria-busy");
      // Whoever waited goes on without it (the turn is not there; a printout prints its note).
      var then = waiting[number] || [];
      delete waiting[number];
      then.forEach(function (f) { f(); });
    };
    document.head.appendChild(script);
  }

  // Near the window (two screens ahead or behind): loaded.
  if (typeof IntersectionObserver === "function") {
    var near = new IntersectionObserver(function (entries) {
      entries.forEach(function (entry) {
        if (!entry.isIntersecting) return;
        near.unobserve(entry.target);
        load(entry.target.getAttribute("data-cr-chunk"));
      });
    }, { rootMargin: "200% 0px" });
    for (var h = 0; h < holders.length; h++) near.observe(holders[h]);
  }

  // A turn's address not on the page yet: its chunk is loaded, then the page goes to it (and its
  // heading takes focus, as a followed link's target would).
  function reach(id) {
    var match = /^cr-t(\d+)/.exec(id);
    if (!match || document.getElementById(id)) return false;
    var number = chunkOf(+match[1]);
    if (number === null) return false;
    load(number, function () {
      var target = document.getElementById(id);
      if (!target) return;
      // Followed as an address, so the turn is the page's :target as a link's would be (a
      // second hashchange finds it on the page and does nothing more).
      if (decodeURIComponent(location.hash.slice(1)) !== id) location.hash = "#" + id;
      else target.scrollIntoView({ block: "start" });
      var heading = document.getElementById(id.replace(/-h$/, "") + "-h");
      if (heading) {
        if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
        heading.focus({ preventScroll: true });
      }
    });
    return true;
  }
  document.addEventListener("click", function (event) {
    var link = event.target instanceof Element ? event.target.closest("a[href^='#cr-t']") : null;
    if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    var id = link.getAttribute("href").slice(1);
    if (!reach(id)) return;
    event.preventDefault();
  }, true);
  window.addEventListener("hashchange", function () { reach(decodeURIComponent(location.hash.slice(1))); });
  if (location.hash) reach(decodeURIComponent(location.hash.slice(1)));

  // Printing: the chunks not loaded yet are loaded (a few at a time, in order), then the page is
  // printed whole. The button says it is busy meanwhile; a second press waits for the same load.
  var printButton = document.querySelector(".cr-print-all");
  var printing = false;
  function unloaded() {
    return Array.prototype.map.call(chat.querySelectorAll(":scope > .cr-chunk[data-cr-chunk]"), function (h) {
      return h.getAttribute("data-cr-chunk");
    });
  }
  function printAll() {
    if (printing) return;
    var left = unloaded();
    if (!left.length) { window.print(); return; }
    printing = true;
    var label = printButton ? printButton.textContent : "";
    if (printButton) {
      printButton.setAttribute("aria-disabled", "true");
      printButton.textContent = printButton.getAttribute("data-cr-busy") || label;
    }
    var next = 0, running = 0;
    function finish() {
      printing = false;
      if (printButton) { printButton.removeAttribute("aria-disabled"); printButton.textContent = label; }
      // Once the chunks' markup is laid out. A chunk that failed to load prints its note.
      requestAnimationFrame(function () { requestAnimationFrame(function () { window.print(); }); });
    }
    function done() { running--; more(); }
    function more() {
      while (running < 4 && next < left.length) {
        running++;
        load(left[next++], done);
      }
      if (!running && next >= left.length) finish();
    }
    more();
  }
  if (printButton) {
    printButton.hidden = false;
    printButton.addEventListener("click", function () {
      if (printButton.getAttribute("aria-disabled") !== "true") printAll();
    });
  }
  document.addEventListener("keydown", function (event) {
    if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey || (event.key !== "p" && event.key !== "P")) return;
    if (!unloaded().length) return;
    event.preventDefault();
    printAll();
  });
})();
