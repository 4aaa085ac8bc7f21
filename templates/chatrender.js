// chatrender page script: progressive enhancement only; the page reads fully without it.
// No dependencies; every event bubbles so a host page can listen.
(function () {
  "use strict";
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
})();
