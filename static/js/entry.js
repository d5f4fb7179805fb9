// Keyboard-first entry: Escape undoes an edit; after every swap the next row gets the focus.
(function () {
  function focusMarked() {
    var el = document.querySelector("[data-focus]");
    if (el) { el.focus(); if (el.select) { el.select(); } }
  }
  document.addEventListener("keydown", function (event) {
    var input = event.target;
    if (event.key !== "Escape" || !input.matches || !input.matches("input.entry")) { return; }
    input.value = input.defaultValue;
    var row = input.closest("tr");
    var error = row && row.querySelector(".error");
    if (error) { error.remove(); }
    event.preventDefault();
  });
  document.body.addEventListener("htmx:afterSettle", focusMarked);
  focusMarked();
})();
