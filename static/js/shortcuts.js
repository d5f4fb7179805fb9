// The director's keyboard shortcuts: "b17" goes to board 17, "r3t2" to round 3, table 2, "]" and
// "[" (or Alt+PageDown and Alt+PageUp, also from inside a field) to the next and previous board
// or table-round, "?" shows the list. They work in an empty line's field too: no line starts
// with b, r, ] or [. What is typed shows in a small indicator; a shortcut goes as soon as no
// other destination starts so (b17 of 21 boards, r3t2 of 7 tables), else on a space, Enter or a
// short pause; Escape cancels. Once every row of the grid has its line, Enter in the empty free
// line, or outside a field, goes to the next board or table-round; so does a line typed on
// straight after (a key outside a field, a line without pairs in the free line), which is
// typed into the next grid's first empty row. A destination the event does not have is said,
// never a 404 page; a line typed but not saved keeps the director where they are. Saves on
// their way are let finish, and what is typed meanwhile lands on the new page.
(function () {
  var root = document.getElementById("shortcuts");
  if (!root) { return; }
  var PAUSE = 1200;
  var indicator = document.getElementById("shortcut-indicator");
  var help = document.getElementById("shortcut-help");
  var typed = "";
  var timer = null;
  var hideTimer = null;

  // The page's destinations, read afresh: a page swapped in brings its own.
  function boardList() { return root.dataset.boards.split(" ").filter(Boolean).map(Number); }
  function slipList() { return root.dataset.slips.split(" ").filter(Boolean); }
  // A sectioned event's pages carry their section ("?section=B"): every destination keeps it.
  function query() { return root.dataset.query || ""; }

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

  // Why the director should stay on this page, or "": a line typed and not saved (its save on
  // its way is let finish, and asked about again once it is back).
  function mustStay() {
    var fields = document.querySelectorAll("tr:not(.saving) input.entry");
    for (var i = 0; i < fields.length; i++) {
      var value = fields[i].value.trim();
      // Text with no letter or digit ("]", "[[") is no line: nothing to lose.
      if (value !== (fields[i].dataset.saved || "").trim() && /[0-9a-z]/i.test(value)) {
        fields[i].focus();
        return gettext("A line is typed but not saved: Enter saves it, Escape undoes it.");
      }
    }
    return "";
  }

  // What the indicator says while a destination is on its way.
  function boardLabel(board) { return interpolate(gettext("Board %(board)s"), { board: board }, true); }
  function slipLabel(round, table) {
    return interpolate(gettext("Round %(round)s, table %(table)s"), { round: round, table: table }, true);
  }

  function go(url, text) {
    var reason = mustStay();
    if (reason) { show(reason, true); return; }
    window.pageSwap.go(url, text, mustStay);
  }

  function toBoard(number) {
    var boards = boardList();
    if (!boards.length) { show(gettext("This event has no boards yet: choose its movement first."), true); return; }
    if (boards.indexOf(number) < 0) {
      show(interpolate(gettext("There is no board %(board)s: the boards are %(boards)s."),
        { board: number, boards: span(boards) }, true), true);
      return;
    }
    go(root.dataset.boardUrl + number + "/" + query(), boardLabel(number));
  }

  function toSlip(round, table) {
    var slips = slipList();
    var inRound = slips.filter(function (s) { return s.split(":")[0] === String(round); });
    if (!slips.length) { show(gettext("This event has no table-rounds to enter."), true); return; }
    if (!inRound.length) {
      var rounds = slips.map(function (s) { return Number(s.split(":")[0]); });
      show(interpolate(gettext("There is no round %(round)s: the rounds are %(first)s–%(last)s."),
        { round: round, first: Math.min.apply(null, rounds), last: Math.max.apply(null, rounds) }, true), true);
      return;
    }
    if (table === null) { table = Number(inRound[0].split(":")[1]); }
    if (slips.indexOf(round + ":" + table) < 0) {
      var tables = slips.map(function (s) { return Number(s.split(":")[1]); });
      var most = Math.max.apply(null, tables);
      show(table > most || table < 1
        ? interpolate(gettext("There is no table %(table)s: the tables are 1–%(last)s."),
          { table: table, last: most }, true)
        : interpolate(gettext("Round %(round)s, table %(table)s has no boards to enter: a sit-out."),
          { round: round, table: table }, true), true);
      return;
    }
    go(root.dataset.slipUrl + round + "/tables/" + table + "/" + query(), slipLabel(round, table));
  }

  function finish() {
    var text = typed;
    cancel();
    var board = /^b(\d+)$/.exec(text);
    var slip = /^r(\d+)(?:t(\d+))?$/.exec(text);
    if (board) { toBoard(Number(board[1])); return; }
    if (slip) { toSlip(Number(slip[1]), slip[2] ? Number(slip[2]) : null); return; }
    notAShortcut();
  }

  function step(direction) {
    var board = Number(root.dataset.currentBoard);
    var slip = root.dataset.currentSlip;
    var boards = boardList();
    var slips = slipList();
    if (board) {
      var next = boards[boards.indexOf(board) + direction];
      if (next === undefined) {
        show(interpolate(direction > 0 ? gettext("Board %(board)s is the last board.")
          : gettext("Board %(board)s is the first board."), { board: board }, true), true);
        return;
      }
      go(root.dataset.boardUrl + next + "/" + query(), boardLabel(next));
    } else if (slip) {
      var other = slips[slips.indexOf(slip) + direction];
      if (other === undefined) {
        show(direction > 0 ? gettext("This is the last table-round.")
          : gettext("This is the first table-round."), true);
        return;
      }
      var parts = other.split(":");
      go(root.dataset.slipUrl + parts[0] + "/tables/" + parts[1] + "/" + query(),
        slipLabel(parts[0], parts[1]));
    } else {
      show(gettext("] and [ move between boards on a board's page: type b and a board to start."), true);
    }
  }

  function toggleHelp() {
    help.hidden = !help.hidden;
  }

  // Whether `digits` can still grow into another number of `list`.
  function grows(list, digits) {
    return list.some(function (n) {
      return String(n).length > digits.length && String(n).indexOf(digits) === 0;
    });
  }

  // Whether what is typed names its destination whatever digit would come next.
  function settled(text) {
    var board = /^b(\d+)$/.exec(text);
    if (board) { return !grows(boardList(), board[1]); }
    var slip = /^r(\d+)t(\d+)$/.exec(text);
    if (!slip) { return false; }
    var tables = slipList().filter(function (s) { return s.split(":")[0] === slip[1]; })
      .map(function (s) { return Number(s.split(":")[1]); });
    return !grows(tables, slip[2]);
  }

  function wait() {
    show(typed);
    clearTimeout(timer);
    timer = setTimeout(finish, PAUSE);
  }

  function notAShortcut() {
    cancel();
    show(gettext("Not a shortcut: type b and a board (b17), or r, a round, t and a table (r3t2)."), true);
  }

  // A key while a shortcut is being typed: a digit or t adds to it, a space or Enter ends it,
  // any other key after a whole shortcut ends it and is typed on the page it goes to.
  function more(key) {
    if (key === "Escape") { cancel(); return; }
    if (key === "Enter" || key === " ") { finish(); return; }
    if (key === "Backspace") {
      typed = typed.slice(0, -1);
      if (typed) { wait(); } else { cancel(); }
      return;
    }
    if (key.length !== 1) { return; }
    var longer = typed + key.toLowerCase();
    if (/^(b\d{0,4}|r\d{0,3}(t\d{0,3})?)$/.test(longer)) {
      typed = longer;
      if (settled(typed)) { finish(); } else { wait(); }
    } else if (/^(b\d+|r\d+(t\d+)?)$/.test(typed)) {
      finish();
      window.pageSwap.keep(key);
    } else {
      notAShortcut();
    }
  }

  // Where the grid's "All in" link leads once the saves are back; before, the next board or
  // table-round.
  function onwards() {
    var link = document.querySelector("#entry-grid a.button");
    if (link && !document.querySelector("#entry-grid tr.saving")) {
      go(link.href, link.textContent.replace(/^All in: | →$/g, ""));
    } else {
      step(1);
    }
  }

  // Whether every scheduled row of the grid has its line, saved or on its way.
  function allIn() {
    var fields = document.querySelectorAll("#entry-grid tr[id]:not(.free) input.entry");
    if (!fields.length || document.querySelector("#entry-grid tr.refused")) { return false; }
    return Array.prototype.every.call(fields, function (field) { return field.value.trim() !== ""; });
  }

  // Whether a line starts with the pairs' numbers ("1 8 4S N 10", "3NS 5EW P"), as a line in
  // the free line must; a contract alone ("4S N 10", "2NT E 8") does not.
  function pairsFirst(text) {
    return /^\s*\d+\s*[a-z]{0,2}\s+\d/i.test(text);
  }

  // Enter in a board's free line once every row has its line, on a line without pairs: it is
  // the next board's first line, typed there with its Enter. Whether it went.
  function lineForNextGrid(field) {
    if (!field.matches || !field.matches("#entry-grid tr.free input.entry") || !allIn()) {
      return false;
    }
    var text = field.value;
    if (!/[0-9a-z]/i.test(text) || pairsFirst(text)) { return false; }
    field.value = "";
    onwards();
    var keys = text.split("").concat(["Enter"]);
    if (keys.every(function (key) { return window.pageSwap.keep(key); })) { return true; }
    field.value = text; // nowhere to go: the line is saved here, or refused with its reason
    return false;
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
    var target = event.target;
    if (typed) {
      event.preventDefault();
      more(key);
      return;
    }
    var emptyLine = !!target.matches && target.matches("input.entry") && target.value === "";
    if (key === "Enter" && lineForNextGrid(target)) {
      event.preventDefault();
      return;
    }
    if (key === "Enter" && (target === document.body || (emptyLine && target.closest("tr.free"))) &&
        allIn()) {
      event.preventDefault();
      onwards();
      return;
    }
    if (typingIn(target) && !(emptyLine && /^[bBrR\]\[]$/.test(key))) { return; }
    if (key === "b" || key === "B" || key === "r" || key === "R") {
      event.preventDefault();
      typed = key.toLowerCase();
      wait();
    } else if (key === "]" || key === "[") {
      event.preventDefault();
      step(key === "]" ? 1 : -1);
    } else if (key === "?") {
      event.preventDefault();
      toggleHelp();
    } else if (key === "Escape") {
      if (!help.hidden) { help.hidden = true; }
      hide();
    } else if (key.length === 1 && key !== " " && allIn()) {
      // Outside a field once every row has its line (a slip's last Enter leaves no field): the
      // key starts the next grid's first line.
      onwards();
      window.pageSwap.keep(key);
    }
  });

  document.addEventListener("click", function (event) {
    if (event.target.closest && event.target.closest("[data-shortcut-help]")) { toggleHelp(); }
  });
})();
