// Behaviour every page shares, kept out of the templates so that the Content Security Policy can
// forbid inline scripts and eval: print buttons, and live panels that poll only while shown.
(function () {
  document.addEventListener("click", function (event) {
    if (event.target.closest && event.target.closest("[data-print]")) { window.print(); }
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
