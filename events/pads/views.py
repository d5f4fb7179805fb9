"""The rubber and Chicago score pads' pages.

A pad is the list of its deals, kept in the session (`request.session["pads"][kind]`), so it
belongs to the browser, and to the logged-in user on it, without any table. Every request
rebuilds the pad from its deals with the engine, which owns every rule.
"""

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import trigger_client_event

from events.pads.calculators import describe_contract, result_label
from events.pads.forms import PadDealForm
from scoring import Chicago, Rubber, ScoringError, parse_contract
from scoring.rubber import SIDES

PADS = {"rubber": Rubber, "chicago": Chicago}
TITLES = {
    "rubber": gettext_lazy("Rubber bridge score pad"),
    "chicago": gettext_lazy("Chicago score pad"),
}
URL_NAMES = {"rubber": "rubber-pad", "chicago": "chicago-pad"}
# What each figure on the sheet is, by the engine's label of it.
TITLES_OF_FIGURES = {
    "contract": gettext_lazy("contract"),
    "overtricks": gettext_lazy("overtricks"),
    "slam": gettext_lazy("slam"),
    "insult": gettext_lazy("insult"),
    "penalty": gettext_lazy("penalty"),
    "honours": gettext_lazy("honours"),
    "unfinished game": gettext_lazy("unfinished game"),
    "unfinished part-score": gettext_lazy("unfinished part-score"),
    "rubber bonus": gettext_lazy("rubber bonus"),
    "game bonus": gettext_lazy("game bonus"),
    "part-score bonus": gettext_lazy("part-score bonus"),
}
# The short word written beside each figure (paper pads have none; it helps to check a sheet).
LABELS = {
    "contract": "",
    "unfinished game": gettext_lazy("game"),
    "unfinished part-score": gettext_lazy("part-score"),
    "rubber bonus": gettext_lazy("rubber"),
    "game bonus": gettext_lazy("game"),
    "part-score bonus": gettext_lazy("part-score"),
}


def _kind(kind: str) -> str:
    if kind not in PADS:
        raise Http404("No such score pad.")
    return kind


def _state(request: HttpRequest, kind: str) -> dict:
    """The pad's saved state: its deals and whether it was ended on request."""
    state = request.session.get("pads", {}).get(kind, {})
    return {"deals": state.get("deals", []), "ended": state.get("ended", False)}


def _save(request: HttpRequest, kind: str, *, deals: list, ended: bool) -> None:
    pads = request.session.get("pads", {})
    pads[kind] = {"deals": deals, "ended": ended}
    request.session["pads"] = pads  # reassigned so that the session knows it changed


def _pad(kind: str, state: dict):
    try:
        return PADS[kind].from_deals(state["deals"])
    except ScoringError:
        # Deals saved by an older version that the engine no longer accepts: start afresh.
        return PADS[kind]()


def _history(pad, words: dict[str, str]) -> list[dict]:
    """One row per deal: what was played, who was vulnerable, and what each side scored; the
    sides named in `words`."""
    points = {}
    for e in pad.entries:
        if e.deal is not None:
            by_side = points.setdefault(e.deal, dict.fromkeys(SIDES, 0))
            by_side[e.side] += e.points
    rows = []
    for number, (deal, vulnerable) in enumerate(
        zip(pad.deals, pad.dealt_vulnerable, strict=True), start=1
    ):
        contract = parse_contract(deal["contract"])
        honours = deal["honours"]
        rows.append(
            {
                "number": number,
                "contract": describe_contract(contract),
                "side": words.get(deal["side"], ""),
                "vulnerable": vulnerable[deal["side"]] if deal["side"] else False,
                "tricks": deal["tricks"],
                "result": result_label(contract, deal["tricks"]) if deal["side"] else "",
                "honours": (words[honours[0]], honours[1]) if honours else None,
                "points": points.get(number, dict.fromkeys(SIDES, 0)),
            }
        )
    return rows


def _entry(entry) -> dict:
    return {
        "deal": entry.deal,
        "points": entry.points,
        "label": entry.label,
        "title": TITLES_OF_FIGURES.get(entry.label, entry.label),
        "short": LABELS.get(entry.label, TITLES_OF_FIGURES.get(entry.label, entry.label)),
        "final": entry.deal is None,
    }


