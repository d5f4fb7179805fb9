// Keyboard-first entry: Escape undoes an edit; after the grid is swapped the next row gets the
// focus. Only the grid's own swaps move the focus: the live score preview must never steal it.
(function () {
  function focusMarked() {
    var el = document.querySelector("[data-focus]");
    if (el) { el.focus(); }
  }
  document.addEventListener("keydown", function (event) {
    var input = event.target;
    if (event.key !== "Escape" || !input.matches || !input.matches("input.entry")) { return; }
    input.value = input.dataset.saved || "";
    var row = input.closest("tr");
    var error = row && row.querySelector(".error");
    if (error) { error.remove(); }
    var preview = row && row.querySelector(".preview");
    if (preview) { preview.textContent = ""; }
    event.preventDefault();
  });
  document.body.addEventListener("htmx:afterSettle", function (event) {
    if (event.target.id === "entry-grid") { focusMarked(); }
  });
  focusMarked();
})();
