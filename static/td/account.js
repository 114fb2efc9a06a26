// The account page: copy a new API token with one click. The clipboard API needs a secure
// context, which a club laptop on plain http over the LAN is not: then the field is selected
// and the older copy command used.
(function () {
  "use strict";

  document.querySelectorAll("[data-copy]").forEach(function (button) {
    button.addEventListener("click", function () {
      var field = document.getElementById(button.getAttribute("data-copy"));
      var done = function () { button.textContent = button.getAttribute("data-copied"); };
      field.focus();
      field.select();
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(field.value).then(done, function () {
          if (document.execCommand("copy")) { done(); }
        });
      } else if (document.execCommand("copy")) {
        done();
      }
    });
  });
})();
