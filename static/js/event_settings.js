// An event's settings form shows only the settings that apply to the scoring chosen: a field
// marked data-scoring="mp" (the kinds it applies to) is hidden for any other. Hidden, not
// removed: without this script every setting shows, and the server ignores those that do not
// apply.
(function () {
  function showSettingsFor(form) {
    var scoring = form.querySelector("select[name=scoring]");
    if (!scoring) { return; }
    form.querySelectorAll("[data-scoring]").forEach(function (field) {
      var row = field.closest(".form-row") || field;
      row.hidden = field.getAttribute("data-scoring").split(" ").indexOf(scoring.value) < 0;
    });
  }
  document.addEventListener("change", function (event) {
    if (event.target.name === "scoring" && event.target.form) { showSettingsFor(event.target.form); }
  });
  document.querySelectorAll("form").forEach(showSettingsFor);
})();
