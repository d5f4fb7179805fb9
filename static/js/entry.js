// Keyboard-first entry that never loses a keystroke on a slow connection.
//
// Enter queues the row's line and moves the focus to the next empty row at once, so the next
// line can be typed while the save is on its way. Saves go out one at a time, in the order they
// were typed. Each answer is the whole grid as the server now sees it, or on a board not yet
// all in the saved row and every line's points, put in the grid as it stands; it is merged in
// so that a row the director is typing in, a row still waiting to be saved and a refused row
// keep what they hold, and the focus stays where the director is typing. Once Enter has moved the director
// on, a refused line never takes the focus: its row turns red, says why, and the status line
// announces it; its text is selected whole when the director goes back to it. When a save leaves
// the focus nowhere, it goes where keys are safe: the next empty row, a refused row, the free
// line or "All in". Without JavaScript the forms post and the server answers with the page.
(function () {
  var queue = [];
  var pending = {}; // row id -> saves queued or on their way
  var busy = false;
  var parked = null; // { id, field }: Enter had no next row and put the focus in `field`

  function grid() { return document.getElementById("entry-grid"); }

  function focusAndSelect(el) {
    el.focus();
    if (el.matches("input.entry") && el.closest("tr.refused, tr.picked")) { el.select(); }
  }

  function focusMarked(root) {
    var el = (root || document).querySelector("[data-focus]");
    if (el) { focusAndSelect(el); }
  }

  function nowhere() {
    return !document.activeElement || document.activeElement === document.body;
  }

  // Where keys are safe once a save has left the focus nowhere: the row the server marked
  // unless it is on its way, an empty row, the first refused row, the free line.
  function safeSpot(root) {
    var marked = root.querySelector("[data-focus]");
    if (marked && !(row(marked) && pending[row(marked).id])) { return marked; }
    var rows = root.querySelectorAll("tr[id]:not(.free)");
    for (var i = 0; i < rows.length; i++) {
      var input = rows[i].querySelector("input.entry");
      if (input && input.value === "" && !pending[rows[i].id] &&
          !rows[i].classList.contains("refused")) {
        return input;
      }
    }
    // Never a row holding a saved line: keys typed there would change a result nobody meant to.
    return root.querySelector("tr.refused:not(.saving) input.entry") ||
      root.querySelector("tr.free input.entry");
  }

  // The status line says which row was refused, until that row is saved.
  function announce(tr) {
    var status = document.getElementById("entry-announce");
    var label = tr && tr.querySelector("input.entry").getAttribute("aria-label");
    if (!status || !label) { return; }
    var message = tr.querySelector(".error");
    // The row it speaks of is kept beside the words, which each language orders its own way.
    if (tr.classList.contains("refused")) {
      status.textContent = interpolate(gettext("%(row)s: not saved: %(reason)s"),
        {row: label, reason: message ? message.textContent : ""}, true);
      status.dataset.row = label;
    } else if (status.dataset.row === label) {
      status.textContent = "";
      delete status.dataset.row;
    }
  }

  function row(el) { return el.closest && el.closest("tr[id]"); }

  // The next empty scheduled row after this one (of `root`, else the grid), wrapping; none from
  // the free line, whose director may be typing one unscheduled line after another.
  function nextEmptyRow(tr, root) {
    if (tr.classList.contains("free")) { return null; }
    var rows = Array.prototype.slice.call((root || grid()).querySelectorAll("tr[id]:not(.free)"));
    var start = rows.indexOf(tr);
    var ordered = rows.slice(start + 1).concat(rows.slice(0, start));
    for (var i = 0; i < ordered.length; i++) {
      var input = ordered[i].querySelector("input.entry");
      if (input && input.value === "" && !pending[ordered[i].id] &&
          !ordered[i].classList.contains("refused")) {
        return input;
      }
    }
    return null;
  }

  // Where keys go after Enter: the next empty row; after the last one the free line, or no
  // field at all on a slip, never the row whose save is on its way (keys typed there would
  // lengthen its line). The free line stays for the next unscheduled line, its text selected.
  function onwards(tr, input) {
    var next = nextEmptyRow(tr);
    var free = grid().querySelector("tr.free input.entry");
    if (next) {
      next.focus();
    } else if (tr.classList.contains("free")) {
      input.select();
    } else if (free) {
      free.focus();
      parked = { id: tr.id, field: free };
    } else {
      input.blur();
    }
  }

  // Whether the director, put in the free line by Enter on row `id`, has typed nothing since.
  function stillParked(id, typing) {
    return !!parked && parked.id === id && parked.field === typing && typing.value === "";
  }

  function clean(input) {
    var tr = row(input);
    return input.value === input.defaultValue && !pending[tr.id] && !tr.classList.contains("refused");
  }

  // Whether the answered row must keep what is in it now rather than what the server says.
  function keeps(input, answered) {
    var tr = row(input);
    if (answered && answered.id === tr.id) { return input.value !== answered.sent; }
    return !clean(input);
  }

  // The grid as the server now has it, from its answer to a save on a board's grid of many
  // rows (#entry-saved-row): the grid as it stands, with the saved row, every line's points and
  // the status line as the answer gives them, and the next empty row after the saved one marked
  // as the server marks it. Null when the saved row is not in the grid.
  function withSavedRow(answer) {
    var old = grid();
    var saved = answer.querySelector("tr[id]");
    if (!old || !saved || !old.querySelector('tr[id="' + saved.id + '"]')) { return null; }
    var fresh = old.cloneNode(true);
    fresh.querySelector('tr[id="' + saved.id + '"]').replaceWith(saved);
    answer.querySelectorAll("tr[data-points]").forEach(function (given) {
      var tr = fresh.querySelector('tr[id="' + given.dataset.points + '"]');
      if (!tr || tr === saved) { return; }
      var cells = given.querySelectorAll("td");
      tr.querySelector("td.ns-points").textContent = cells[0].textContent;
      tr.querySelector("td.ew-points").textContent = cells[1].textContent;
    });
    var status = fresh.querySelector('[role="status"]');
    var said = answer.querySelector('[role="status"]');
    if (status) { status.replaceWith(said); } else { fresh.insertBefore(said, fresh.firstChild); }
    fresh.querySelectorAll("[data-focus]").forEach(function (el) {
      el.removeAttribute("data-focus");
      el.removeAttribute("autofocus");
    });
    var next = nextEmptyRow(saved, fresh) || fresh.querySelector("tr.free input.entry");
    if (next) { next.setAttribute("data-focus", ""); }
    return fresh;
  }

  function merge(html, answered) {
    var old = grid();
    var template = document.createElement("template");
    template.innerHTML = html;
    var fresh = template.content.querySelector("#entry-grid") || withSavedRow(template.content);
    if (!old || !fresh) { return; }
    var active = document.activeElement;
    var typing = active && active.matches("input.entry") && old.contains(active) ? active : null;
    var typingId = typing && row(typing).id;
    var selection = typing && [typing.selectionStart, typing.selectionEnd, typing.selectionDirection];
    var answeredInput = answered && old.querySelector('tr[id="' + answered.id + '"] input.entry');
    var returnToRefused = false;

    old.querySelectorAll("tr[id] input.entry").forEach(function (input) {
      var tr = row(input);
      var target = fresh.querySelector('tr[id="' + tr.id + '"]');
      if (!target || !keeps(input, answered)) { return; }
      var replaced = target.querySelector("input.entry");
      var value = input.value; // a value never edited follows its default: keep it as it is
      input.defaultValue = replaced.defaultValue;
      input.value = value;
      input.dataset.saved = replaced.dataset.saved;
      input.removeAttribute("data-focus");
      replaced.replaceWith(input);
      var preview = tr.querySelector(".preview");
      target.querySelector(".preview").innerHTML = preview ? preview.innerHTML : "";
      var error = target.querySelector(".error");
      if (answered && answered.id === tr.id) {
        // Typed on after Enter: the new text stays, the refusal names the line it was about.
        if (error) { error.textContent = "«" + answered.sent + "»: " + error.textContent; }
      } else if (tr.classList.contains("refused") && !error) {
        var kept = tr.querySelector(".error");
        if (kept) { input.closest("form").appendChild(kept); }
        target.classList.remove("saved");
        target.classList.add("refused");
      }
    });
    Object.keys(pending).forEach(function (id) {
      var target = fresh.querySelector('tr[id="' + id + '"]');
      if (target) { target.classList.add("saving"); }
    });

    var answeredRow = answered && fresh.querySelector('tr[id="' + answered.id + '"]');
    var refusedRow = answeredRow && answeredRow.classList.contains("refused") ? answeredRow : null;
    announce(answeredRow);
    if (answered && answeredInput && answeredInput.value === answered.sent) {
      // Still in the row that was refused (Enter had nowhere to go): it stays, selected.
      if (refusedRow && (!typing || typing === answeredInput || stillParked(answered.id, typing))) {
        returnToRefused = true;
      }
      if (!refusedRow && (!typing || typing === answeredInput)) { typingId = null; }
    }

    old.replaceWith(fresh);
    if (window.htmx) { window.htmx.process(fresh); }
    if (returnToRefused) {
      focusAndSelect(fresh.querySelector('tr[id="' + answered.id + '"] input.entry'));
    } else if (typingId && fresh.querySelector('tr[id="' + typingId + '"] input.entry')) {
      // The same row, and the same element when it kept what was typed in it.
      var input = fresh.querySelector('tr[id="' + typingId + '"] input.entry');
      input.focus();
      input.setSelectionRange(selection[0], selection[1], selection[2]);
    }
    if (answered && nowhere()) {
      if (typing && typing.isConnected) {
        // The row being typed in lost the focus in the swap: it gets it back, caret and all.
        typing.focus();
        typing.setSelectionRange(selection[0], selection[1], selection[2]);
      } else {
        var spot = safeSpot(fresh);
        if (spot) { focusAndSelect(spot); }
      }
    }
  }

  function failed(message) {
    var alert = document.getElementById("request-failed");
    if (!alert) { return; }
    alert.textContent = message;
    alert.hidden = false;
  }

  // A line the server could not take is marked like a refused one; it takes the focus only
  // when the focus is nowhere.
  function markUnsaved(save) {
    var tr = save.id && document.getElementById(save.id);
    var input = tr && tr.querySelector("input.entry");
    if (!input || input.value !== save.sent) { return; }
    tr.classList.remove("saved");
    tr.classList.add("refused");
    if (nowhere()) { focusAndSelect(input); }
  }

  function triggerEvents(response) {
    var header = response.headers.get("HX-Trigger");
    if (!header) { return; }
    var events = JSON.parse(header);
    Object.keys(events).forEach(function (name) {
      document.body.dispatchEvent(new CustomEvent(name, { bubbles: true, detail: events[name] }));
    });
  }

  function send() {
    if (busy || !queue.length) { return; }
    busy = true;
    var save = queue.shift();
    var page = window.location.pathname; // another grid swapped in meanwhile takes no answer
    // Typed again in a row whose first save has come back since: the second edits that line.
    var tr = save.id && document.getElementById(save.id);
    var line = tr && tr.querySelector('input[name="result"]');
    if (line && !save.data.get("result")) { save.data.set("result", line.value); }
    fetch(save.url, {
      method: "POST",
      body: save.data,
      headers: { "HX-Request": "true" },
      credentials: "same-origin",
    }).then(function (response) {
      if (!response.ok) {
        markUnsaved(save);
        failed(interpolate(gettext("Not saved: the server could not answer (%(status)s). What " +
          "you typed is still in its row: press Enter there to try again, or reload the page."),
          {status: response.status}, true));
        return null;
      }
      return response.text().then(function (html) {
        var alert = document.getElementById("request-failed");
        if (alert) { alert.hidden = true; }
        done(save);
        if (window.location.pathname === page) { merge(html, save.id ? save : null); }
        triggerEvents(response);
      });
    }).catch(function () {
      markUnsaved(save);
      failed(gettext("Not saved: the server cannot be reached. What you typed is still in its " +
        "row: press Enter there again when the connection is back."));
    }).then(function () {
      done(save);
      busy = false;
      send();
    });
  }

  function done(save) {
    if (!save.id || save.done) { return; }
    save.done = true;
    pending[save.id] -= 1;
    if (pending[save.id]) { return; }
    delete pending[save.id];
    var tr = document.getElementById(save.id);
    if (tr) { tr.classList.remove("saving"); }
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.matches || !form.matches("#entry-grid form.line-save, #entry-grid form.line-delete")) {
      return;
    }
    event.preventDefault();
    var data = new FormData(form);
    var save = { url: form.action, data: data, id: null, sent: null };
    if (form.matches(".line-delete")) {
      if (!window.confirm(form.dataset.confirm)) { return; }
      data.append("confirm", "on");
    } else {
      var tr = row(form);
      var input = form.querySelector("input.entry");
      save.id = tr.id;
      save.sent = input.value;
      pending[tr.id] = (pending[tr.id] || 0) + 1;
      tr.classList.add("saving");
      onwards(tr, input);
    }
    queue.push(save);
    send();
  });

  // Leaving the page with a line still on its way asks first.
  window.addEventListener("beforeunload", function (event) {
    if (busy || queue.length) { event.preventDefault(); event.returnValue = ""; }
  });

  document.addEventListener("keydown", function (event) {
    var input = event.target;
    if (event.key !== "Escape" || !input.matches || !input.matches("input.entry")) { return; }
    var tr = row(input);
    // Its save is on its way: there is nothing to undo yet, and the row is not empty.
    if (tr && tr.classList.contains("saving")) { event.preventDefault(); return; }
    input.value = input.dataset.saved || "";
    var error = tr && tr.querySelector(".error");
    if (error) { error.remove(); }
    if (tr) { tr.classList.remove("refused"); }
    var preview = tr && tr.querySelector(".preview");
    if (preview) { preview.textContent = ""; }
    event.preventDefault();
  });

  // Back in a refused row, its line is selected whole: typing replaces it.
  document.addEventListener("focusin", function (event) {
    var input = event.target;
    if (input.matches && input.matches("#entry-grid tr.refused input.entry")) { input.select(); }
  });

  // A click on a saved or refused line, from outside it, selects it whole as Shift+Tab does:
  // typing replaces it. A click in a line already chosen places the caret, to mend a letter.
  document.addEventListener("mousedown", function (event) {
    var input = event.target;
    if (event.button !== 0 || input === document.activeElement || !input.matches ||
        !input.matches("#entry-grid tr.saved input.entry, #entry-grid tr.refused input.entry")) {
      return;
    }
    if (input.value !== input.dataset.saved && !row(input).classList.contains("refused")) { return; }
    event.preventDefault();
    input.focus();
    input.select();
  });

  // Another grid swapped in by a shortcut: its marked row takes the focus, as on a page load.
  document.addEventListener("page-swapped", function () { focusMarked(); });

  // Loaded in the page's head, before the grid: the grid's autofocus puts the caret in its row,
  // and a refused or picked line is selected whole. The page is ready only once the deferred
  // scripts have come, which on a slow connection is well after the director started typing:
  // by then the focus is theirs, and an untouched marked row is only selected where it stands.
  document.addEventListener("DOMContentLoaded", function () {
    var active = document.activeElement;
    if (nowhere()) {
      focusMarked();
    } else if (active.hasAttribute("data-focus") && active.value === active.defaultValue) {
      focusAndSelect(active);
    }
  });
})();
