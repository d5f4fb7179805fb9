"""A saved traveller line as text: what the entry grid shows and the history page quotes."""

from events.models import Result


def result_text(result: Result) -> str:
    """A saved line as the director would type it again."""
    note = f" # {result.note}" if result.note else ""
    return _result_text(result) + note


def _result_text(result: Result) -> str:
    if result.not_played:
        return "NP"
    if result.ns_adjustment:
        return f"{result.ns_adjustment} {result.ew_adjustment}"
    if result.score_ew is not None:
        return f"{result.score_ns:+d} / {result.score_ew:+d}"
    if result.contract == "PASS":
        return "P"
    if not result.contract:
        return f"{result.score_ns:+d}" if result.score_ns is not None else ""
    lead = f" {result.lead}" if result.lead else ""
    return f"{result.contract} {result.declarer} {result.tricks}{lead}"


def scored_text(result: Result) -> str:
    """The line and its North-South score, as the history quotes it: "4S N 10 (+420)"."""
    text = _result_text(result)
    if result.contract and result.contract != "PASS" and result.score_ns is not None:
        return f"{text} ({result.score_ns:+d})"
    return text
