// A table's page (templates/tables/table.html): North enters a board by taps, East-West accept
// or dispute it, and every line, acceptance and call goes through a queue kept in the phone's
// storage. The queue is sent in order, each line under its own key, so that a line typed with
// no connection, or before a reload, is sent once when the connection is back. Plain ES2017
// for the phones of the last six years (Safari 13, Chrome 80): no build step, no ?. or ??.
(function () {
  "use strict";
  var configNode = document.getElementById("table-config");
  if (!configNode) { return; }
  var config = JSON.parse(configNode.textContent);
  var words = JSON.parse(document.getElementById("table-words").textContent);
  var csrf = document.body.getAttribute("data-csrf");
  var urls = {
    page: document.body.getAttribute("data-page-url"),
    line: document.body.getAttribute("data-line-url"),
    call: document.body.getAttribute("data-call-url"),
    seated: document.body.getAttribute("data-seated-url"),
    accept: document.body.getAttribute("data-accept-url"),
    dispute: document.body.getAttribute("data-dispute-url")
  };
  var PLACEHOLDER = "00000000-0000-4000-8000-000000000000";
  var QUEUE = "table-queue:" + config.token;
  var DRAFT = "table-draft:" + config.token;
  var SEATS = {N: words.north, E: words.east, S: words.south, W: words.west};
  var SUITS = {C: "\u2663", D: "\u2666", H: "\u2665", S: "\u2660", NT: words.notrump};

  function load(name, fallback) {
    try {
      var value = window.localStorage.getItem(name);
      return value ? JSON.parse(value) : fallback;
    } catch (error) { return fallback; }
  }
  function keep(name, value) {
    try {
      if (value === null) { window.localStorage.removeItem(name); } else {
        window.localStorage.setItem(name, JSON.stringify(value));
      }
    } catch (error) {
      // No storage (a private window on an old Safari): the queue still works, until a reload.
      say(words.no_storage);
    }
  }
  var queue = load(QUEUE, []);
  var draft = load(DRAFT, null);
  var offline = false;
  var sending = false;
  var accepting = null;  // the line East-West are checking: board, key, text

  function fill(text, values) {
    return text.replace(/%\((\w+)\)s/g, function (_, name) { return values[name]; });
  }
  function newKey() {
    var bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes);
    bytes[6] = (bytes[6] & 15) | 64;
    bytes[8] = (bytes[8] & 63) | 128;
    var hex = Array.prototype.map.call(bytes, function (b) { return (b + 256).toString(16).slice(1); }).join("");
    return hex.slice(0, 8) + "-" + hex.slice(8, 12) + "-" + hex.slice(12, 16) + "-" + hex.slice(16, 20) + "-" + hex.slice(20);
  }
  function $(id) { return document.getElementById(id); }

  // -- A line's words and score, from the server's own score table (config.scores). --
  function vulnerable(board, declarer) {
    var vul = config.boards[board];
    return vul === "All" || (vul === "NS" && "NS".indexOf(declarer) >= 0) ||
      (vul === "EW" && "EW".indexOf(declarer) >= 0);
  }
  function parse(text) {
    var parts = text.toUpperCase().split(" ");
    if (parts[0] === "PASS") { return {passed: true}; }
    var m = /^([1-7])(NT|C|D|H|S)(X{0,2})$/.exec(parts[0]);
    if (!m || !/^[NESW]$/.test(parts[1]) || !/^\d+$/.test(parts[2])) { return {other: text}; }
    return {level: +m[1], strain: m[2], doubled: m[3], declarer: parts[1], tricks: +parts[2], lead: parts[3] || ""};
  }
  function scoreNS(board, line) {
    if (line.passed) { return 0; }
    var table = config.scores[vulnerable(board, line.declarer) ? "vul" : "notvul"];
    var score = table[line.level + line.strain + line.doubled][line.tricks];
    return "NS".indexOf(line.declarer) >= 0 ? score : -score;
  }
  function signed(score) { return score > 0 ? "+" + score : (score < 0 ? "\u2212" + (-score) : "0"); }
  function cardText(lead) {
    var rank = lead.slice(1);
    return lead ? SUITS[lead.charAt(0)] + (words.ranks[rank] || rank) : "";
  }
  function describe(board, text) {
    var line = parse(text);
    if (line.passed) { return words.passed_out + " \u00b7 " + fill(words.ns_score, {score: "0"}); }
    if (line.other) { return line.other; }
    var made = line.tricks - line.level - 6;
    var outcome = made === 0 ? "=" : (made > 0 ? "+" + made : "\u2212" + (-made));
    var parts = [
      line.level + SUITS[line.strain] + line.doubled + " " + fill(words.by, {seat: SEATS[line.declarer]}),
      fill(words.tricks, {tricks: line.tricks}) + " (" + outcome + ")"
    ];
    if (line.lead) { parts.push(fill(words.lead, {card: cardText(line.lead)})); }
    return parts.join(", ") + " \u00b7 " + fill(words.ns_score, {score: signed(scoreNS(board, line))});
  }

  // -- The queue: what is not yet saved, in the order it was done. --
  function save() { keep(QUEUE, queue.length ? queue : null); paint(); }
  function add(item) { queue.push(item); save(); send(); }
  // A board's items of a round: a teams table shows the match just played above the next,
  // both with boards 1 to n. (An item kept from before items had their round is any round's.)
  function queued(board, round) {
    return queue.filter(function (i) { return i.board === board && (i.round === undefined || +i.round === +round); });
  }
  function say(text) {
    var node = $("table-message");
    node.textContent = text;
    node.hidden = !text;
  }

  function post(url, data) {
    var body = new URLSearchParams();
    Object.keys(data).forEach(function (name) { body.append(name, data[name]); });
    return fetch(url, {
      method: "POST",
      body: body,
      credentials: "same-origin",
      headers: {"X-CSRFToken": csrf, "Accept": "application/json"}
    });
  }
  function request(item) {
    if (item.kind === "enter") {
      var data = {key: item.key, round: item.round, board: item.board, text: item.text};
      if (item.correct) { data.correct = "1"; }
      return post(urls.line, data);
    }
    if (item.kind === "accept") { return post(urls.accept.replace(PLACEHOLDER, item.key), {pin: item.pin || ""}); }
    if (item.kind === "dispute") { return post(urls.dispute.replace(PLACEHOLDER, item.key), {}); }
    if (item.kind === "seated") { return post(urls.seated, {round: item.round}); }
    return post(urls.call, {});
  }
  // A refused line takes what depends on it (its acceptance) out of the queue with it.
  function drop(item, answer) {
    queue = queue.filter(function (i) { return i !== item && !(item.kind === "enter" && i.key === item.key); });
    save();
    say(fill(words.refused, {board: item.board || "", reason: answer.error}));
    if (item.kind === "enter" && accepting && accepting.key === item.key) {
      accepting = null;
      showOnly(null);
    }
    // A wrong PIN: East-West try again.
    if (answer.again) { openAccept(item.board, item.key, item.text, item.round); }
  }
  function send() {
    if (sending || !queue.length) { return; }
    sending = true;
    var item = queue[0];
    request(item).then(function (response) {
      return response.json().catch(function () { return {}; }).then(function (answer) {
        sending = false;
        if (response.ok) {
          queue.shift();
          offline = false;
          save();
          if (queue.length) { send(); } else { refresh(); }
        } else if (response.status === 403) {
          // The page's security token is out of date: kept, sent again after a reload.
          say(words.reload);
          later();
        } else if (response.status === 422 || response.status === 404) {
          offline = false;
          drop(item, answer.error ? answer : {error: response.statusText});
          send();
          if (!queue.length) { refresh(); }
        } else {
          // 429, a busy or failing server: kept, sent again in a while.
          say(answer.error || "");
          later();
        }
      });
    }, function () {
      sending = false;
      offline = true;
      paint();
      later();
    });
  }
  var timer = null;
  function later() {
    paint();
    if (timer) { return; }
    timer = window.setTimeout(function () { timer = null; send(); }, 4000);
  }
  window.addEventListener("online", function () { send(); });

  function refresh() {
    fetch(urls.page, {credentials: "same-origin", headers: {"HX-Request": "true"}}).then(function (response) {
      if (!response.ok) { return; }
      return response.text().then(function (html) {
        var node = $("table-now");
        var holder = document.createElement("div");
        holder.innerHTML = html;
        var fresh = holder.querySelector("#table-now");
        if (node && fresh) {
          fresh.hidden = node.hidden;  // behind the entry or the check, if one is open
          node.parentNode.replaceChild(fresh, node);
        }
        paint();
      });
    }, function () { offline = true; paint(); });
  }

  // -- What the page says of each board and of the queue. --
  function paint() {
    var status = $("sync-status");
    if (status) {
      var waiting = queue.filter(function (i) { return i.kind !== "call"; }).length;
      if (!queue.length) { status.textContent = words.all_saved; }
      else { status.textContent = fill(words.waiting_to_send, {count: queue.length}) + (offline ? " " + words.no_connection : ""); }
      status.className = queue.length ? "sync waiting" : "sync saved";
      status.setAttribute("data-waiting", waiting);
    }
    Array.prototype.forEach.call(document.querySelectorAll("[data-board-button]"), function (button) {
      var board = button.getAttribute("data-board");
      var note = button.querySelector(".queued");
      var mine = queued(board, button.getAttribute("data-round"));
      var text = "";
      if (mine.length) {
        var last = mine[mine.length - 1];
        text = last.kind === "accept" ? words.accepted_waiting : (last.kind === "dispute" ? words.disputed_waiting : words.entered_waiting);
        if (last.kind !== "dispute") { text = describe(board, last.text) + " \u00b7 " + text; }
      }
      if (note) { note.textContent = text; note.hidden = !text; }
      var state = button.querySelector(".board-state");
      if (state) { state.hidden = !!text; }
      button.classList.toggle("has-queued", !!mine.length);
    });
    // The next round's players are seated (or a line of theirs waits): the round before it is
    // theirs no more to see.
    var ended = $("end-of-round");
    var seatedButton = $("seated");
    if (ended && seatedRound() > +ended.getAttribute("data-round")) {
      ended.hidden = true;
      if (seatedButton) { seatedButton.hidden = true; }
    }
    // A line of a later round waiting to send ends the round before it: no correction then.
    var latest = queue.reduce(function (most, i) { return i.round > most ? i.round : most; }, 0);
    Array.prototype.forEach.call(document.querySelectorAll("[data-correct]"), function (button) {
      button.hidden = +button.getAttribute("data-round") < latest;
    });
  }

  function seatedRound() {
    return queue.reduce(function (most, i) {
      return (i.kind === "seated" || i.kind === "enter") && +i.round > most ? +i.round : most;
    }, 0);
  }
  // The players of round `round` are seated: said once, before anything else they do.
  function seat(round) {
    var ended = $("end-of-round");
    if (ended && !ended.hidden && round > +ended.getAttribute("data-round")) {
      add({kind: "seated", round: round});
    }
  }

  // -- North's taps. --
  var entry = $("entry");
  function showOnly(panel) {
    ["entry", "accept"].forEach(function (id) { if ($(id)) { $(id).hidden = id !== panel; } });
    var now = $("table-now");
    if (now) { now.hidden = !!panel; }
    window.scrollTo(0, 0);
  }
  function keepDraft() { keep(DRAFT, draft); }
  function openEntry(board, round, correct) {
    var kept = draft && draft.board === board && draft.round === round ? draft : null;
    draft = kept || blank(board, round, correct, false);
    keepDraft();
    showOnly("entry");
    drawEntry();
  }
  function blank(board, round, correct, passed) {
    return {board: board, round: round, correct: !!correct, level: 0, strain: "", doubled: "",
      declarer: "", tricks: null, leadSuit: "", leadRank: "", passed: passed};
  }
  function lineText() {
    if (draft.passed) { return "PASS"; }
    if (!draft.level || !draft.strain || !draft.declarer || draft.tricks === null) { return ""; }
    var lead = draft.leadSuit && draft.leadRank ? draft.leadSuit + draft.leadRank : "";
    if (config.lead && !lead) { return ""; }
    var text = draft.level + draft.strain + draft.doubled + " " + draft.declarer + " " + draft.tricks;
    return lead ? text + " " + lead : text;
  }
  function mark(group, value) {
    Array.prototype.forEach.call(entry.querySelectorAll("[data-" + group + "]"), function (button) {
      button.setAttribute("aria-pressed", button.getAttribute("data-" + group) === String(value) ? "true" : "false");
    });
  }
  function drawEntry() {
    $("entry-board").textContent = fill(draft.correct ? words.correcting : words.entering, {board: draft.board, vul: words.vulnerable[config.boards[draft.board]] || ""});
    mark("level", draft.level);
    mark("strain", draft.strain);
    mark("doubled", draft.doubled);
    mark("declarer", draft.declarer);
    mark("suit", draft.leadSuit);
    mark("rank", draft.leadRank);
    mark("passed", draft.passed ? "1" : "");
    var tricks = $("entry-tricks");
    tricks.innerHTML = "";
    if (draft.level) {
      for (var t = 0; t <= 13; t += 1) {
        var made = t - draft.level - 6;
        var button = document.createElement("button");
        button.type = "button";
        button.className = "tap" + (made >= 0 ? " made" : " down");
        button.setAttribute("data-tricks", t);
        button.setAttribute("aria-pressed", draft.tricks === t ? "true" : "false");
        button.innerHTML = "";
        var big = document.createElement("span");
        big.textContent = made === 0 ? "=" : (made > 0 ? "+" + made : "\u2212" + (-made));
        var small = document.createElement("small");
        small.textContent = fill(words.tricks, {tricks: t});
        button.appendChild(big);
        button.appendChild(small);
        tricks.appendChild(button);
      }
    }
    $("entry-lead").hidden = !config.lead || draft.passed;
    var text = lineText();
    $("entry-score").textContent = text ? describe(draft.board, text) : words.choose;
    $("entry-save").disabled = !text;
  }
  if (entry) {
    entry.addEventListener("click", function (event) {
      var button = event.target.closest("button");
      if (!button || !draft) { return; }
      if (button.hasAttribute("data-level")) { draft.level = +button.getAttribute("data-level"); draft.passed = false; draft.tricks = null; }
      else if (button.hasAttribute("data-strain")) { draft.strain = button.getAttribute("data-strain"); draft.passed = false; }
      else if (button.hasAttribute("data-doubled")) { draft.doubled = button.getAttribute("data-doubled"); }
      else if (button.hasAttribute("data-declarer")) { draft.declarer = button.getAttribute("data-declarer"); draft.passed = false; }
      else if (button.hasAttribute("data-tricks")) { draft.tricks = +button.getAttribute("data-tricks"); }
      else if (button.hasAttribute("data-suit")) { draft.leadSuit = button.getAttribute("data-suit"); }
      else if (button.hasAttribute("data-rank")) { draft.leadRank = button.getAttribute("data-rank"); }
      else if (button.hasAttribute("data-passed")) { draft = blank(draft.board, draft.round, draft.correct, true); }
      else if (button.id === "entry-cancel") { draft = null; keepDraft(); showOnly(null); return; }
      else if (button.id === "entry-save") {
        var text = lineText();
        if (!text) { return; }
        var item = {kind: "enter", key: newKey(), round: draft.round, board: draft.board, text: text, correct: draft.correct};
        say("");
        draft = null;
        keepDraft();
        add(item);
        openAccept(item.board, item.key, item.text, item.round);
        return;
      } else { return; }
      keepDraft();
      drawEntry();
    });
  }

  // -- East-West's check. --
  function openAccept(board, key, text, round) {
    accepting = {board: board, key: key, text: text, round: round};
    $("accept-board").textContent = fill(words.check_board, {board: board});
    $("accept-line").textContent = describe(board, text);
    var pin = $("accept-pin");
    if (pin) { pin.value = ""; }
    showOnly("accept");
  }
  var acceptPanel = $("accept");
  if (acceptPanel) {
    acceptPanel.addEventListener("click", function (event) {
      var button = event.target.closest("button");
      if (!button || !accepting) { return; }
      if (button.id === "accept-yes") {
        var pin = $("accept-pin");
        if (config.pin && !(pin && pin.value.trim())) { say(words.pin_needed); return; }
        add({kind: "accept", key: accepting.key, board: accepting.board, round: accepting.round, text: accepting.text, pin: pin ? pin.value.trim() : ""});
        say("");
      } else if (button.id === "accept-no") {
        add({kind: "dispute", key: accepting.key, board: accepting.board, round: accepting.round, text: accepting.text});
        say(fill(words.disputed, {board: accepting.board}));
      } else if (button.id !== "accept-later") { return; }
      accepting = null;
      showOnly(null);
    });
  }

  // -- The page's own buttons: a board, a correction, the director. --
  document.addEventListener("click", function (event) {
    var button = event.target.closest ? event.target.closest("button") : null;
    if (!button) { return; }
    if (button.hasAttribute("data-board-button")) {
      var board = button.getAttribute("data-board");
      var round = +button.getAttribute("data-round");
      seat(round);
      var mine = queued(board, round);
      var last = mine[mine.length - 1];
      if (last && last.kind === "enter") { openAccept(board, last.key, last.text, round); return; }
      if (last && last.kind !== "dispute") { return; }
      var state = button.getAttribute("data-state");
      if (!last && state === "entered") {
        openAccept(board, button.getAttribute("data-key"), button.getAttribute("data-text"), round);
        return;
      }
      if (last || state === "open" || state === "disputed") { openEntry(board, round, button.hasAttribute("data-correcting")); }
    } else if (button.hasAttribute("data-correct")) {
      openEntry(button.getAttribute("data-correct"), +button.getAttribute("data-round"), true);
    } else if (button.id === "seated") {
      seat(+button.getAttribute("data-round"));
    } else if (button.id === "call-director") {
      add({kind: "call"});
      say(words.called);
    }
  });

  paint();
  if (draft) { openEntry(draft.board, draft.round, draft.correct); }
  send();
})();
