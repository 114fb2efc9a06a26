// The console on a phone: the top bar's pages, undo, account and language fold into one menu;
// the toast that tells a bust (with its undo) closes when told to; a form the server refused
// gets back what was typed in it.
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

  var typed = document.getElementById("typed-before");
  if (typed) {
    var kept = JSON.parse(typed.textContent);
    document.querySelectorAll("form").forEach(function (form) {
      if (new URL(form.action, location.href).pathname !== kept.action) { return; }
      Object.keys(kept.fields).forEach(function (name) {
        var field = form.elements.namedItem(name);
        if (!field || !field.matches || !field.matches("input, select, textarea")) { return; }
        if (field.type === "checkbox" || field.type === "radio") { return; }
        field.value = kept.fields[name];
      });
    });
  }
})();
