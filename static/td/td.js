// The console's keyboard: single-key shortcuts outside text fields, and search as you type.
(function () {
  "use strict";

  function typing(target) {
    return target.closest("input, textarea, select, [contenteditable]") !== null;
  }

  function fold(text) {
    // Accent- and case-insensitive: "nicolo" finds "Nicolò".
    return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
  }

  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey || typing(event.target)) {
      if (event.key === "Escape" && typing(event.target)) { event.target.blur(); }
      return;
    }
    var key = event.key;
    if (key === "/") {
      var search = document.querySelector("[data-search]");
      if (search) { event.preventDefault(); search.focus(); search.select(); }
      return;
    }
    if (key === "z" || key === "y") {
      var button = document.getElementById(key === "z" ? "undo-button" : "redo-button");
      if (button && !button.disabled) { event.preventDefault(); button.click(); }
      return;
    }
    var field = document.querySelector('[data-key-focus="' + key + '"]');
    if (field) { event.preventDefault(); field.focus(); return; }
    var players = document.querySelector('.tnav a[data-key="p"]');
    if (key === "n" && players) {
      // A new player from any page: the players page, cursor in the registration field.
      event.preventDefault();
      location.href = players.href + "#new-name";
      return;
    }
    var link = document.querySelector('.tnav a[data-key="' + key + '"]');
    if (link) { event.preventDefault(); link.click(); }
  });

  document.querySelectorAll("[data-filter]").forEach(function (input) {
    // A list's "nobody yet" line is no match to count or hide.
    var list = input.getAttribute("data-filter");
    var rows = document.querySelectorAll(list + " tbody tr:not([data-placeholder]), " + list + " > li:not([data-placeholder])");
    var counter = document.querySelector(input.getAttribute("data-count") || "#none");
    function filter() {
      var words = fold(input.value).split(/\s+/).filter(Boolean);
      var shown = 0;
      rows.forEach(function (row) {
        var text = fold(row.getAttribute("data-name") || row.textContent);
        var match = words.every(function (word) { return text.indexOf(word) !== -1; });
        row.hidden = !match;
        if (match) { shown += 1; }
      });
      if (counter) { counter.textContent = shown; }
    }
    // The search survives the page reload after each action. The cursor goes back into it only
    // when the DdT left the page from it (a search sent with Enter): after a click on a row's
    // button it stays out, so the next shortcut is a shortcut, not a letter in the search.
    var key = "search:" + location.pathname;
    var focusKey = "search-focus:" + location.pathname;
    if (!input.value && window.sessionStorage.getItem(key)) {
      input.value = window.sessionStorage.getItem(key);
    }
    if (window.sessionStorage.getItem(focusKey)) {
      window.sessionStorage.removeItem(focusKey);
      input.focus();
      input.select();
    }
    window.addEventListener("pagehide", function () {
      if (document.activeElement === input) { window.sessionStorage.setItem(focusKey, "1"); }
    });
    input.addEventListener("input", function () {
      window.sessionStorage.setItem(key, input.value);
      filter();
    });
    input.addEventListener("keydown", function (event) {
      // Enter in the search box moves to the actions of the single row left, if there is one;
      // a list too big to show whole is searched on the server instead.
      if (event.key !== "Enter") { return; }
      event.preventDefault();
      var visible = Array.prototype.filter.call(rows, function (row) { return !row.hidden; });
      if (visible.length !== 1) {
        if (input.form && input.form.hasAttribute("data-server-search")) { input.form.submit(); }
        return;
      }
      var target = visible[0].querySelector("[data-enter]") || visible[0].querySelector("button");
      if (target) { target.focus(); }
    });
    filter();
  });

  // Enter in a row's field presses that row's own button, not the form's first one.
  document.querySelectorAll("[data-submit]").forEach(function (input) {
    input.addEventListener("keydown", function (event) {
      if (event.key !== "Enter") { return; }
      var button = input.form.querySelector('button[value="' + input.getAttribute("data-submit") + '"]');
      if (button) { event.preventDefault(); button.click(); }
    });
  });

  // A one-line value that may be longer than its field (a large field's payout percentages)
  // wraps in a textarea, so that every place shows; Enter still saves its form, as in a one-line
  // field. Where the browser cannot size the field to its text by itself, it is sized here.
  var sizedByCss = window.CSS && CSS.supports("field-sizing", "content");
  document.querySelectorAll("textarea[data-long-line]").forEach(function (field) {
    function fit() {
      field.style.height = "auto";
      field.style.height = field.scrollHeight + field.offsetHeight - field.clientHeight + "px";
    }
    field.addEventListener("keydown", function (event) {
      if (event.key !== "Enter" || event.shiftKey || event.isComposing) { return; }
      event.preventDefault();
      field.form.requestSubmit();
    });
    if (!sizedByCss) {
      fit();
      field.addEventListener("input", fit);
    }
  });

  // A form that sends the DdT back to "#field" puts the cursor there again (the next registration).
  if (location.hash.length > 1) {
    var target = document.getElementById(location.hash.slice(1));
    if (target && target.matches("input, select, textarea")) { target.focus(); }
  }

  document.querySelectorAll("form[data-confirm]").forEach(function (form) {
    form.addEventListener("submit", function (event) {
      if (!window.confirm(form.getAttribute("data-confirm"))) { event.preventDefault(); }
    });
  });
  // One button of a form that asks first (a re-entry that forfeits a stack).
  document.querySelectorAll("button[data-confirm]").forEach(function (button) {
    button.addEventListener("click", function (event) {
      if (!window.confirm(button.getAttribute("data-confirm"))) { event.preventDefault(); }
    });
  });
})();

// A new tournament takes its template's stack, buy-in and table size until the DdT edits them.
(function () {
  "use strict";
  var select = document.querySelector("[data-template-select]");
  if (!select) { return; }
  select.addEventListener("change", function () {
    var option = select.options[select.selectedIndex];
    var fields = { starting_stack: "startingStack", buy_in: "buyIn", seats_per_table: "seats" };
    Object.keys(fields).forEach(function (name) {
      var input = select.form.elements[name];
      if (input && option.dataset[fields[name]]) { input.value = option.dataset[fields[name]]; }
    });
  });
})();

// Set-up: a rebuy's or add-on's chips or price tied to the starting stack or the buy-in take its
// value as the DdT types; one left untied that differs says so before the set-up is saved.
(function () {
  "use strict";
  var form = document.getElementById("setup-form");
  if (!form) { return; }
  var groups = form.querySelectorAll("[data-linked]");
  function number(text, kind) {
    // Euros as typed ("25", "25,50", "25.50"); chips with or without thousands separators.
    var cleaned = kind === "buy_in" ? text.trim().replace(",", ".") : text.replace(/[\s.,]/g, "");
    return cleaned === "" ? NaN : Number(cleaned);
  }
  function check() {
    groups.forEach(function (group) {
      var entry = form.elements[group.getAttribute("data-linked")];
      var amount = group.querySelector('input:not([type="checkbox"])');
      var tied = group.querySelector('input[type="checkbox"]');
      var notice = group.querySelector(".mismatch");
      if (tied.checked) { amount.value = entry.value; }
      amount.readOnly = tied.checked;
      var same = number(amount.value, entry.name) === number(entry.value, entry.name);
      var enabled = group.closest("fieldset").querySelector("legend input").checked;
      notice.hidden = !enabled || tied.checked || same;
    });
  }
  form.addEventListener("input", check);
  form.addEventListener("change", check);
  check();
})();
