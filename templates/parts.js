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
})();
