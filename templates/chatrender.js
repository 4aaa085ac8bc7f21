// chatrender page script: progressive enhancement only; the page reads fully without it.
// No dependencies; every event bubbles so a host page can listen.
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
  var root = document.documentElement;
  var KEY = "chatrender-theme";

  // Appearance switch: CSS already follows the radios; remember the choice and mirror it
  // as data-theme so host pages can read it.
  function applyTheme(value) {
    if (value === "light" || value === "dark") root.setAttribute("data-theme", value);
    else root.removeAttribute("data-theme");
  }
  var saved = null;
  try { saved = window.localStorage.getItem(KEY); } catch (e) { saved = null; }
  if (saved === "light" || saved === "dark") {
    var radio = document.getElementById("cr-theme-" + saved);
    if (radio) { radio.checked = true; applyTheme(saved); }
  }
  document.addEventListener("change", function (event) {
    var target = event.target;
    if (!target || target.name !== "cr-theme") return;
    applyTheme(target.value);
    try { window.localStorage.setItem(KEY, target.value); } catch (e) { /* storage off: fine */ }
  });

  document.addEventListener("click", function (event) {
    var target = event.target instanceof Element ? event.target : null;
    if (!target) return;

    // Retry: tell the host page which upload to restart.
    var retry = target.closest("[data-cr-retry]");
    if (retry) {
      event.preventDefault();
      retry.dispatchEvent(new CustomEvent("chatrender:retry-upload", {
        bubbles: true,
        cancelable: true,
        detail: {
          messageId: retry.getAttribute("data-message-id"),
          attachmentId: retry.getAttribute("data-attachment-id")
        }
      }));
      return;
    }

    // Share: the Web Share API where the browser has it, else the link downloads the file.
    var share = target.closest("[data-cr-share]");
    if (share && share.tagName === "BUTTON") {
      event.preventDefault();
      shareInline(share);
      return;
    }
    if (share && typeof navigator.share === "function") {
      event.preventDefault();
      navigator.share({ title: share.getAttribute("data-name") || "", url: share.href }).catch(function () {
        /* dismissed or refused: nothing to do */
      });
    }
  });

  // A single-file page carries its files as data: URLs, which the Web Share API does not take:
  // its Share buttons send the file itself where the browser can, else save it as Open does.
  function shareInline(button) {
    var card = button.closest(".cr-card");
    var open = card ? card.querySelector("a.cr-open[href^='data:']") : null;
    if (!open) return;
    var name = button.getAttribute("data-name") || "file";
    var file = null;
    try { file = fileFromDataURL(open.getAttribute("href"), name); } catch (e) { file = null; }
    if (file && typeof navigator.canShare === "function" && navigator.canShare({ files: [file] })) {
      navigator.share({ files: [file], title: name }).catch(function () { /* dismissed: fine */ });
    } else {
      open.click();
    }
  }
  function fileFromDataURL(url, name) {
    var comma = url.indexOf(",");
    var type = url.slice(5, comma).split(";")[0] || "application/octet-stream";
    var text = atob(url.slice(comma + 1));
    var bytes = new Uint8Array(text.length);
    for (var i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
    return new File([bytes], name, { type: type });
  }

  // The page's one polite live region, made when first needed: copying says its result here,
  // and a watched page's updates too (live.js, through window.crAnnounce).
  var status = null, pending = 0;
  function announce(message) {
    if (!message) return;
    if (!status) {
      status = document.createElement("div");
      status.className = "cr-visually-hidden";
      status.setAttribute("role", "status");
      status.setAttribute("aria-live", "polite");
      document.body.appendChild(status);
    }
    // Emptied first, so the same message twice is said twice; of two at once, the later.
    status.textContent = "";
    window.clearTimeout(pending);
    pending = window.setTimeout(function () { status.textContent = message; }, 50);
  }
  window.crAnnounce = announce;

  // Copy on code blocks: added here, since without the script it could do nothing (the code
  // can still be selected).
  function copyText(text) {
    if (navigator.clipboard && typeof navigator.clipboard.writeText === "function") {
      return navigator.clipboard.writeText(text).catch(function () { return copyBySelection(text); });
    }
    return copyBySelection(text);
  }
  // Older browsers, and pages where the clipboard API is refused: a selected, hidden textarea.
  function copyBySelection(text) {
    return new Promise(function (resolve, reject) {
      var area = document.createElement("textarea");
      area.value = text;
      area.setAttribute("readonly", "");
      area.className = "cr-visually-hidden";
      document.body.appendChild(area);
      area.select();
      var copied = false;
      try { copied = document.execCommand("copy"); } catch (e) { copied = false; }
      document.body.removeChild(area);
      if (copied) resolve(); else reject(new Error("copy refused"));
    });
  }
  // What the script adds to turns: at load, and to the turns a watched session's page receives
  // later (they come with a "chatrender:turns-added" event on their container).
  function enhance(root) {
    // Shown only with this script: without it the button could do nothing, and Open saves the file.
    var buttons = root.querySelectorAll("button[data-cr-share][hidden]");
    for (var b = 0; b < buttons.length; b++) buttons[b].hidden = false;
    var blocks = root.querySelectorAll("figure.cr-code:not(.cr-code--copy)");
    for (var c = 0; c < blocks.length; c++) {
      var copy = document.createElement("button");
      copy.type = "button";
      copy.className = "cr-code-copy";
      copy.setAttribute("aria-label", say("copyCode", "Copy code"));
      copy.textContent = say("copy", "Copy");
      blocks[c].classList.add("cr-code--copy");
      blocks[c].insertBefore(copy, blocks[c].querySelector(":scope > pre, :scope > .cr-numbered-rows"));
    }
  }
  enhance(document);
  document.addEventListener("chatrender:turns-added", function (event) {
    if (event.target instanceof Element) enhance(event.target);
  });
  document.addEventListener("click", function (event) {
    var target = event.target instanceof Element ? event.target : null;
    var button = target ? target.closest("button.cr-code-copy") : null;
    if (!button) return;
    var code = button.parentNode.querySelector("pre:not(.cr-numbered-gutter) code");
    if (!code) return;
    copyText(code.textContent).then(function () {
      button.textContent = say("copied", "Copied");
      announce(say("copied", "Copied"));
      window.setTimeout(function () { button.textContent = say("copy", "Copy"); }, 2000);
    }, function () {
      announce(say("copyFailed", "Copy failed: select the code to copy it"));
    });
  });
  // A turn's link (#cr-t97), opened cold or followed on the page: the browser jumps to the turn,
  // but turns off screen are laid out only as they near the window (content-visibility), each
  // then taking its real height in place of its estimate. The stylesheet lays out what sits right
  // above the turn with it; anything further up that settles after the jump would push the turn
  // away where the browser has no scroll anchoring (Safari before 27). So the turn is held where
  // the browser put it until the page has loaded and that place has held for a moment since (at
  // most five seconds in all), and never against the reader: a wheel, touch, key or click ends
  // it. A place the browser restores (reload, Back, Forward) is not where it jumped to, and is
  // left alone.
  // What the stylesheet's `:has(:target)` rules do when there is no script, done here where
  // they would cost a third of a long page's time to open (see `cr-chat--at-target` and
  // `cr-before-target` in chatrender.css): opened at a fragment, the first turns are drawn
  // without their entrance, and what sits right above the target is laid out with it. Marked
  // now, while the page is still being parsed and before the browser jumps; before a link on
  // the page is followed (its click comes before the jump); and again whenever the fragment
  // changes (Back, Forward, a typed one).
  var marked = [];
  function markTarget(id) {
    for (var m = 0; m < marked.length; m++) marked[m].element.classList.remove(marked[m].name);
    marked = [];
    function mark(element, name) { element.classList.add(name); marked.push({ element: element, name: name }); }
    var target = id ? document.getElementById(id) : null;
    if (!target) return;
    var chats = document.querySelectorAll(".cr-chat");
    for (var c = 0; c < chats.length; c++) mark(chats[c], "cr-chat--at-target");
    var group = target.parentElement ? target.parentElement.closest(".cr-turns") : null;
    var above = group ? group.previousElementSibling : null;
    if (above && above.classList.contains("cr-turns")) mark(above, "cr-before-target");
    if (target.classList.contains("cr-turn") && target.parentElement && target.parentElement.classList.contains("cr-chat")) {
      for (var t = target.previousElementSibling; t; t = t.previousElementSibling) {
        if (t.classList.contains("cr-turn")) mark(t, "cr-before-target");
      }
    }
  }
  function fragment(hash) {
    try { return decodeURIComponent(hash.slice(1)); } catch (e) { return ""; }
  }
  markTarget(fragment(location.hash));
  window.addEventListener("hashchange", function () { markTarget(fragment(location.hash)); });
  document.addEventListener("click", function (event) {
    var link = event.target instanceof Element ? event.target.closest("a[href*='#']") : null;
    if (!link || !link.hash || link.href.split("#")[0] !== location.href.split("#")[0]) return;
    markTarget(fragment(link.hash));
  }, true);

  var navigation = window.performance && performance.getEntriesByType ? performance.getEntriesByType("navigation")[0] : null;
  var stopHolding = null;
  if (!navigation || navigation.type === "navigate") holdTarget();
  window.addEventListener("hashchange", holdTarget);

  function holdTarget() {
    if (stopHolding) stopHolding();  // one turn held at a time: the latest link's
    var id = "";
    try { id = decodeURIComponent(location.hash.slice(1)); } catch (e) { return; }
    var target = id ? document.getElementById(id) : null;
    if (!target) return;
    var inputs = ["wheel", "touchstart", "keydown", "mousedown"];
    var stopped = false, held = null, steady = 0, frames = 0;
    function stop() { stopped = true; }
    function end() {
      inputs.forEach(function (type) { window.removeEventListener(type, stop, { capture: true }); });
      if (stopHolding === stop) stopHolding = null;
    }
    inputs.forEach(function (type) { window.addEventListener(type, stop, { passive: true, capture: true }); });
    stopHolding = stop;
    // Where the jump puts the target: its scroll margin below the window's top, or lower when the
    // page ends first.
    function jumpedTo(top) {
      var margin = parseFloat(window.getComputedStyle(target).scrollMarginTop) || 0;
      var atEnd = window.scrollY + window.innerHeight >= root.scrollHeight - 1;
      return Math.abs(top - margin) <= 1 || (atEnd && top > margin);
    }
    function step() {
      if (stopped || ++frames > 300) return end();
      var top = target.getBoundingClientRect().top;
      if (held === null) {
        // The jump comes once the page is parsed; a place not reached in half a second is not one.
        if (jumpedTo(top)) held = top;
        else if (frames > 30) return end();
      } else if (Math.abs(top - held) > 1) {
        target.scrollIntoView({ block: "start" });
        held = target.getBoundingClientRect().top;
        steady = 0;
      } else if (document.readyState === "complete" && ++steady >= 15) {
        return end();
      }
      window.requestAnimationFrame(step);
    }
    window.requestAnimationFrame(step);
  }

  // A long conversation (see PromptIndex): "Back to top" and "Jump to latest" float at the
  // window's corner, each while it is of use, and the table of contents marks the prompt being
  // read. Without this script both are plain links: the list at the top, "Back to top" at the end.
  // A watched session's page (render --watch) gets its turns, list and jumps as they are
  // written: they are looked for again on each "chatrender:page-updated".
  var live = document.documentElement.hasAttribute("data-cr-live");
  if (live || document.querySelector(".cr-main > .cr-jump, .cr-toc-list")) longConversation();

  function longConversation() {
    var doc = document.documentElement;
    var reduceMotion = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : null;
    var jumps, toTop, toEnd, tocList, prompts, current;

    // Each prompt's link and turn; a turn in a group of turns is found by its group first, since
    // a group off screen is not laid out and measuring a turn inside it would lay it out. The
    // links are read once per list (a watched page's list is replaced; a page in chunks keeps
    // its own, of up to a hundred thousand prompts): a chunk put in place names its turns
    // (`detail.turns`, first and last), and only those links look for their turn again.
    var entries = [], entriesOf = null;
    function scan(turns) {
      jumps = document.querySelector(".cr-main > .cr-jump");
      tocList = document.querySelector(".cr-toc-list");
      toTop = jumps ? jumps.querySelector(".cr-jump-top") : null;
      toEnd = jumps ? jumps.querySelector(".cr-jump-end") : null;
      if (jumps) jumps.classList.add("cr-jump--float");
      if (tocList !== entriesOf || !turns) {
        if (tocList !== entriesOf && current) { current.removeAttribute("aria-current"); current = null; }
        entriesOf = tocList;
        entries = [];
        var links = tocList ? tocList.querySelectorAll("a[href^='#cr-t']") : [];
        for (var i = 0; i < links.length; i++) {
          var id = links[i].getAttribute("href").slice(1);
          var number = /^cr-t(\d+)$/.exec(id);
          entries.push({ link: links[i], id: id, index: number ? +number[1] : -1, turn: null, group: null });
        }
        turns = null;
      }
      prompts = [];
      for (var k = 0; k < entries.length; k++) {
        var entry = entries[k];
        if (!turns || (entry.index >= turns[0] && entry.index <= turns[1])) {
          entry.turn = document.getElementById(entry.id);
          var parent = entry.turn ? entry.turn.parentElement : null;
          entry.group = parent && parent.classList.contains("cr-turns") ? parent : null;
        }
        if (entry.turn) prompts.push(entry);
      }
      // Opening the list shows the prompt being read in it.
      var details = tocList ? tocList.closest("details") : null;
      if (details && !details.crWatched) {
        details.crWatched = true;
        details.addEventListener("toggle", function () {
          if (!details.open || !current || !tocList) return;
          var list = tocList.getBoundingClientRect(), link = current.getBoundingClientRect();
          tocList.scrollTop += link.top - list.top - (tocList.clientHeight - link.height) / 2;
        });
      }
    }
    scan();
    document.addEventListener("chatrender:page-updated", function (event) {
      scan(event.detail && event.detail.turns);
      schedule();
    });

    // The prompt being read: the last one whose turn starts above a line a third down the window.
    function startsAbove(prompt, line) {
      if (prompt.group) {
        var box = prompt.group.getBoundingClientRect();
        if (box.top > line) return false;
        if (box.bottom <= line) return true;
      }
      return prompt.turn.getBoundingClientRect().top <= line;
    }
    function markCurrent() {
      var line = window.innerHeight / 3;
      var low = 0, high = prompts.length;  // the first prompt that starts below the line
      while (low < high) {
        var mid = (low + high) >> 1;
        if (startsAbove(prompts[mid], line)) low = mid + 1; else high = mid;
      }
      var next = low > 0 ? prompts[low - 1].link : null;
      if (next === current) return;
      if (current) current.removeAttribute("aria-current");
      if (next) next.setAttribute("aria-current", "location");
      current = next;
    }

    var scheduled = false;
    function update() {
      scheduled = false;
      var y = window.scrollY, height = window.innerHeight;
      // Shown once a screen away from the top, or more than a screen from the end.
      if (toTop) toTop.hidden = y < height;
      if (toEnd) toEnd.hidden = doc.scrollHeight - (y + height) < height;
      if (prompts.length) markCurrent();
    }
    function schedule() {
      if (!scheduled) { scheduled = true; window.requestAnimationFrame(update); }
    }
    window.addEventListener("scroll", schedule, { passive: true });
    window.addEventListener("resize", schedule, { passive: true });
    schedule();

    // Smooth only over a short way, and never with Reduce Motion: a smooth scroll across
    // thousands of turns would lay out every one of them on the way.
    function behavior(distance) {
      var reduce = reduceMotion && reduceMotion.matches;
      return !reduce && Math.abs(distance) <= 3 * window.innerHeight ? "smooth" : "auto";
    }
    // The end, held there while turns drawn on arrival settle to their real heights (the last
    // ones are always laid out, so this is a safety net): until the height holds for a few
    // frames, or the reader scrolls on their own.
    var interrupted = false;
    function stop() { interrupted = true; }
    ["wheel", "touchstart", "keydown", "mousedown"].forEach(function (type) {
      window.addEventListener(type, stop, { passive: true, capture: true });
    });
    function scrollToEnd(smooth) {
      var how = smooth ? behavior(doc.scrollHeight - window.innerHeight - window.scrollY) : "auto";
      window.scrollTo({ top: doc.scrollHeight, behavior: how });
      interrupted = false;
      var lastHeight = -1, steady = 0, frames = 0;
      function hold() {
        if (interrupted || frames++ > 120) return;
        var height = doc.scrollHeight;
        var atEnd = window.scrollY + window.innerHeight >= height - 1;
        if (height === lastHeight && atEnd) steady++; else steady = 0;
        lastHeight = height;
        if (steady >= 3) return;
        if (!atEnd && how === "auto") window.scrollTo({ top: height, behavior: "auto" });
        window.requestAnimationFrame(hold);
      }
      if (how === "auto") window.requestAnimationFrame(hold);
      else window.addEventListener("scrollend", function () { how = "auto"; window.requestAnimationFrame(hold); }, { once: true });
    }
    // Keyboard focus follows the jump, so Tab goes on from where the reader now is.
    function focusQuietly(element) {
      if (!element) return;
      if (!element.hasAttribute("tabindex")) element.setAttribute("tabindex", "-1");
      element.focus({ preventScroll: true });
    }

    document.addEventListener("click", function (event) {
      var target = event.target instanceof Element ? event.target.closest(".cr-jump-top, .cr-jump-end, .cr-toc-latest") : null;
      if (!target || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      if (target.classList.contains("cr-jump-top")) {
        focusQuietly(document.querySelector(".cr-title"));
        window.scrollTo({ top: 0, behavior: behavior(window.scrollY) });
      } else {
        var id = target.getAttribute("href").slice(1);
        focusQuietly(document.getElementById(id + "-h"));
        scrollToEnd(true);
      }
    });

    // End and Ctrl+End: the browser's own animated scroll aims at the height the page had when
    // the key went down, and the turns it passes on the way are drawn at their real heights, so
    // it can stop short of the end. Here the page goes to the end at once and is held there.
    // Not when the key is for something else: a field, a region that scrolls on its own (a code
    // block, the list of prompts), or the photo viewer.
    document.addEventListener("keydown", function (event) {
      if (event.key !== "End" || event.defaultPrevented || event.altKey || event.metaKey || event.shiftKey) return;
      if (document.querySelector("dialog[open]")) return;
      for (var node = event.target; node instanceof Element && node !== document.body && node !== doc; node = node.parentElement) {
        if (node.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(node.tagName)) return;
        if (node.scrollHeight > node.clientHeight + 1 && /auto|scroll/.test(window.getComputedStyle(node).overflowY)) return;
      }
      event.preventDefault();
      scrollToEnd(false);
    });
  }
})();
