"""A movement's name and one-line description in the reader's language.

The engine names its movements in English ("7-table Mitchell, arrow switch"), and the section
keeps that name (or "Imported PBN from Dealer"), which the files (PBN, USEBIO) carry as it is;
a page shows it translated. A name the engine did not make (another program's, read from its
file) is shown as it is.
"""

import re

from django.utils.translation import gettext, ngettext, pgettext

from scoring.movements.model import Movement

_TABLES = r"(?P<tables>\d+½?)"
# The engine's names (scoring.movements): each pattern, and its name in the reader's language.
_NAMES = [
    (
        re.compile(rf"{_TABLES}-table Mitchell(?P<rest>.*)"),
        None,  # a Mitchell's variants: _mitchell_names
    ),
    (
        re.compile(rf"{_TABLES}-table Howell \(sit-out\)"),
        lambda: gettext("%(tables)s-table Howell (sit-out)"),
    ),
    (re.compile(rf"{_TABLES}-table Howell"), lambda: gettext("%(tables)s-table Howell")),
    (
        re.compile(rf"{_TABLES}-table barometer \(Howell\)"),
        lambda: gettext("%(tables)s-table barometer (Howell)"),
    ),
    (
        re.compile(rf"{_TABLES}-table barometer \(Mitchell\)"),
        lambda: gettext("%(tables)s-table barometer (Mitchell)"),
    ),
    (
        re.compile(rf"{_TABLES}-table complete individual \((?P<players>\d+) players\)"),
        lambda: gettext("%(tables)s-table complete individual (%(players)s players)"),
    ),
    (
        re.compile(rf"{_TABLES}-table complete barometer individual \((?P<players>\d+) players\)"),
        lambda: gettext("%(tables)s-table complete barometer individual (%(players)s players)"),
    ),
    (
        re.compile(rf"{_TABLES}-table Rainbow individual"),
        lambda: gettext("%(tables)s-table Rainbow individual"),
    ),
    (
        re.compile(rf"{_TABLES}-table Rainbow barometer individual"),
        lambda: gettext("%(tables)s-table Rainbow barometer individual"),
    ),
    # An imported section without a movement of its file's (events.services.imports).
    (
        re.compile(r"Imported (?P<format>PBN|USEBIO) from (?P<program>.+)"),
        lambda: gettext("Imported %(format)s from %(program)s"),
    ),
    (re.compile(r"Imported (?P<format>PBN|USEBIO)"), lambda: gettext("Imported %(format)s")),
]


def _mitchell_names() -> dict[str, str]:
    """Each Mitchell's name after its "n-table Mitchell", and the whole name translated."""
    return {
        "": gettext("%(tables)s-table Mitchell"),
        " (sit-out)": gettext("%(tables)s-table Mitchell (sit-out)"),
        ", skip": gettext("%(tables)s-table Mitchell, skip"),
        " (sit-out), skip": gettext("%(tables)s-table Mitchell (sit-out), skip"),
        ", share and relay": gettext("%(tables)s-table Mitchell, share and relay"),
        " (sit-out), share and relay": gettext(
            "%(tables)s-table Mitchell (sit-out), share and relay"
        ),
        ", arrow switch": gettext("%(tables)s-table Mitchell, arrow switch"),
        " (sit-out), arrow switch": gettext("%(tables)s-table Mitchell (sit-out), arrow switch"),
        ", skip, arrow switch": gettext("%(tables)s-table Mitchell, skip, arrow switch"),
        " (sit-out), skip, arrow switch": gettext(
            "%(tables)s-table Mitchell (sit-out), skip, arrow switch"
        ),
        ", share and relay, arrow switch": gettext(
            "%(tables)s-table Mitchell, share and relay, arrow switch"
        ),
        " (sit-out), share and relay, arrow switch": gettext(
            "%(tables)s-table Mitchell (sit-out), share and relay, arrow switch"
        ),
    }


def movement_name(name: str) -> str:
    """The engine's English `name` of a movement in the reader's language; any other as it is."""
    for pattern, message in _NAMES:
        if found := pattern.fullmatch(name):
            if message is None:
                shown = _mitchell_names().get(found["rest"])
                return name if shown is None else shown % {"tables": found["tables"]}
            return message() % found.groupdict()
    return name


def movement_description(movement: Movement) -> str:
    """One line for a director: rounds, boards, boards each pair plays, sit-out, relay, each a
    clause of its own."""
    parts = [
        ngettext(
            "%(rounds)s rounds of %(per_round)s board, %(count)s boards in play",
            "%(rounds)s rounds of %(per_round)s boards, %(count)s boards in play",
            movement.boards_per_round,
        )
        % {
            "rounds": movement.rounds,
            "per_round": movement.boards_per_round,
            "count": movement.board_count,
        }
    ]
    played = sorted({movement.boards_played(pair) for pair in movement.pairs})
    if len(played) == 1:
        parts.append(gettext("each pair plays %(boards)s") % {"boards": played[0]})
    else:
        parts.append(
            gettext("pairs play %(fewest)s-%(most)s") % {"fewest": played[0], "most": played[-1]}
        )
    if movement.phantom is not None:
        parts.append(gettext("one pair sits out each round"))
    half = movement.tables // 2
    if movement.variant == "skip" and movement.rounds > half:
        parts.append(gettext("EW skip a table after round %(round)s") % {"round": half})
    if movement.variant == "relay":
        parts.append(
            gettext(
                "tables 1 and %(last)s share boards, relay stand between tables %(before)s "
                "and %(after)s"
            )
            % {"last": movement.tables, "before": half, "after": half + 1}
        )
    if movement.barometer:
        parts.append(gettext("every table plays the round's boards, each from its own copy"))
    if rounds := movement.arrow_switch_rounds:
        parts.append(
            ngettext(
                "arrow switch in round %(rounds)s",
                "arrow switch in rounds %(rounds)s",
                len(rounds),
            )
            % {"rounds": ", ".join(str(r) for r in rounds)}
        )
    one_winner = movement.kind == "howell" or movement.arrow_switch_rounds
    parts.append(gettext("one winner") if one_winner else gettext("NS and EW winners"))
    return pgettext("between the facts of a movement's description", "; ").join(parts)
