// The copy buttons of the account and members pages: one click copies a new API token or an
// invitation link. The clipboard API needs a secure context, which a club laptop on plain http
// over the LAN is not: then the field is selected and the older copy command used. A button is
// shown only once this script has wired it, so a click never lands on a button that does
// nothing; where neither way may copy, the field stays selected and the button says so.
(function () {
  "use strict";

  document.querySelectorAll("[data-copy]").forEach(function (button) {
    var field = document.getElementById(button.getAttribute("data-copy"));
    var say = function (attribute) {
      return function () { button.textContent = button.getAttribute(attribute); };
    };
    var copied = say("data-copied");
    var failed = say("data-copy-failed");
    var copyCommand = function () {
      if (document.execCommand("copy")) { copied(); } else { failed(); }
    };
    button.addEventListener("click", function () {
      field.focus();
      field.select();
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(field.value).then(copied, copyCommand);
      } else {
        copyCommand();
      }
    });
    button.hidden = false;
  });
})();
