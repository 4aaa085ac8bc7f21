// Turn parts: on paper every closed part unfolds. Browsers print a closed <details> closed, and
// not every one lets the stylesheet open it (::details-content), so the parts opened here for
// printing are closed again afterwards.
(function () {
  "use strict";
  var opened = [];
  window.addEventListener("beforeprint", function () {
    var closed = document.querySelectorAll("details:not([open])");
    for (var i = 0; i < closed.length; i++) { closed[i].open = true; opened.push(closed[i]); }
  });
  window.addEventListener("afterprint", function () {
    for (var i = 0; i < opened.length; i++) opened[i].open = false;
    opened = [];
  });
  // A sub-agent's row on a timeline links to its transcript, closed below it: followed, the
  // transcript opens, so the reader lands on the agent's turns. Without script the link still
  // goes to the transcript's line, to be opened there.
  document.addEventListener("click", function (event) {
    var link = event.target instanceof Element ? event.target.closest("a.cr-rail-link") : null;
    if (!link) return;
    var id;
    try { id = decodeURIComponent(link.hash.slice(1)); } catch (e) { return; }
    var part = id ? document.getElementById(id) : null;
    if (part && part.tagName === "DETAILS") part.open = true;
  });
})();
