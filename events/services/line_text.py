"""A saved traveller line as text: what the entry grid shows and the history page quotes.

A teams match's line (MatchLine) reads the same: it has no weighted, split or percent score.
"""

from django.utils.translation import gettext, gettext_lazy

from events.models import MatchLine, Result
from events.services.notes import note_text
from scoring import TravellerLine
from scoring.weighted_scores import weighted_text

_AVERAGES = {"A+": gettext_lazy("Ave+"), "A": gettext_lazy("Ave"), "A-": gettext_lazy("Ave-")}


def result_text(result: Result | MatchLine) -> str:
    """A saved line as the director would type it again."""
    note = f" # {note_text(result.note)}" if result.note else ""
    return _result_text(result) + note


def _result_text(result: Result | MatchLine) -> str:
    if result.not_played:
        return "NP"
    if getattr(result, "weights", None):
        return weighted_text(result.weights, typed=True)
    if result.ns_adjustment:
        return f"{adjusted_text(result, 'ns')} {adjusted_text(result, 'ew')}"
    if getattr(result, "score_ew", None) is not None:
        return f"{result.score_ns:+d} / {result.score_ew:+d}"
    if result.contract == "PASS":
        return "P"
    if not result.contract:
        return f"{result.score_ns:+d}" if result.score_ns is not None else ""
    lead = f" {result.lead}" if result.lead else ""
    return f"{result.contract} {result.declarer} {result.tricks}{lead}"


def scored_text(result: Result | MatchLine) -> str:
    """The line and its North-South score, as the history quotes it: "4S N 10 (+420)"."""
    text = _result_text(result)
    if result.contract and result.contract != "PASS" and result.score_ns is not None:
        return f"{text} ({result.score_ns:+d})"
    return text


def adjusted_text(result: Result, side: str) -> str:
    """One side's artificial score as typed: its code (A+), or its percent (A70) when it has one."""
    percent = getattr(result, f"{side}_percent", None)
    return getattr(result, f"{side}_adjustment") if percent is None else f"A{percent:g}"


def adjusted_shown(result: Result, side: str) -> str:
    """One side's artificial score as a traveller or scorecard prints it: its code (A+), or its
    percent (70%) when it has one."""
    percent = getattr(result, f"{side}_percent", None)
    return getattr(result, f"{side}_adjustment") if percent is None else f"{percent:g}%"


def split_words(result: Result) -> str:
    """A split score as players read it, each side's from its own seat: "Split: NS +420, EW +50"."""
    return gettext("Split: NS %(ns)s, EW %(ew)s") % {
        "ns": f"{result.score_ns:+d}",
        "ew": f"{-result.score_ew:+d}",
    }


def adjusted_words(line: Result | MatchLine | TravellerLine) -> str:
    """What an adjusted line gives each side, as the grid shows it: "Ave+ to NS, Ave- to EW"."""
    words = []
    for side in ("ns", "ew"):
        percent = getattr(line, f"{side}_percent", None)
        code = getattr(line, f"{side}_adjustment")
        words.append(
            gettext("%(average)s to %(side)s") % {"average": _AVERAGES[code], "side": side.upper()}
            if percent is None
            else gettext("%(percent)s%% to %(side)s")
            % {"percent": f"{percent:g}", "side": side.upper()}
        )
    return ", ".join(words)
