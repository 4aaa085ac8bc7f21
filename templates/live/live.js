// A watched session's page (chatrender render --watch): loads each update as it is written and
// puts it in place, keeping the reader where they are. An update is a script of the page's own
// folder, live/N.js (a file: page may load scripts where it may not fetch), that calls
// window.crLive(N, update) with the markup of what changed. <html data-cr-live="N"> names the
// first update the page does not hold yet; the page on disk is rewritten with every update, so a
// reload starts from the newest.
(function () {
  "use strict";
  var doc = document.documentElement;
  var next = parseInt(doc.getAttribute("data-cr-live") || "", 10);
  if (!(next > 0)) return;
  var loading = false, stopped = false, asked = 0, missed = 0;
  var INTERVAL = 400;

  function ask() {
    if (loading || stopped) return;
    loading = true;
    var script = document.createElement("script");
    // A new address each time: a missing update is asked for again, never taken from a cache.
    script.src = "live/" + next + ".js?" + (++asked);
    script.onload = function () { script.remove(); loading = false; missed = 0; if (!stopped) window.setTimeout(ask, 0); };
    script.onerror = function () {
      script.remove();
      loading = false;
      // Now and then, whether the folder still keeps the update asked for (see crLiveFirst).
      if (++missed % 5 === 0) {
        var first = document.createElement("script");
        first.src = "live/first.js?" + (++asked);
        first.onload = first.onerror = function () { first.remove(); };
        document.head.appendChild(first);
      }
    };
    document.head.appendChild(script);
  }
  // The folder keeps the last updates only: a page further behind (a laptop asleep) reloads the
  // page on disk, which holds every turn.
  window.crLiveFirst = function (first) {
    if (!stopped && next < first) window.location.reload();
  };
  var timer = window.setInterval(ask, INTERVAL);
  ask();

  // What the reader sees at the top of the window: a turn (by its id), and how far down it is.
  function anchor() {
    var x = Math.round(window.innerWidth / 2);
    for (var y = 1; y < window.innerHeight; y += 48) {
      var hit = document.elementFromPoint(x, y);
      var turn = hit && hit.closest ? hit.closest(".cr-turn[id]") : null;
      if (turn) return { id: turn.id, top: turn.getBoundingClientRect().top };
    }
    return null;
  }

  // Parts the reader opened (details with an id) stay open in the markup that replaces them.
  function openIn(nodes) {
    var ids = [];
    nodes.forEach(function (node) {
      if (!(node instanceof Element)) return;
      if (node.matches("details[open][id]")) ids.push(node.id);
      var inner = node.querySelectorAll("details[open][id]");
      for (var i = 0; i < inner.length; i++) ids.push(inner[i].id);
    });
    return ids;
  }
  function reopen(ids) {
    ids.forEach(function (id) {
      var details = document.getElementById(id);
      if (details && details.tagName === "DETAILS") details.open = true;
    });
  }
  // The list of prompts and the overview keep their open state by class.
  function openClasses(nodes) {
    var open = {};
    nodes.forEach(function (node) {
      if (!(node instanceof Element)) return;
      var all = node.matches("details") ? [node] : [];
      all = all.concat(Array.prototype.slice.call(node.querySelectorAll("details[class]")));
      all.forEach(function (d) { if (d.className) open[d.className] = d.open; });
    });
    return open;
  }
  function restoreClasses(nodes, open) {
    nodes.forEach(function (node) {
      if (!(node instanceof Element)) return;
      var all = node.matches("details") ? [node] : [];
      all = all.concat(Array.prototype.slice.call(node.querySelectorAll("details[class]")));
      all.forEach(function (d) { if (d.className in open) d.open = open[d.className]; });
    });
  }
  // Replaces `nodes` with `html`, put where `place` says relative to `reference`.
  function replace(nodes, html, reference, place) {
    var open = openClasses(nodes);
    nodes.forEach(function (node) { node.remove(); });
    var template = document.createElement("template");
    template.innerHTML = html;
    var added = Array.prototype.slice.call(template.content.childNodes);
    if (place === "before") reference.before(template.content);
    else if (place === "after") reference.after(template.content);
    else reference.append(template.content);
    restoreClasses(added, open);
    return added;
  }
  function siblings(start, forward) {
    var list = [];
    for (var n = start; n; n = forward ? n.nextSibling : n.previousSibling) list.push(n);
    return list;
  }

  // What changed, said through the page's one live region (chatrender.js's window.crAnnounce).
  function announce(message) {
    if (message && typeof window.crAnnounce === "function") window.crAnnounce(message);
  }

  window.crLive = function (number, update) {
    if (number !== next || !update) return;
    next = number + 1;
    var head = document.querySelector(".cr-page-head");
    var main = document.querySelector(".cr-main");
    var chat = main ? main.querySelector(":scope > .cr-chat") : null;
    if (!head || !main || !chat) return;
    var place = anchor();
    var focused = document.activeElement;
    doc.setAttribute("data-cr-live-updated", "");

    document.title = update.title;
    var title = head.querySelector(".cr-title");
    if (title) title.textContent = update.title;
    var last = head.querySelector(":scope > .cr-theme-switch") || title;
    replace(last ? siblings(last.nextSibling, true) : [], update.facts, head, "end");
    replace(siblings(chat.previousSibling, false), update.before, chat, "before");
    replace(siblings(chat.nextSibling, true), update.after, chat, "after");

    // The turns from group `from` on (all of them from 0).
    var groups = chat.querySelectorAll(":scope > .cr-turns");
    var removed = update.from > 0 && groups[update.from] ? siblings(groups[update.from], true)
      : update.from > 0 && groups.length ? [] : siblings(chat.firstChild, true);
    var open = openIn(removed);
    removed.forEach(function (node) { node.remove(); });
    var template = document.createElement("template");
    template.innerHTML = update.turns;
    chat.append(template.content);
    reopen(open);

    // Back where the reader was: the turn at the top of the window, as far down as before.
    if (place) {
      var turn = document.getElementById(place.id);
      if (turn) window.scrollBy(0, turn.getBoundingClientRect().top - place.top);
    }
    if (focused && focused !== document.body && !focused.isConnected) {
      var again = focused.id ? document.getElementById(focused.id) : null;
      if (again) again.focus({ preventScroll: true });
    }
    chat.dispatchEvent(new CustomEvent("chatrender:turns-added", { bubbles: true }));
    document.dispatchEvent(new CustomEvent("chatrender:page-updated"));
    announce(update.said);
    if (!update.watching) {
      stopped = true;
      window.clearInterval(timer);
      doc.removeAttribute("data-cr-live");
    }
  };
})();
