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
    if (share && typeof navigator.share === "function") {
      event.preventDefault();
      navigator.share({ title: share.getAttribute("data-name") || "", url: share.href }).catch(function () {
        /* dismissed or refused: nothing to do */
      });
    }
  });
})();
