// A bust asks first: the row's "Bust" opens a dialog naming the player, with one button for each
// player at the same table (an eliminator is one of them) and one for nobody named; the button
// pressed is the confirmation. Cancel or Escape changes nothing.
(function () {
  "use strict";
  var dialog = document.getElementById("bust-dialog");
  var data = document.getElementById("tablemates");
  if (!dialog || !data || typeof dialog.showModal !== "function") { return; }
  var tables = JSON.parse(data.textContent);
  var title = document.getElementById("bust-title");
  var mates = document.getElementById("bust-mates");

  function said(template, name) { return template.replace("%(name)s", name); }

  function open(button) {
    var id = button.getAttribute("data-bust");
    var table = button.getAttribute("data-table");
    var field = "eliminator-" + id;
    document.getElementById("bust-do").value = "bust-" + id;
    title.textContent = said(title.getAttribute("data-text"), button.getAttribute("data-name"));
    var here = (tables[table] || []).filter(function (mate) { return String(mate[0]) !== id; });
    mates.replaceChildren.apply(mates, here.map(function (mate) {
      var choice = document.createElement("button");
      choice.type = "submit";
      choice.className = "danger";
      choice.name = field;
      choice.value = mate[0];
      choice.textContent = said(mates.getAttribute("data-text"), mate[1]);
      return choice;
    }));
    dialog.showModal();
  }

  document.getElementById("bust-cancel").addEventListener("click", function () { dialog.close(); });
  document.querySelectorAll("button[data-bust]").forEach(function (button) {
    button.addEventListener("click", function (event) {
      event.preventDefault();
      open(button);
    });
  });
})();
