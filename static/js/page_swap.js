// Going from one entry grid to another without leaving the page, so that no key is lost on the
// way. A shortcut or a move hands its destination here: the saves still on their way are let
// finish, the destination is fetched and swapped in, and every key typed meanwhile is kept and
// then typed into the new page, where the director sees it (Enter saves a line as it would
// have); from a page without a grid too (the event page). A destination that is not an entry
// grid, or a fetch that fails, is opened as any link is.
(function () {
  var kept = []; // keys typed while a page is on its way, in order
  var going = null; // what is on its way: { url, label, mustStay }
  var pushed = false;
  var replayAt = -1; // while a kept key is typed back: where the keys its handlers keep go

  function indicator() { return document.getElementById("shortcut-indicator"); }

  function say(text, refused) {
    var el = indicator();
    if (!el) { return; }
    el.textContent = text;
    el.classList.toggle("refused", !!refused);
    el.hidden = false;
  }

  function shown(key) { return key === "Enter" ? "⏎" : key === "Backspace" ? "⌫" : key; }

  function progress() {
    say(going.label + "…" + (kept.length ? " " + kept.map(shown).join("") : ""));
  }

  // Every key that would type or save is kept while a page is on its way, before any other
  // handler sees it; only the director's own keys, not those typed back in below.
  window.addEventListener("keydown", function (event) {
    if (!going || !event.isTrusted || event.ctrlKey || event.metaKey || event.altKey) { return; }
    if (event.key.length !== 1 && event.key !== "Enter" && event.key !== "Backspace") { return; }
    event.preventDefault();
    event.stopImmediatePropagation();
    kept.push(event.key);
    progress();
  }, true);

  function saving() {
    return !!document.querySelector("#entry-grid tr.saving, form.htmx-request");
  }

  function stay(reason) {
    var lost = kept.map(shown).join("");
    kept = [];
    going = null;
    say(reason + (lost ? " " + interpolate(gettext("Not typed: «%(keys)s»."), { keys: lost }, true) : ""), true);
  }

  // The saves on their way first: one refused keeps the director where it can be mended.
  function whenSaved() {
    if (!going) { return; }
    if (saving()) { setTimeout(whenSaved, 25); return; }
    var reason = going.mustStay();
    if (reason) { stay(reason); return; }
    fetchPage();
  }

  function fetchPage() {
    var url = going.url;
    fetch(url, { credentials: "same-origin" }).then(function (response) {
      return response.ok && !response.redirected ? response.text() : null;
    }).then(function (html) {
      var fresh = html && new DOMParser().parseFromString(html, "text/html");
      if (!fresh || !fresh.getElementById("entry-grid")) {
        window.location.assign(url);
        return;
      }
      withScripts(fresh, function () { swap(fresh, url); });
    }).catch(function () {
      window.location.assign(url);
    });
  }

  // A grid swapped into a page that has none (the event page) brings the scripts of its head
  // first: they queue its saves. A script that will not load leaves the page as any link does.
  function withScripts(fresh, then) {
    var missing = Array.prototype.filter.call(fresh.head.querySelectorAll("script[src]"), function (s) {
      return !document.querySelector('script[src="' + s.getAttribute("src") + '"]');
    });
    if (!missing.length) { then(); return; }
    var script = document.createElement("script");
    script.src = missing[0].getAttribute("src");
    script.onload = function () { withScripts(fresh, then); };
    script.onerror = function () { window.location.assign(going.url); };
    document.head.appendChild(script);
  }

  function swap(fresh, url) {
    var main = document.querySelector("main");
    var freshMain = fresh.querySelector("main");
    main.replaceWith(freshMain);
    document.title = fresh.title;
    // The shortcuts' data names the page they are on; their script stays as it is.
    var shortcuts = document.getElementById("shortcuts");
    var freshShortcuts = fresh.getElementById("shortcuts");
    if (shortcuts && freshShortcuts) {
      Object.keys(freshShortcuts.dataset).forEach(function (name) {
        shortcuts.dataset[name] = freshShortcuts.dataset[name];
      });
    }
    history.pushState(null, "", url);
    pushed = true;
    window.scrollTo(0, 0);
    if (window.htmx) { window.htmx.process(freshMain); }
    going = null;
    var el = indicator();
    if (el) { el.hidden = true; }
    document.dispatchEvent(new CustomEvent("page-swapped", { bubbles: true }));
    typeKept();
  }

  function textField(el) {
    return el && el.matches && el.matches("input[type=text], input:not([type]), textarea");
  }

  // The kept keys, typed into the new page as the director typed them: each goes first to the
  // page's key handlers (a shortcut among them goes on, and the keys after it wait again).
  function typeKept() {
    while (kept.length && !going) {
      var key = kept.shift();
      var target = document.activeElement || document.body;
      var down = new KeyboardEvent("keydown", { key: key, bubbles: true, cancelable: true });
      replayAt = 0;
      var taken = !target.dispatchEvent(down);
      replayAt = -1;
      if (taken || going || !textField(target)) { continue; }
      if (key === "Enter") {
        var form = target.form;
        var submit = new Event("submit", { bubbles: true, cancelable: true });
        if (form && form.dispatchEvent(submit)) { form.submit(); }
        continue;
      }
      var start = target.selectionStart;
      var end = target.selectionEnd;
      if (key === "Backspace") {
        if (start === end) { start = Math.max(0, start - 1); }
        key = "";
      }
      target.value = target.value.slice(0, start) + key + target.value.slice(end);
      target.setSelectionRange(start + key.length, start + key.length);
      target.dispatchEvent(new Event("input", { bubbles: true }));
    }
    if (going) { progress(); }
  }

  // Back and Forward after a swap open the page the address names.
  window.addEventListener("popstate", function () {
    if (pushed) { window.location.reload(); }
  });

  // Go to `url` ("Board 12" is its `label`) keeping the keys typed on the way; `mustStay`
  // says why not to leave once the saves on their way are back, or "".
  window.pageSwap = {
    go: function (url, label, mustStay) {
      if (going) { return; }
      going = { url: url, label: label, mustStay: mustStay };
      progress();
      whenSaved();
    },
    // A key the shortcuts took but that belongs to what comes after them.
    // While the kept keys are typed back, it goes before those still to come.
    keep: function (key) {
      if (!going) { return false; }
      if (replayAt >= 0) { kept.splice(replayAt++, 0, key); } else { kept.push(key); }
      progress();
      return true;
    },
  };
})();
