"""The sentences the site writes into rows for people to read later (a change's note in the
history, how a teams round was drawn), kept as a code and its values and put into words when
read, in the reader's language: a French director reads in French what an English one did.

A stored note is the text a director typed, kept as typed (a str), or the site's sentences (a
list of {"code": ..., "values": {...}}), read one after another. A value is a number, a name,
a list of values (read with commas) or a sentence of its own.
"""

from datetime import date

from django.utils.translation import gettext, gettext_lazy, ngettext_lazy, pgettext

from events.models.event import event_label
from events.services.setting_words import named_settings_text, settings_text
from scoring import ScoringError
from scoring.carry_over import CARRY_OVER_METHODS
from scoring.errors import render


def _event(values: dict) -> str:
    return event_label(values["name"], date.fromisoformat(values["date"]))


def _carry_over(values: dict) -> str:
    # The engine's words: its label is a message id.
    return gettext(CARRY_OVER_METHODS[values["method"]]).lower()


def _engine(values: dict) -> str:
    # The engine's words, a ScoringError's: its message id (the English) and its values.
    return render(values["message"], values["values"])


def _warnings(values: dict) -> str:
    return pgettext("between the items of a list", "; ").join(
        note_text(warning) for warning in values["warnings"]
    )


def _lines_moved(values: dict) -> str:
    return note_text(sentence("wrong-boards", **values)) + str(
        ngettext_lazy("; %(count)s line moved with it", "; %(count)s lines moved with it", "count")
        % values
    )


# Each code's sentence: a message put into the reader's language (a plural one chooses its form
# by the value "count"), or a function of the values for what is not one message.
SENTENCES = {
    "bye": gettext_lazy("bye"),
    "event": _event,
    "carry-over-method": _carry_over,
    "warnings": _warnings,
    "engine": _engine,
    # Teams: the draw
    "round-1-seeded": gettext_lazy("Round 1 drawn seeded by strength."),
    "round-1-random": gettext_lazy("Round 1 drawn at random from seed %(seed)s."),
    "round-arrears-first": gettext_lazy(
        "Round %(round)s drawn in arrears, before any round was finished."
    ),
    "round-arrears": gettext_lazy(
        "Round %(round)s drawn from the standings after round %(after)s, one round in arrears."
    ),
    "round-standings": gettext_lazy(
        "Round %(round)s drawn from the standings after round %(after)s."
    ),
    "drawn-late": gettext_lazy("Drawn late, leaving out %(matches)s."),
    "table-match": gettext_lazy("table %(table)s (%(home)s v %(away)s)"),
    "three-way": gettext_lazy("A three-way: %(teams)s."),
    "swapped": gettext_lazy("Round %(round)s: %(first)s and %(second)s swapped."),
    "swapped-insisting": gettext_lazy(
        "Round %(round)s: %(first)s and %(second)s swapped, the director insisting (%(warnings)s)."
    ),
    "rematch": gettext_lazy("%(home)s and %(away)s met in round %(round)s: a rematch"),
    "had-bye": gettext_lazy("%(team)s has had a bye before"),
    "round-taken-back": gettext_lazy("Draw of round %(round)s taken back."),
    "schedule-taken-back": gettext_lazy("Draw of the schedule's rounds 1 to %(last)s taken back."),
    "round-robin": ngettext_lazy(
        "Round robin scheduled: %(count)s round.",
        "Round robin scheduled: %(count)s rounds.",
        "count",
    ),
    "qualifying-round-robin": ngettext_lazy(
        "Qualifying round robin scheduled: %(count)s round.",
        "Qualifying round robin scheduled: %(count)s rounds.",
        "count",
    ),
    "knockout-standings": gettext_lazy("Knock-out drawn from the standings after round %(round)s."),
    "knockout-seeds": gettext_lazy("Knock-out drawn from the seeds."),
    "knockout-winners": gettext_lazy(
        "Knock-out round %(round)s drawn from round %(last)s's winners."
    ),
    "carry-over": ngettext_lazy(
        "Carry-over in %(count)s match.", "Carry-over in %(count)s matches.", "count"
    ),
    "match": gettext_lazy("Round %(round)s, table %(table)s: %(home)s v %(away)s"),
    "match-line": gettext_lazy("%(team)s: board %(board)s, table %(table)s"),
    # Repairs of a pairs movement
    "late-pair": gettext_lazy("Late pair %(pair)s joins from round %(round)s"),
    "pair-leaves": gettext_lazy("Pair %(pair)s leaves after round %(round)s"),
    "wrong-boards": gettext_lazy(
        "Round %(round)s, table %(table)s played boards %(low)s-%(high)s, "
        "not %(old_low)s-%(old_high)s"
    ),
    "wrong-boards-moved": _lines_moved,
    "sat-wrong-way": gettext_lazy(
        "Round %(round)s, table %(table)s: pair %(ns)s sat NS, pair %(ew)s EW"
    ),
    "pairs-swap": gettext_lazy("Pairs %(first)s and %(second)s swap places from round %(round)s"),
    # Competitions
    "competition-made": gettext_lazy("%(competition)s: made"),
    "competition-carry-over": gettext_lazy("%(competition)s: carry-over %(method)s"),
    "competition-carry-over-best": gettext_lazy(
        "%(competition)s: carry-over %(method)s, best %(count)s sessions"
    ),
    "session-added": gettext_lazy("%(competition)s: %(event)s added"),
    "session-removed": gettext_lazy("%(competition)s: %(event)s removed"),
    "session-up": gettext_lazy("%(competition)s: %(event)s moved up"),
    "session-down": gettext_lazy("%(competition)s: %(event)s moved down"),
    # Lines entered at the tables, and lines the director confirms
    "accepted-by-pair": gettext_lazy("entered at table %(table)s, accepted by EW %(pair)s"),
    "accepted-by-team": gettext_lazy(
        "entered at table %(half)s of match %(table)s, accepted by %(team)s"
    ),
    "accepted-by-director": gettext_lazy("accepted by the director for table %(table)s"),
    "accepted-by-director-match": gettext_lazy(
        "accepted by the director for table %(half)s of match %(table)s"
    ),
    "line-right": gettext_lazy("Board %(board)d, %(ns)s v %(ew)s: %(line)s is right"),
    # The club's events and players
    "replaces": gettext_lazy("Replaces %(event)s (event #%(id)s)"),
    "deleted": gettext_lazy("Deleted %(event)s (event #%(id)s)"),
    "member-list": gettext_lazy("Member list %(file)s"),
    # A line imported with the file's points, fixed, as its contract could not be read
    "contract-unread": gettext_lazy("the contract %(contract)s cannot be read (%(why)s)"),
    "settings-changed": lambda values: settings_text(values["settings"]),
    "settings-named": lambda values: named_settings_text(values["settings"]),
}


