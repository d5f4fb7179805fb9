// The director's keyboard shortcuts: "b17" goes to board 17, "r3t2" to round 3, table 2, "]" and
// "[" (or Alt+PageDown and Alt+PageUp, also from inside a field) to the next and previous board
// or table-round, "?" shows the list. "]" and "[" work in an empty line's field too: no line
// starts with them. What is typed shows in a small indicator; Enter or a short
// pause goes, Escape cancels. A destination the event does not have is said, never a 404 page;
// a line typed but not saved, or a save still on its way, keeps the director where they are.
(function () {
  var root = document.getElementById("shortcuts");
  if (!root) { return; }
  var PAUSE = 1200;
  var boards = numbers(root.dataset.boards);
  var slips = root.dataset.slips.split(" ").filter(Boolean);
  // A sectioned event's pages carry their section ("?section=B"): every destination keeps it.
  var query = root.dataset.query || "";
  var indicator = document.getElementById("shortcut-indicator");
  var help = document.getElementById("shortcut-help");
  var typed = "";
  var timer = null;
  var hideTimer = null;

  function numbers(text) {
    return text.split(" ").filter(Boolean).map(Number);
  }

  function show(text, refused) {
    clearTimeout(hideTimer);
    indicator.textContent = text;
    indicator.classList.toggle("refused", !!refused);
    indicator.hidden = false;
    if (refused) { hideTimer = setTimeout(hide, 5000); }
  }

  function hide() {
    indicator.hidden = true;
  }

  function cancel() {
    typed = "";
    clearTimeout(timer);
    hide();
  }

  function span(list) {
    return list[0] + "–" + list[list.length - 1];
  }

  function typingIn(target) {
    if (!target.closest) { return false; }
    var field = target.closest("input, textarea, select, [contenteditable=''], [contenteditable=true]");
    return !!field && !(field.matches("input") && /^(checkbox|radio|button|submit|reset)$/.test(field.type));
  }

  // Why the director should stay on this page for now, or "".
  function mustStay() {
    // A save or a delete (htmx marks its form, entry.js its row); not a preview.
    if (document.querySelector("form.htmx-request, tr.saving")) {
      return "A save is on its way: go again in a moment.";
    }
    var fields = document.querySelectorAll("input.entry");
    for (var i = 0; i < fields.length; i++) {
      var value = fields[i].value.trim();
      // Text with no letter or digit ("]", "[[") is no line: nothing to lose.
      if (value !== (fields[i].dataset.saved || "").trim() && /[0-9a-z]/i.test(value)) {
        fields[i].focus();
        return "A line is typed but not saved: Enter saves it, Escape undoes it.";
      }
    }
    return "";
  }

  function go(url, text) {
    var reason = mustStay();
    if (reason) { show(reason, true); return; }
    show(text + "…");
    window.location.assign(url);
  }

  function toBoard(number) {
    if (!boards.length) { show("This event has no boards yet: choose its movement first.", true); return; }
    if (boards.indexOf(number) < 0) {
      show("There is no board " + number + ": the boards are " + span(boards) + ".", true);
      return;
    }
    go(root.dataset.boardUrl + number + "/" + query, "Board " + number);
  }

  function toSlip(round, table) {
    var inRound = slips.filter(function (s) { return s.split(":")[0] === String(round); });
    if (!slips.length) { show("This event has no table-rounds to enter.", true); return; }
    if (!inRound.length) {
      var rounds = slips.map(function (s) { return Number(s.split(":")[0]); });
      show("There is no round " + round + ": the rounds are " + Math.min.apply(null, rounds) + "–" +
        Math.max.apply(null, rounds) + ".", true);
      return;
    }
    if (table === null) { table = Number(inRound[0].split(":")[1]); }
    if (slips.indexOf(round + ":" + table) < 0) {
      var tables = slips.map(function (s) { return Number(s.split(":")[1]); });
      var most = Math.max.apply(null, tables);
      show(table > most || table < 1
        ? "There is no table " + table + ": the tables are 1–" + most + "."
        : "Round " + round + ", table " + table + " has no boards to enter: a sit-out.", true);
      return;
    }
    go(root.dataset.slipUrl + round + "/tables/" + table + "/" + query, "Round " + round + ", table " + table);
  }

  function finish() {
    var text = typed;
    cancel();
    var board = /^b(\d+)$/.exec(text);
    var slip = /^r(\d+)(?:t(\d+))?$/.exec(text);
    if (board) { toBoard(Number(board[1])); return; }
    if (slip) { toSlip(Number(slip[1]), slip[2] ? Number(slip[2]) : null); return; }
    show("Not a shortcut: type b and a board (b17), or r, a round, t and a table (r3t2).", true);
  }

  function step(direction) {
    var board = Number(root.dataset.currentBoard);
    var slip = root.dataset.currentSlip;
    if (board) {
      var next = boards[boards.indexOf(board) + direction];
      if (next === undefined) {
        show("Board " + board + " is the " + (direction > 0 ? "last" : "first") + " board.", true);
        return;
      }
      go(root.dataset.boardUrl + next + "/" + query, "Board " + next);
    } else if (slip) {
      var other = slips[slips.indexOf(slip) + direction];
      if (other === undefined) {
        show("This is the " + (direction > 0 ? "last" : "first") + " table-round.", true);
        return;
      }
      var parts = other.split(":");
      go(root.dataset.slipUrl + parts[0] + "/tables/" + parts[1] + "/" + query,
        "Round " + parts[0] + ", table " + parts[1]);
    } else {
      show("] and [ move between boards on a board's page: type b and a board to start.", true);
    }
  }

  function toggleHelp() {
    help.hidden = !help.hidden;
  }

  document.addEventListener("keydown", function (event) {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey) { return; }
    if (event.altKey) {
      if (event.key === "PageDown" || event.key === "PageUp") {
        event.preventDefault();
        step(event.key === "PageDown" ? 1 : -1);
      }
      return;
    }
    var key = event.key;
    var emptyLine = event.target.matches && event.target.matches("input.entry") &&
      event.target.value === "" && (key === "]" || key === "[");
    if (typingIn(event.target) && !emptyLine) { return; }
    if (typed) {
      event.preventDefault();
      if (key === "Escape") { cancel(); return; }
      if (key === "Enter") { finish(); return; }
      if (key === "Backspace") { typed = typed.slice(0, -1); }
      else if (key.length === 1) { typed += key.toLowerCase(); }
      else { return; }
      if (!typed) { cancel(); return; }
      if (!/^(b\d{0,4}|r\d{0,3}(t\d{0,3})?)$/.test(typed)) {
        cancel();
        show("Not a shortcut: type b and a board (b17), or r, a round, t and a table (r3t2).", true);
        return;
      }
      show(typed);
      clearTimeout(timer);
      timer = setTimeout(finish, PAUSE);
      return;
    }
    if (key === "b" || key === "B" || key === "r" || key === "R") {
      event.preventDefault();
      typed = key.toLowerCase();
      show(typed);
      clearTimeout(timer);
      timer = setTimeout(finish, PAUSE);
    } else if (key === "]" || key === "[") {
      event.preventDefault();
      step(key === "]" ? 1 : -1);
    } else if (key === "?") {
      event.preventDefault();
      toggleHelp();
    } else if (key === "Escape") {
      if (!help.hidden) { help.hidden = true; }
      hide();
    }
  });

  document.addEventListener("click", function (event) {
    if (event.target.closest && event.target.closest("[data-shortcut-help]")) { toggleHelp(); }
  });
})();
