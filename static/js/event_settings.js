// A settings form shows only the settings that apply to what is chosen: a field marked
// data-shown-when="scoring:mp" (a field's name, then the values it applies to; conditions on
// several fields joined by ";") is hidden unless each named field holds one of its values.
// Hidden, not removed: without this script every setting shows, and the server ignores those
// that do not apply.
(function () {
  function applies(form, condition) {
    var parts = condition.split(":");
    var chosen = form.elements[parts[0]];
    return !chosen || parts[1].split(" ").indexOf(chosen.value) >= 0;
  }
  function showSettingsFor(form) {
    form.querySelectorAll("[data-shown-when]").forEach(function (field) {
      var row = field.closest(".form-row") || field;
      row.hidden = !field.getAttribute("data-shown-when").split(";").every(function (condition) {
        return applies(form, condition);
      });
    });
  }
  document.addEventListener("change", function (event) {
    if (event.target.form) { showSettingsFor(event.target.form); }
  });
  document.querySelectorAll("form").forEach(showSettingsFor);
})();
