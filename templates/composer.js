// The composers, live: progressive enhancement of the static cards so a designer can feel a theme.
// The field grows, the counter and Send follow the rules, x removes a tile, chips toggle, menus
// open, dictation plays a scripted transcript, Send shows Stop for a moment and clears.
// No dependencies; every event bubbles from the composer so a host page can listen:
//   chatrender:send {composer, text, attachments, model, modes}   (cancelable: keeps the draft)
//   chatrender:stop, chatrender:attach {source}, chatrender:remove-attachment {attachmentId},
//   chatrender:retry-upload {attachmentId, composer: true}, chatrender:model-change {model},
//   chatrender:locked-model {model}, chatrender:mode-change {mode, on}, chatrender:upgrade,
//   chatrender:dictation-start, chatrender:dictation-done {text}, chatrender:dictation-cancel,
//   chatrender:open-settings
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
  // A counted text: the table's form for the count's CLDR plural category (the page's lang),
  // else its "other" form; English's one and other without the table. {count} is the grouped number.
  var plurals = typeof Intl === "object" && Intl.PluralRules ? new Intl.PluralRules(words.$lang || document.documentElement.lang || "en") : null;
  function sayCount(key, one, other, count, values) {
    var forms = words[key] && typeof words[key] === "object" ? words[key] : null;
    var text = forms ? (forms[plurals ? plurals.select(count) : "other"] || forms.other) : (count === 1 ? one : other);
    var all = { count: grouped(count) };
    for (var name in values || {}) all[name] = values[name];
    return say("", text, all);
  }
  var SEND_HOLD_MS = 1500;
  var reduceMotion = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)");

  function emit(el, name, detail, cancelable) {
    return el.dispatchEvent(new CustomEvent("chatrender:" + name, { bubbles: true, cancelable: !!cancelable, detail: detail || {} }));
  }
  function q(root, selector) { return root.querySelector(selector); }
  function qa(root, selector) { return Array.prototype.slice.call(root.querySelectorAll(selector)); }
  function grouped(n) { return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, say("groupSeparator", ",")); }
  function trimmed(text) { return text.replace(/^\s+|\s+$/g, ""); }
  // Characters as a person counts them, as the renderer does (grapheme clusters).
  var segmenter = typeof Intl === "object" && Intl.Segmenter ? new Intl.Segmenter("en", { granularity: "grapheme" }) : null;
  function characters(text) {
    if (!segmenter) return Array.from(text).length;
    var n = 0;
    for (var it = segmenter.segment(text)[Symbol.iterator](), s = it.next(); !s.done; s = it.next()) n++;
    return n;
  }

  // The field grows from one line to six; CSS field-sizing does it where supported.
  var sizesItself = window.CSS && CSS.supports && CSS.supports("field-sizing", "content");
  function grow(field) {
    if (sizesItself || !field) return;
    field.style.height = "auto";
    var max = parseFloat(getComputedStyle(field).maxHeight) || Infinity;
    field.style.height = Math.min(field.scrollHeight, max) + "px";
  }

  // --- Rules (the same as the renderer's) ----------------------------------------------------
  function sendState(c) {
    var kind = c.getAttribute("data-cr-composer");
    var field = q(c, "[data-cr-field]");
    var text = field ? field.value : "";
    if (kind === "attachment") {
      var limit = parseInt(c.getAttribute("data-limit") || "", 10);
      var count = characters(text);
      if (limit && count > limit) {
        var over = count - limit;
        return sayCount("sendOffOver", "Send, off: {count} character over the limit", "Send, off: {count} characters over the limit", over);
      }
      var tiles = qa(c, ".cr-tile");
      if (!trimmed(text) && !tiles.length) return say("sendOffTypeOrAttach", "Send, off until you type a message or add an attachment");
      var up = tiles.filter(function (t) { return t.getAttribute("data-state") === "uploading"; }).length;
      var loading = tiles.filter(function (t) { return t.getAttribute("data-state") === "loading"; }).length;
      var failed = tiles.filter(function (t) { return t.getAttribute("data-state") === "failed"; }).length;
      if (up) return sayCount("sendOffUploads", "Send, off until the upload finishes", "Send, off until {count} uploads finish", up);
      if (loading) return sayCount("sendOffLoading", "Send, off until the photo has loaded", "Send, off until {count} photos have loaded", loading);
      if (failed) return say("sendOffFailed", "Send, off until the failed upload is retried or removed");
      return null;
    }
    if (kind === "model") {
      if (c.classList.contains("cr-composer--at-limit")) return say("sendOffLimit", "Send, off: you've reached today's limit");
      return trimmed(text) ? null : say("sendOffType", "Send, off until you type a message");
    }
    if (c.classList.contains("cr-composer--recording")) return say("sendOffDictate", "Send, off until you type or dictate a message");
    return trimmed(text) ? null : say("sendOffDictate", "Send, off until you type or dictate a message");
  }

  function update(c) {
    var field = q(c, "[data-cr-field]");
    grow(field);
    var counter = q(c, ".cr-counter");
    var limit = parseInt(c.getAttribute("data-limit") || "", 10);
    if (counter && limit) {
      var count = characters(field.value);
      var shown = count * 10 >= limit * 9;
      counter.hidden = !shown;
      counter.classList.toggle("cr-counter--over", count > limit);
      if (shown) {
        var spoken = count > limit
          ? say("charactersOver", "{count} of {limit} characters, {over} over the limit", { count: grouped(count), limit: grouped(limit), over: grouped(count - limit) })
          : say("characters", "{count} of {limit} characters", { count: grouped(count), limit: grouped(limit) });
        counter.innerHTML = "";
        var visible = document.createElement("span");
        visible.setAttribute("aria-hidden", "true");
        visible.textContent = grouped(count) + "/" + grouped(limit);
        var hidden = document.createElement("span");
        hidden.className = "cr-visually-hidden";
        hidden.textContent = spoken;
        counter.appendChild(visible);
        counter.appendChild(hidden);
      }
    }
    var send = q(c, "[data-cr-send]");
    if (send) {
      var why = sendState(c);
      send.disabled = !!why;
      send.setAttribute("aria-label", why || say("send", "Send"));
    }
    var plus = q(c, ".cr-plus");
    var max = parseInt(c.getAttribute("data-max-attachments") || "", 10);
    if (plus && max) {
      var full = qa(c, ".cr-tile").length >= max;
      plus.disabled = full;
      plus.setAttribute("aria-label", full ? say("addAttachmentFull", "Add attachment, off: the limit of {count} is reached", { count: max }) : say("addAttachment", "Add attachment"));
    }
  }

  // --- Menus -----------------------------------------------------------------------------------
  function menuOf(button) { return document.getElementById(button.getAttribute("aria-controls")); }
  function setMenu(button, open, focusFirst) {
    var menu = menuOf(button);
    if (!menu) return;
    menu.hidden = !open;
    button.setAttribute("aria-expanded", open ? "true" : "false");
    // Only menus opened here close on an outside click; a state drawn open (the gallery) stays.
    if (open) button.setAttribute("data-cr-opened", ""); else button.removeAttribute("data-cr-opened");
    if (open && focusFirst) {
      var first = q(menu, "[aria-checked='true']") || q(menu, "[role^='menuitem']");
      if (first) first.focus();
    }
  }
  function closeMenus(except) {
    qa(document, "[data-cr-menu-button][data-cr-opened]").forEach(function (b) { if (b !== except) setMenu(b, false); });
  }

  // --- Send and Stop ----------------------------------------------------------------------------
  var timers = new WeakMap();
  function swapSend(c, toStop) {
    var current = q(c, toStop ? "[data-cr-send]" : "[data-cr-stop]");
    if (!current) return;
    var b = document.createElement("button");
    b.type = "button";
    b.className = "cr-round cr-round--accent " + (toStop ? "cr-stop" : "cr-send");
    b.setAttribute(toStop ? "data-cr-stop" : "data-cr-send", "");
    b.setAttribute("aria-label", toStop ? say("stop", "Stop") : say("send", "Send"));
    b.innerHTML = toStop
      ? '<svg class="cr-icon" viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" stroke-width="1.6" aria-hidden="true" focusable="false"><rect x="7.5" y="7.5" width="9" height="9" rx="1.8" fill="currentColor"/></svg>'
      : '<svg class="cr-icon" viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false"><path d="M12 19V5.5M6.5 11 12 5.5l5.5 5.5"/></svg>';
    var hadFocus = document.activeElement === current;
    current.parentNode.replaceChild(b, current);
    if (hadFocus) b.focus();
  }
  function finishSend(c) {
    clearTimeout(timers.get(c));
    timers.delete(c);
    swapSend(c, false);
    update(c);
  }
  function send(c) {
    var field = q(c, "[data-cr-field]");
    var detail = {
      composer: c.getAttribute("data-cr-composer"),
      text: trimmed(field ? field.value : ""),
      attachments: qa(c, ".cr-tile").map(function (t) { return t.getAttribute("data-attachment-id"); })
    };
    var pill = q(c, ".cr-model-item[aria-checked='true']");
    if (pill) detail.model = pill.getAttribute("data-cr-model");
    if (q(c, "[data-cr-mode]")) {
      detail.modes = qa(c, "[data-cr-mode][aria-pressed='true']").map(function (m) { return m.getAttribute("data-cr-mode"); });
    }
    if (!emit(c, "send", detail, true)) return;
    // The field and tray clear at once; Stop stands in for Send while the reply runs.
    if (field) field.value = "";
    qa(c, ".cr-tile").forEach(function (t) { t.parentNode.removeChild(t); });
    var tray = q(c, ".cr-tray");
    if (tray) tray.parentNode.removeChild(tray);
    var error = q(c, ".cr-composer-error");
    if (error) error.parentNode.removeChild(error);
    countDown(c);
    swapSend(c, true);
    grow(field);
    timers.set(c, setTimeout(function () { finishSend(c); }, SEND_HOLD_MS));
  }

  // The Research example counts down with each message.
  function countDown(c) {
    var line = q(c, ".cr-usage-text");
    var remaining = parseInt(c.getAttribute("data-remaining") || "", 10);
    if (!line || !(remaining > 0)) return;
    remaining -= 1;
    c.setAttribute("data-remaining", String(remaining));
    var limit = parseInt(c.getAttribute("data-limit") || "0", 10);
    var warnAt = parseInt(c.getAttribute("data-warn-at") || "5", 10);
    var at = c.getAttribute("data-resets-text");
    var text;
    if (remaining <= 0) {
      text = sayCount("usedAllMessages", "You've used all {count} message.", "You've used all {count} messages.", limit) +
        (at ? " " + say("moreAt", "More at {time}.", { time: at }) : "");
    } else {
      text = at ? sayCount("messagesLeftUntil", "{count} message left until {time}", "{count} messages left until {time}", remaining, { time: at })
                : sayCount("messagesLeftToday", "{count} message left today", "{count} messages left today", remaining);
    }
    line.textContent = text;
    var usage = line.parentNode;
    if (remaining <= warnAt && !q(usage, ".cr-usage-icon")) {
      usage.classList.add("cr-usage--warning");
      var icon = document.createElement("span");
      icon.className = "cr-usage-icon";
      icon.innerHTML = '<svg class="cr-icon" viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" stroke-width="1.6" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false"><path d="M12 4.2 21 19.5H3z"/><path d="M12 10v4.2M12 16.9v.1"/></svg>';
      usage.insertBefore(icon, line);
    }
    if (remaining <= 0) {
      c.classList.add("cr-composer--at-limit");
      var field = q(c, "[data-cr-field]");
      if (field) { field.disabled = true; field.placeholder = say("limitPlaceholder", "You've reached today's limit"); }
      qa(c, ".cr-pill, .cr-mode").forEach(function (b) { b.disabled = true; });
    }
  }

  // --- Dictation: the spec's scripted engine ------------------------------------------------------
  var sessions = new WeakMap();
  function formatTime(seconds) { var s = Math.floor(seconds) % 60; return Math.floor(seconds / 60) + ":" + (s < 10 ? "0" : "") + s; }
  function joinWords(typed, heard) {
    if (!heard) return typed;
    if (!typed) return heard;
    return typed + (/\s$/.test(typed) ? "" : " ") + heard;
  }
  function setMeter(c, levels) {
    qa(c, "[data-cr-meter] rect").forEach(function (bar, i) {
      var level = levels[i] || 0;
      var h = Math.round((2 + level * 20) * 2) / 2;
      bar.setAttribute("height", String(h));
      bar.setAttribute("y", String((24 - h) / 2));
    });
  }
  function setRecording(c, on) {
    c.classList.toggle("cr-composer--recording", on);
    q(c, "[data-cr-idle-row]").hidden = on;
    q(c, "[data-cr-recording-row]").hidden = !on;
    var card = q(c, ".cr-composer-card");
    card.classList.toggle("cr-composer-card--focused", on);
    var field = q(c, "[data-cr-field]");
    field.readOnly = on;
  }
  function startDictation(c) {
    var field = q(c, "[data-cr-field]");
    var words = (c.getAttribute("data-cr-script") || "").split(/\s+/).filter(Boolean);
    var session = { typed: field.value, placeholder: field.placeholder, heard: 0, elapsed: 0, levels: [], words: words };
    sessions.set(c, session);
    setRecording(c, true);
    if (!field.value) field.placeholder = say("listening", "Listening…");
    setMeter(c, []);
    emit(c, "dictation-start");
    var done = q(c, "[data-cr-done]");
    if (done) done.focus();
    var tick = 100, wordsPerSecond = 3;
    session.timer = setInterval(function () {
      session.elapsed += tick / 1000;
      var heard = Math.min(words.length, Math.floor(session.elapsed * wordsPerSecond));
      if (heard !== session.heard) {
        session.heard = heard;
        field.value = joinWords(session.typed, words.slice(0, heard).join(" "));
        grow(field);
      }
      // Under Reduce Motion the meter holds still between readings (a new reading each second).
      var still = reduceMotion && reduceMotion.matches;
      if (!still || Math.abs(session.elapsed % 1) < tick / 1000) {
        var speaking = heard < words.length;
        session.levels.push(speaking ? 0.25 + 0.6 * Math.abs(Math.sin(session.elapsed * 7.3)) * Math.abs(Math.cos(session.elapsed * 2.1)) : 0.05);
        if (session.levels.length > 24) session.levels.shift();
        setMeter(c, Array(24 - session.levels.length).fill(0).concat(session.levels));
      }
      var time = formatTime(session.elapsed);
      q(c, "[data-cr-rec-time]").textContent = time;
      q(c, "[data-cr-rec]").setAttribute("aria-label", say("recording", "Recording, {time}", { time: time }));
      // The stream ending by itself counts as Done; so does the one-minute limit.
      if (session.elapsed >= 60 || (heard >= words.length && session.elapsed > words.length / wordsPerSecond + 1.2)) stopDictation(c, true);
    }, tick);
  }
  function stopDictation(c, keep) {
    var session = sessions.get(c);
    if (!session) return;
    clearInterval(session.timer);
    sessions.delete(c);
    var field = q(c, "[data-cr-field]");
    if (!keep) field.value = session.typed;
    field.placeholder = session.placeholder === say("listening", "Listening…") ? say("message", "Message") : session.placeholder;
    setRecording(c, false);
    grow(field);
    update(c);
    emit(c, keep ? "dictation-done" : "dictation-cancel", keep ? { text: field.value } : {});
    var mic = q(c, "[data-cr-mic]");
    if (mic) mic.focus();
  }

  // --- Wiring ---------------------------------------------------------------------------------------
  document.addEventListener("input", function (event) {
    var field = event.target;
    if (!(field instanceof HTMLTextAreaElement) || !field.hasAttribute("data-cr-field")) return;
    var c = field.closest("[data-cr-composer]");
    if (c) update(c);
  });

  document.addEventListener("click", function (event) {
    var target = event.target instanceof Element ? event.target : null;
    var c = target && target.closest("[data-cr-composer]");
    if (!c) { closeMenus(null); return; }
    var b = target.closest("button");
    if (!b || b.disabled) { closeMenus(null); return; }

    if (b.hasAttribute("data-cr-menu-button")) {
      var open = b.getAttribute("aria-expanded") !== "true";
      closeMenus(b);
      setMenu(b, open, open && event.detail === 0);
      return;
    }
    var menuButton = q(c, "[data-cr-menu-button][aria-expanded='true']");
    if (b.hasAttribute("data-cr-attach")) {
      emit(b, "attach", { source: b.getAttribute("data-cr-attach") });
      if (menuButton) { setMenu(menuButton, false); menuButton.focus(); }
      return;
    }
    if (b.hasAttribute("data-cr-model")) {
      var id = b.getAttribute("data-cr-model");
      if (b.hasAttribute("data-locked")) {
        emit(b, "locked-model", { model: id });
      } else {
        qa(c, "[data-cr-model]").forEach(function (item) {
          var current = item === b;
          item.setAttribute("aria-checked", current ? "true" : "false");
          var check = q(item, ".cr-menu-check");
          if (current && !check && !item.hasAttribute("data-locked")) {
            check = document.createElement("span");
            check.className = "cr-menu-check";
            check.innerHTML = '<svg class="cr-icon" viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false"><path d="M5 12.5l4.5 4.5L19 7.5"/></svg>';
            item.appendChild(check);
          } else if (!current && check) {
            item.removeChild(check);
          }
        });
        var name = b.getAttribute("data-name");
        var pill = q(c, ".cr-pill");
        q(pill, ".cr-pill-name").textContent = name;
        pill.setAttribute("aria-label", say("model", "Model, {name}", { name: name }));
        emit(b, "model-change", { model: id });
      }
      if (menuButton) { setMenu(menuButton, false); menuButton.focus(); }
      return;
    }
    closeMenus(null);
    if (b.hasAttribute("data-cr-mode")) {
      var on = b.getAttribute("aria-pressed") !== "true";
      b.setAttribute("aria-pressed", on ? "true" : "false");
      b.setAttribute("aria-label", b.getAttribute("data-title") + ", " + (on ? say("on", "On") : say("off", "Off")));
      b.classList.toggle("cr-mode--on", on);
      emit(b, "mode-change", { mode: b.getAttribute("data-cr-mode"), on: on });
    } else if (b.hasAttribute("data-cr-remove")) {
      var tile = b.closest(".cr-tile");
      var attachmentId = tile.getAttribute("data-attachment-id");
      emit(b, "remove-attachment", { attachmentId: attachmentId });
      var next = tile.nextElementSibling || tile.previousElementSibling;
      var tray = tile.parentNode;
      tray.removeChild(tile);
      if (!tray.children.length) tray.parentNode.removeChild(tray);
      var focusTo = next ? q(next, "[data-cr-remove]") : q(c, "[data-cr-field]");
      if (focusTo) focusTo.focus();
      update(c);
    } else if (b.hasAttribute("data-cr-composer-retry")) {
      emit(b, "retry-upload", { composer: true, attachmentId: b.closest(".cr-tile").getAttribute("data-attachment-id") });
    } else if (b.hasAttribute("data-cr-send")) {
      send(c);
    } else if (b.hasAttribute("data-cr-stop")) {
      emit(b, "stop");
      finishSend(c);
    } else if (b.hasAttribute("data-cr-mic")) {
      startDictation(c);
    } else if (b.hasAttribute("data-cr-done")) {
      if (sessions.get(c)) stopDictation(c, true); else setRecording(c, false);
    } else if (b.hasAttribute("data-cr-cancel")) {
      if (sessions.get(c)) stopDictation(c, false); else setRecording(c, false);
    } else if (b.hasAttribute("data-cr-upgrade")) {
      emit(b, "upgrade");
    } else if (b.hasAttribute("data-cr-settings")) {
      emit(b, "open-settings");
    }
  });

  // Menus: Escape closes and returns focus; arrows move between items.
  document.addEventListener("keydown", function (event) {
    var target = event.target instanceof Element ? event.target : null;
    if (!target) return;
    var menu = target.closest("[data-cr-menu]");
    if (event.key === "Escape") {
      var open = q(document, "[data-cr-menu-button][aria-expanded='true']");
      if (open) { setMenu(open, false); open.focus(); event.preventDefault(); }
      return;
    }
    if (menu && (event.key === "ArrowDown" || event.key === "ArrowUp" || event.key === "Home" || event.key === "End")) {
      var items = qa(menu, "[role^='menuitem']");
      var i = items.indexOf(target.closest("[role^='menuitem']"));
      var next = event.key === "Home" ? 0 : event.key === "End" ? items.length - 1
        : (i + (event.key === "ArrowDown" ? 1 : items.length - 1)) % items.length;
      items[next].focus();
      event.preventDefault();
    }
  });

  qa(document, "[data-cr-composer]").forEach(function (c) { grow(q(c, "[data-cr-field]")); });
})();