def sentence(code: str, **values) -> dict:
    """One of SENTENCES with its values, as a note stores it."""
    if code not in SENTENCES:
        raise KeyError(code)
    return {"code": code, "values": values}


def event_value(event) -> dict:
    """An event as a sentence's value: its name and date, the date read in the reader's words."""
    return sentence("event", name=event.name, date=event.date.isoformat())


def engine_value(error: ScoringError) -> dict:
    """The engine's words (a ScoringError's message and values) as a sentence's value, read in
    the reader's language as the engine's messages are."""
    values = {
        name: value if isinstance(value, int | float | str) else str(value)
        for name, value in error.values.items()
    }
    return sentence("engine", message=error.message, values=values)


def note_text(note: str | list | dict) -> str:
    """A stored note in the active language: a director's text as typed, the site's sentences
    one after another."""
    if isinstance(note, str):
        return note
    if isinstance(note, list):
        return " ".join(filter(None, (note_text(part) for part in note)))
    said = SENTENCES[note["code"]]
    if callable(said):
        return said(note["values"])
    return str(said % {name: _value(value) for name, value in note["values"].items()})


def readable(note: object) -> bool:
    """Whether `note` is one this site reads: a text, the site's sentences with the values they
    name, or a list of them; a restored backup's note may have been crafted."""
    try:
        note_text(note)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError, RecursionError):
        return False
    return True


def _value(value):
    if isinstance(value, dict):
        return note_text(value)
    if isinstance(value, list):
        return ", ".join(str(_value(item)) for item in value)
    return value
