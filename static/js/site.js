// Behaviour every page shares, kept out of the templates so that the Content Security Policy can
// forbid inline scripts and eval: print buttons, and live panels that poll only while shown.
(function () {
  document.addEventListener("click", function (event) {
    if (event.target.closest && event.target.closest("[data-print]")) { window.print(); }
  });
  // htmx swaps nothing when the server fails or cannot be reached: say so, so that a director
  // never takes an unsaved line for a saved one. What was typed stays in its field.
  function failed(message) {
    var alert = document.getElementById("request-failed");
    if (!alert) { return; }
    alert.textContent = message;
    alert.hidden = false;
  }
  document.addEventListener("htmx:responseError", function (event) {
    var status = event.detail.xhr ? event.detail.xhr.status : "";
    failed(interpolate(gettext("Not saved: the server could not answer (%(status)s). What you " +
      "typed is still there: try again, or reload the page."), { status: status }, true));
  });
  document.addEventListener("htmx:sendError", function () {
    failed(gettext("Not saved: the server cannot be reached. What you typed is still there: " +
      "try again when the connection is back."));
  });
  document.addEventListener("htmx:afterSwap", function () {
    var alert = document.getElementById("request-failed");
    if (alert) { alert.hidden = true; }
  });
  // A field htmx asks the server about as it is typed in (the movements that fit a number of
  // tables, a line's preview), typed in before htmx had wired it (a slow page, a fast typist, a
  // form the browser restored): asked about once htmx is ready, as it would have been.
  document.addEventListener("htmx:load", function (event) {
    if (event.target !== document.body) { return; }
    document.querySelectorAll("input[hx-trigger^='input']").forEach(function (input) {
      if (input.value !== input.defaultValue) {
        input.dispatchEvent(new Event("input", { bubbles: true }));
      }
    });
  });
  // A polling panel asks the server nothing while its tab is hidden: htmx cancels a request
  // whose htmx:beforeRequest is cancelled.
  document.addEventListener("htmx:beforeRequest", function (event) {
    var elt = event.detail && event.detail.elt;
    if (elt && elt.hasAttribute("data-poll-when-visible") && document.visibilityState !== "visible") {
      event.preventDefault();
    }
  });
})();