def _sheet(pad, *, ended: bool) -> dict:
    """The We/They sheet: above the line per side, below it game by game, and the totals."""
    entries = pad.entries + (pad.unfinished_bonuses if ended else [])
    above = {
        side: [_entry(e) for e in entries if e.line == "above" and e.side == side] for side in SIDES
    }
    completed = sum(pad.games_won.values())
    over = pad.finished or ended
    games = []
    # Every game with points below the line, and an empty game in progress unless play is over.
    last = max((e.game for e in entries if e.line == "below"), default=0)
    for number in range(1, max(last, completed + (0 if over else 1)) + 1):
        below = [e for e in entries if e.line == "below" and e.game == number]
        games.append(
            {
                "number": number,
                "complete": number <= completed,
                "we": [_entry(e) for e in below if e.side == "we"],
                "they": [_entry(e) for e in below if e.side == "they"],
            }
        )
    totals = pad.totals(final=ended)
    leader = max(SIDES, key=totals.get) if totals["we"] != totals["they"] else None
    return {
        "above": above,
        "games": games,
        "totals": totals,
        "leader": leader,
        "over": over,
        "ended": ended,
        "finished": pad.finished,
        "games_won": pad.games_won,
        "vulnerable": pad.vulnerable,
    }


def _context(kind: str, state: dict, pad, form: PadDealForm) -> dict:
    deals = pad.deals
    return {
        "kind": kind,
        "title": TITLES[kind],
        "form": form,
        "sheet": _sheet(pad, ended=state["ended"]),
        "history": _history(pad, form.words),
        "words": form.words,
        "deal_count": len(deals),
        "next_deal": len(deals) + 1,
        "chicago_deals": Chicago.DEALS,
        "other_kind": "chicago" if kind == "rubber" else "rubber",
        "other_url": URL_NAMES["chicago" if kind == "rubber" else "rubber"],
    }


def _show(request: HttpRequest, kind: str, *, form: PadDealForm | None = None) -> HttpResponse:
    """The pad, whole page or (for htmx) the #pad fragment; status 200 even with errors."""
    state = _state(request, kind)
    pad = _pad(kind, state)
    if form is None:
        form = PadDealForm(pad=pad, ended=state["ended"], kind=kind)
    template = "pads/pad.html#pad" if request.htmx else "pads/pad.html"
    response = render(request, template, _context(kind, state, pad, form))
    if request.htmx:
        trigger_client_event(response, "pad-changed")
    return response


def _done(request: HttpRequest, kind: str) -> HttpResponse:
    if request.htmx:
        return _show(request, kind)
    return redirect(URL_NAMES[kind])


@require_GET
def rubber_pad(request: HttpRequest) -> HttpResponse:
    return _show(request, "rubber")


@require_GET
def chicago_pad(request: HttpRequest) -> HttpResponse:
    return _show(request, "chicago")


@require_POST
def record_deal(request: HttpRequest, kind: str) -> HttpResponse:
    """Record one typed deal; a refused line comes back with what was typed and why."""
    kind = _kind(kind)
    state = _state(request, kind)
    pad = _pad(kind, state)
    form = PadDealForm(request.POST, pad=pad, ended=state["ended"], kind=kind)
    if not form.is_valid():
        return _show(request, kind, form=form)
    _save(request, kind, deals=pad.deals, ended=False)
    return _done(request, kind)


@require_POST
def undo(request: HttpRequest, kind: str) -> HttpResponse:
    """Undo the last thing done: reopen a pad ended on request, else remove the last deal."""
    kind = _kind(kind)
    state = _state(request, kind)
    pad = _pad(kind, state)
    if state["ended"]:
        _save(request, kind, deals=pad.deals, ended=False)
    elif pad.deals:
        pad.undo()
        _save(request, kind, deals=pad.deals, ended=False)
    return _done(request, kind)


@require_POST
def end(request: HttpRequest, kind: str) -> HttpResponse:
    """Stop play now: the sheet adds the bonuses for an unfinished rubber."""
    kind = _kind(kind)
    state = _state(request, kind)
    pad = _pad(kind, state)
    if pad.deals and not pad.finished:
        _save(request, kind, deals=pad.deals, ended=True)
    return _done(request, kind)


@require_POST
def new(request: HttpRequest, kind: str) -> HttpResponse:
    """Clear the pad for a new rubber or Chicago."""
    kind = _kind(kind)
    _save(request, kind, deals=[], ended=False)
    return _done(request, kind)
