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
  // Shown only with this script: without it the button could do nothing, and Open saves the file.
  var buttons = document.querySelectorAll("button[data-cr-share][hidden]");
  for (var b = 0; b < buttons.length; b++) buttons[b].hidden = false;

  // Copy on code blocks: added here, since without the script it could do nothing (the code
  // can still be selected). The result is said through one polite live region.
  var status = null;
  function announce(message) {
    if (!status) {
      status = document.createElement("div");
      status.className = "cr-visually-hidden";
      status.setAttribute("role", "status");
      status.setAttribute("aria-live", "polite");
      document.body.appendChild(status);
    }
    // Emptied first, so the same message twice is announced twice.
    status.textContent = "";
    window.setTimeout(function () { status.textContent = message; }, 50);
  }
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
  var blocks = document.querySelectorAll("figure.cr-code");
  for (var c = 0; c < blocks.length; c++) {
    var copy = document.createElement("button");
    copy.type = "button";
    copy.className = "cr-code-copy";
    copy.setAttribute("aria-label", say("copyCode", "Copy code"));
    copy.textContent = say("copy", "Copy");
    blocks[c].classList.add("cr-code--copy");
    blocks[c].insertBefore(copy, blocks[c].querySelector("pre"));
  }
  document.addEventListener("click", function (event) {
    var target = event.target instanceof Element ? event.target : null;
    var button = target ? target.closest("button.cr-code-copy") : null;
    if (!button) return;
    var code = button.parentNode.querySelector("pre code");
    if (!code) return;
    copyText(code.textContent).then(function () {
      button.textContent = say("copied", "Copied");
      announce(say("copied", "Copied"));
      window.setTimeout(function () { button.textContent = say("copy", "Copy"); }, 2000);
    }, function () {
      announce(say("copyFailed", "Copy failed: select the code to copy it"));
    });
  });
})();
