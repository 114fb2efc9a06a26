// The console on a phone: the top bar's pages, undo, account and language fold into one menu;
// the toast that tells a bust (with its undo) closes when told to.
(function () {
  "use strict";
  var toggle = document.getElementById("menu-toggle");
  if (toggle) {
    var bar = toggle.closest(".topbar");
    toggle.addEventListener("click", function () {
      var open = bar.classList.toggle("menu-open");
      toggle.setAttribute("aria-expanded", open ? "true" : "false");
    });
  }
  document.querySelectorAll("[data-close-toast]").forEach(function (button) {
    button.addEventListener("click", function () { button.closest(".toast").remove(); });
  });
})();
