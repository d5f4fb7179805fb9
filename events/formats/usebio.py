"""USEBIO 1.2 XML results, in and out: matchpoint, Butler and cross-IMP pairs (SPEC §6.2).

Reads what Compscore writes: EVENT_TYPE MP_PAIRS, BUTLER_PAIRS or CROSS_IMP; SCORE as North-
South's signed score or an artificial "A6040" (NS percent then EW percent); a passed-out line
with an empty TRICKS; LEAD rank then suit ("TS"); WINNER_TYPE 1 or 2 with pairs numbered "3NS"
and "3EW"; the deals in HANDSET. Writes the same, with our own settings in a processing
instruction (`<?clubscoring ...?>`) that other readers skip.
"""

import datetime
import re
import xml.etree.ElementTree as ET
from dataclasses import replace
from xml.sax.saxutils import escape

from django.utils.translation import gettext, gettext_noop

from events.formats.imported import (
    NOT_PLAYED,
    FileRefused,
    ImportedBoard,
    ImportedEvent,
    ImportedPair,
    Sides,
    adjusted_line,
    ew_offset,
    file_pair_id,
    finish_event,
    movement_results_text,
    printed_imps,
    printed_number,
    printed_points,
    read_movement_results,
    read_table_rounds,
    result_line,
    table_rounds_text,
    weighted_line,
    whole_number,
    winners_from_places,
)
from events.formats.pair_files import FileBoard, FileLine, FileSection, PairsFile
from events.formats.section_scoring import read_section_scoring
from events.formats.vocabulary import (
    BUTLER,
    CROSS_IMPS,
    FACTOR_TO,
    MATCHPOINTS,
    PERCENTAGE_BASES,
    REVEALS,
    STATUSES,
)
from scoring import board_conditions, butler_datum
from scoring.adjusted_scores import ADJUSTED_SCORE_RULES, FIXED_PERCENT
from scoring.cross_imps import CROSS_IMP_MODES
from scoring.datum import DATUM_METHODS
from scoring.deals import DealRefused, normalize_deal
from scoring.matchpoints import MISSING_RESULT_RULES, ROUNDING_RULES
from scoring.weighted_scores import weighted_text

PROGRAM = "Clubscoring"
_EVENT_TYPES = {
    "MP_PAIRS": {"scoring": MATCHPOINTS, "mp_scale": 2},
    "BUTLER_PAIRS": {"scoring": BUTLER, "datum_method": "drop-one"},
    "CROSS_IMP": {"scoring": CROSS_IMPS, "cross_imp_mode": "cross2"},
}
# USEBIO 1.2 and the programs that write it name a pairs event "PAIRS" and say how its boards
# were scored in BOARD_SCORING_METHOD (a Scorer-to-USEBIO converter writes it only for IMPs).
_BOARD_SCORING = {
    "": _EVENT_TYPES["MP_PAIRS"],
    "MATCH_POINTS": _EVENT_TYPES["MP_PAIRS"],
    "BUTLER_IMPS": _EVENT_TYPES["BUTLER_PAIRS"],
    "CROSS_IMPS": _EVENT_TYPES["CROSS_IMP"],
}
_TEAM_TYPES = {"SWISS_TEAMS", "TEAMS_OF_FOUR", "TEAMS", "KO", "HEAD_TO_HEAD", "LADDER"}
_SWISS_PAIR_TYPES = {"SWISS_PAIRS", "SWISS_PAIRS_CROSS_IMPS", "SWISS_PAIRS_BUTLER_IMPS"}
_POINTS = {
    MATCHPOINTS: "MATCH_POINTS",
    BUTLER: "BUTLER_POINTS",
    CROSS_IMPS: "CROSS_IMP_POINTS",
}
_ARTIFICIAL = re.compile(r"^A(\d{2,3})(\d{2,3})$")
_HAND_SEATS = {"NORTH": "N", "EAST": "E", "SOUTH": "S", "WEST": "W"}
_PI = re.compile(r'(\w+)="([^"]*)"')
# Our settings in the <?clubscoring ...?> instruction, with the values each may take.
_SETTINGS = {
    "mp_scale": {"1": 1, "2": 2},
    "mp_rounding": {k: k for k in ROUNDING_RULES},
    "missing_results": {k: k for k in MISSING_RESULT_RULES},
    "factor_to": {k: k for k in FACTOR_TO},
    "percentage_basis": {k: k for k in PERCENTAGE_BASES},
    "datum_method": {k: k for k in DATUM_METHODS},
    "cross_imp_mode": {k: k for k in CROSS_IMP_MODES},
    "adjusted_scores": {k: k for k in ADJUSTED_SCORE_RULES},
    "factor_totals": {"1": True, "0": False},
    "reveal": {k: k for k in REVEALS},
    "status": {k: k for k in STATUSES},
    "section_scoring": {"section": "section", "field": "field"},
}


def looks_like_usebio(data: bytes) -> bool:
    return b"<USEBIO" in data[:4096]


# ---------------------------------------------------------------------------------------------
# Reading


def _text(element: ET.Element | None, name: str) -> str:
    if element is None:
        return ""
    child = element.find(name)
    return (child.text or "").strip() if child is not None else ""


def _where(board_number, index: int | None = None) -> str:
    where = f"BOARD {board_number}"
    return where if index is None else f"{where}, TRAVELLER_LINE {index}"


def read_event(data: bytes) -> tuple[ET.Element, ET.Element]:
    """The USEBIO root and its one EVENT, processing instructions kept; FileRefused for XML that
    is not well formed, not USEBIO, or holds more than one session or section."""
    builder = ET.TreeBuilder(insert_pis=True)
    try:
        parser = ET.XMLParser(target=builder)
        parser.feed(data)
        root = parser.close()
    except ET.ParseError as error:
        raise FileRefused(
            gettext("the XML is not well formed: %(error)s") % {"error": error},
        ) from None
    except LookupError as error:  # an encoding Python does not know: "x-bogus"
        raise FileRefused(
            gettext("the XML declares an encoding that cannot be read (%(error)s)")
            % {"error": error},
        ) from None
    if root.tag != "USEBIO":
        raise FileRefused(
            gettext("this is not a USEBIO file: the root element is <%(tag)s>") % {"tag": root.tag},
        )
    event_element = root.find("EVENT")
    if event_element is None:
        raise FileRefused(
            gettext("the USEBIO file has no EVENT element"),
        )
    if len(event_element.findall(".//SESSION")) > 1:
        raise FileRefused(
            gettext("the file has more than one session: import them one by one"),
        )
    return root, event_element


def parse_file(data: bytes) -> ImportedEvent:
    """Read a USEBIO results file; FileRefused naming the element for anything we cannot score."""
    root, event_element = read_event(data)
    settings = _event_type_settings(event_element)
    # Compscore scales the total of a pair that missed boards up to the most any pair played.
    settings["factor_totals"] = True
    ours = _our_values(root, event_element)
    settings.update(_our_settings(ours))
    readings: list[tuple[str, str]] = []
    winners = _winners(event_element, readings)
    deals = _handset(root)
    sections = event_element.findall(".//SECTION")
    parts = []
    for element in sections if len(sections) > 1 else [event_element]:
        part = _section(root, event_element, element, settings, deals)
        letter = element.get("SECTION_ID", "").strip().upper()
        suffix = f"_{letter}" if len(sections) > 1 else ""
        if ours.get("barometer") == "1":
            _barometer_movement(part, ours, suffix)
        where = f"the clubscoring instruction's movement_results{suffix}"
        read_movement_results(part, ours.get(f"movement_results{suffix}", ""), where)
        part.readings = [] if parts else readings  # the preview reads the first section's
        parts.append(finish_event(part, winners=1 if part.players else winners))
    event = parts[0]
    if len(parts) > 1:
        letters = [element.get("SECTION_ID", "").strip().upper() for element in sections]
        if len(set(letters)) != len(letters) or not all(
            re.fullmatch(r"[A-Z]{1,2}", letter) for letter in letters
        ):
            raise FileRefused(
                gettext("the SECTION_IDs %(letters)s are not distinct letters, as A and B")
                % {"letters": letters},
            )
        for part, letter in zip(parts, letters, strict=True):
            part.section = letter
        event.sections = parts[1:]
        scoring, why = settings.get("section_scoring", ""), ""
        if not scoring:
            across = _ranked_across_sections(sections)
            scoring, why = read_section_scoring(parts, ranked_across=across)
        event.settings["section_scoring"] = scoring
        how = gettext("across the field") if scoring == "field" else gettext("each apart")
        how += f", {why}" if why else ""
        readings.append(
            (
                gettext("Sections"),
                gettext("%(parts_count)s (%(letters)s), scored %(how)s")
                % {"parts_count": len(parts), "letters": ", ".join(letters), "how": how},
            )
        )
    return event


def _ranked_across_sections(sections: list[ET.Element]) -> bool:
    """Whether the sections' places run through one ranking of the whole field: a section
    that places its pairs but places none first."""
    for section in sections:
        places = [_text(pair, "PLACE").rstrip("=") for pair in section.iter("PAIR")]
        if any(places) and "1" not in places:
            return True
    return False


def event_header(root: ET.Element, event_element: ET.Element) -> dict:
    """What the EVENT says of itself, as a pairs or a teams file holds it: its name (the
    EVENT_DESCRIPTION, else the TITLE), its DATE, the program that wrote it and the club."""
    return {
        "name": _text(event_element, "EVENT_DESCRIPTION")
        or _text(event_element, "TITLE")
        or "Imported event",
        "date": _date(_text(event_element, "DATE")),
        "file_format": "USEBIO",
        "generator": _text(event_element, "PROGRAM_NAME"),
        "club_name": _text(root.find("CLUB"), "CLUB_NAME"),
    }


def _section(root, event_element, element, settings: dict, deals) -> ImportedEvent:
    """One section's pairs and boards (`element` is the SECTION, or the EVENT of a file of
    one section), read as an event of its own."""
    pairs, offset = _pairs(element)
    if element is not event_element and element.find(".//HANDSET") is not None:
        deals = _handset(element)  # the section's own deals
    own = dict(settings)
    if offset:
        own["ew_numbered_on"] = False
    event = ImportedEvent(
        **event_header(root, event_element), settings=own, pairs=pairs, ew_offset=offset
    )
    individual = event_element.get("EVENT_TYPE", "").strip().upper() == "INDIVIDUAL"
    sides = Sides() if individual else None
    if individual:
        event.players = _players(event_element)
    in_handset = {id(b) for handset in root.iter("HANDSET") for b in handset.iter("BOARD")}
    for board in element.iter("BOARD"):
        if id(board) not in in_handset:
            event.boards.append(_board(board, deals, offset, sides))
    if sides is not None:
        sides.settle(event)
    return event


# An individual's traveller line names its four players. The USEBIO 1.2 DTD could not be read
# (SPEC §6.2): these are our names, after PBN's PlayerId_North .. PlayerId_West.
_PLAYER_NUMBERS = {"N": "NORTH_PLAYER_NUMBER", "E": "EAST_PLAYER_NUMBER",
                   "S": "SOUTH_PLAYER_NUMBER", "W": "WEST_PLAYER_NUMBER"}  # fmt: skip


def _players(event_element: ET.Element) -> dict[int, str]:
    """An individual's players by number, from PARTICIPANTS' PLAYER elements."""
    players = {}
    participants = next(event_element.iter("PARTICIPANTS"), None)
    if participants is None:
        return players
    if participants.find("PAIR") is not None:
        raise FileRefused(
            gettext(
                "this individual event (EVENT_TYPE INDIVIDUAL) lists pairs: an "
                "individual's PARTICIPANTS are PLAYER elements, each with its "
                "PLAYER_NUMBER"
            ),
        )
    for index, element in enumerate(participants.findall("PLAYER"), start=1):
        number = whole_number(_text(element, "PLAYER_NUMBER"))
        if number is None or number < 1:
            raise FileRefused(
                gettext("PLAYER %(index)s: PLAYER_NUMBER is not a whole number") % {"index": index},
            )
        players[number] = _text(element, "PLAYER_NAME")
    return players


def _individual_seat(element: ET.Element, where: str, sides: Sides) -> dict:
    players = {seat: _int(element, name, where) for seat, name in _PLAYER_NUMBERS.items()}
    if None in players.values() or len(set(players.values())) < 4:
        named = ", ".join(_PLAYER_NUMBERS.values())
        raise FileRefused(
            gettext("%(where)s: the line needs four different players, %(named)s")
            % {"where": where, "named": named},
        )
    ours = _line_instruction(element)
    at = tuple(
        _int(element, f"{name.upper()}_NUMBER", where) or whole_number(ours.get(name, ""))
        for name in ("round", "table")
    )
    return {
        "ns_pair": sides.number(*at, "NS", (players["N"], players["S"])),
        "ew_pair": sides.number(*at, "EW", (players["E"], players["W"])),
        "round": at[0],
        "table": at[1],
    }


def _event_type_settings(event_element: ET.Element) -> dict:
    """The scoring an EVENT_TYPE (and, for "PAIRS", its BOARD_SCORING_METHOD) stands for;
    FileRefused naming the type for teams, individuals, Swiss pairs and anything unknown."""
    event_type = event_element.get("EVENT_TYPE", "").strip().upper()
    if event_type in _TEAM_TYPES:
        raise FileRefused(
            gettext(
                "this is a teams event (EVENT_TYPE %(event_type)s); teams are not supported yet"
            )
            % {"event_type": event_type},
        )
    if event_type in _SWISS_PAIR_TYPES:
        raise FileRefused(
            gettext(
                "this is a Swiss pairs event (EVENT_TYPE %(event_type)s), scored in "
                "matches; Swiss pairs are not supported yet"
            )
            % {"event_type": event_type},
        )
    if event_type in ("PAIRS", "INDIVIDUAL"):
        method = _text(event_element, "BOARD_SCORING_METHOD").upper().replace(" ", "_")
        if method not in _BOARD_SCORING:
            known = ", ".join(m for m in _BOARD_SCORING if m)
            raise FileRefused(
                gettext(
                    "EVENT_TYPE %(event_type)s scored by BOARD_SCORING_METHOD %(method)s is "
                    "not supported: %(known)s only"
                )
                % {"event_type": event_type, "method": method, "known": known},
            )
        return dict(_BOARD_SCORING[method])
    if event_type not in _EVENT_TYPES:
        known = ", ".join([*_EVENT_TYPES, "PAIRS"])
        raise FileRefused(
            gettext("EVENT_TYPE %(value)s is not supported: %(known)s only")
            % {"value": event_type or "(none)", "known": known},
        )
    return dict(_EVENT_TYPES[event_type])


def _winners(event_element: ET.Element, readings: list) -> int | None:
    """WINNER_TYPE when the file gives it; else what the PARTICIPANTS' places say."""
    winner_type = _text(event_element, "WINNER_TYPE")
    if winner_type not in ("", "1", "2"):
        raise FileRefused(
            gettext("WINNER_TYPE must be 1 or 2, not %(winner_type)s")
            % {"winner_type": repr(winner_type)},
        )
    if winner_type:
        readings.append(
            (
                gettext("Winners"),
                gettext("%(count)s: the file's WINNER_TYPE says so")
                % {"count": gettext(_COUNT[winner_type])},
            )
        )
        return int(winner_type)
    places = [
        (
            _text(pair, "DIRECTION") or _pair_direction(_text(pair, "PAIR_NUMBER")),
            _text(pair, "PLACE"),
        )
        for pair in event_element.iter("PAIR")
    ]
    winners = winners_from_places(places)
    if winners is not None:
        how = gettext("by direction") if winners == 2 else gettext("as one field")
        readings.append(
            (
                gettext("Winners"),
                gettext("%(count)s: the file places its pairs %(how)s")
                % {"count": gettext(_COUNT[str(winners)]), "how": how},
            )
        )
    return winners


_COUNT = {"1": gettext_noop("One"), "2": gettext_noop("Two")}


def _pair_direction(text: str) -> str:
    """The direction a PAIR_NUMBER such as "3EW" carries; "" for none (a bad number is refused
    when the pairs are read)."""
    try:
        return file_pair_id(text, "")[1]
    except FileRefused:
        return ""


def _our_values(root: ET.Element, event_element: ET.Element) -> dict[str, str]:
    """What our <?clubscoring ...?> instruction of the file or its event says, as written."""
    values = {}
    for node in [*root, *event_element]:
        if node.tag is ET.ProcessingInstruction and (node.text or "").startswith("clubscoring"):
            values.update(_PI.findall(node.text))
    return values


def _barometer_movement(event: ImportedEvent, ours: dict[str, str], suffix: str) -> None:
    """Our barometer, and its movement as _barometer_values writes it."""
    event.barometer = True
    event.movement = ours.get(f"movement{suffix}", "")[:80]
    boards_per_round = whole_number(ours.get(f"boards_per_round{suffix}", ""))
    if boards_per_round:
        event.boards_per_round = min(boards_per_round, 32767)
    where = f"the clubscoring instruction's table_rounds{suffix}"
    read_table_rounds(event, ours.get(f"table_rounds{suffix}", ""), where)


def _our_settings(values: dict[str, str]) -> dict:
    settings = {}
    for name, value in values.items():
        if name in _SETTINGS and value in _SETTINGS[name]:
            settings[name] = _SETTINGS[name][value]
        elif name == "factor_boards" and whole_number(value) is not None:
            settings[name] = whole_number(value)
    return settings


def _date(text: str) -> datetime.date:
    for pattern in ("%d/%m/%Y", "%Y-%m-%d"):
        try:
            return datetime.datetime.strptime(text, pattern).date()
        except ValueError:
            continue
    raise FileRefused(
        gettext("DATE %(text)s is not a date written dd/mm/yyyy") % {"text": repr(text)},
    )


def _pairs(event_element: ET.Element) -> tuple[list[ImportedPair], int]:
    """The pairs, and the number added to an EW pair's number when NS and EW both count from 1.

    With two winners Compscore numbers each direction from 1 ("3NS", "3EW"); our pair numbers are
    unique in a section, so EW pair k becomes k + the highest NS number, as in our Mitchells.
    """
    found = []
    for index, element in enumerate(event_element.iter("PAIR"), start=1):
        number, suffix = file_pair_id(_text(element, "PAIR_NUMBER"), f"PAIR {index}")
        direction = suffix or _text(element, "DIRECTION").upper().replace("-", "")
        names = [_text(player, "PLAYER_NAME") for player in element.iter("PLAYER")]
        printed = ImportedPair(
            number=number,
            names=[name for name in names if name],
            where=f"PAIR {index}",
            printed_total=printed_number(_text(element, "TOTAL_SCORE")),
            printed_percentage=printed_number(_text(element, "PERCENTAGE")),
        )
        found.append((number, direction, printed))
    offset = ew_offset([(n, d) for n, d, _ in found])
    pairs = [
        replace(
            pair,
            number=n + (offset if d == "EW" else 0),
            direction=d if d in ("NS", "EW") else "",
        )
        for n, d, pair in found
    ]
    if len({p.number for p in pairs}) != len(pairs):
        raise FileRefused(
            gettext("PARTICIPANTS lists a pair number twice"),
        )
    return pairs, offset


def _handset(root: ET.Element) -> dict[int, tuple[str, str, str]]:
    """Board number -> (deal, dealer, vulnerability) from the HANDSET; "" where not given."""
    handset = root.find(".//HANDSET")
    if handset is None:
        return {}
    deals = {}
    for element in handset.iter("BOARD"):
        number, *dealt = handset_board(element)
        deals[number] = tuple(dealt)
    return deals


def handset_board(element: ET.Element) -> tuple[int, str, str, str]:
    """A HANDSET's BOARD: its number, deal (PBN), dealer and vulnerability, "" where not
    given; FileRefused naming the board for a number or a hand we cannot read."""
    number_text = _text(element, "BOARD_NUMBER")
    if whole_number(number_text) is None:
        raise FileRefused(
            gettext("HANDSET BOARD_NUMBER %(number_text)s is not a board number")
            % {"number_text": repr(number_text[:20])},
        )
    hands = {}
    for hand in element.iter("HAND"):
        seat = _HAND_SEATS.get(_text(hand, "DIRECTION").upper())
        if seat is None:
            raise FileRefused(
                gettext("HANDSET board %(number_text)s: a HAND has no DIRECTION North…West")
                % {"number_text": number_text},
            )
        hands[seat] = ".".join(
            _text(hand, suit).upper().replace("10", "T")
            for suit in ("SPADES", "HEARTS", "DIAMONDS", "CLUBS")
        )
    text = "N:" + " ".join(hands.get(seat, "-") for seat in "NESW")
    try:
        deal = normalize_deal(text)
    except DealRefused as refused:
        raise FileRefused(
            gettext("HANDSET board %(number_text)s: %(refused)s")
            % {"number_text": number_text, "refused": refused},
        ) from None
    dealer = _text(element, "DEALER")[:1].upper()
    vulnerability = _text(element, "VULNERABILITY") or _text(element, "VULNERABLE")
    return whole_number(number_text), deal, dealer, vulnerability


def _board(element: ET.Element, deals: dict, offset: int, sides: Sides | None) -> ImportedBoard:
    number_text = _text(element, "BOARD_NUMBER")
    number = whole_number(number_text)
    if number is None or number < 1:
        raise FileRefused(
            gettext("BOARD_NUMBER %(number_text)s is not a board number")
            % {"number_text": repr(number_text[:20])},
        )
    dealer, vulnerability = board_conditions(number)
    deal, given_dealer, given_vulnerability = deals.get(number, ("", "", ""))
    if given_dealer in ("N", "E", "S", "W"):
        dealer = given_dealer
    given_vulnerability = {"BOTH": "All", "ALL": "All", "NONE": "None", "LOVE": "None",
                           "NS": "NS", "EW": "EW"}.get(given_vulnerability.upper(), "")  # fmt: skip
    vulnerability = given_vulnerability or vulnerability
    board = ImportedBoard(number=number, dealer=dealer, vulnerability=vulnerability, deal=deal)
    board.published_datum = _signed(_text(element, "BOARD_AVERAGE"))
    for index, line in enumerate(element.findall("TRAVELLER_LINE"), start=1):
        board.lines.append(_line(line, _where(number, index), vulnerability, offset, sides))
    return board


def _signed(text: str) -> int | None:
    """A whole number with an optional minus ("-420"); None for anything else."""
    number = whole_number(text.removeprefix("-"))
    return -number if number is not None and text.startswith("-") else number


def _int(element: ET.Element, name: str, where: str) -> int | None:
    text = _text(element, name)
    if not text:
        return None
    try:
        return int(text)
    except ValueError:
        raise FileRefused(
            gettext("%(where)s: %(name)s %(text)s is not a whole number")
            % {"where": where, "name": name, "text": repr(text[:20])},
        ) from None


def _line_instruction(element: ET.Element) -> dict[str, str]:
    """What we wrote in a line's <?clubscoring ...?>: round, table, a split score's EW part."""
    for node in element:
        if node.tag is ET.ProcessingInstruction and (node.text or "").startswith("clubscoring"):
            return dict(_PI.findall(node.text))
    return {}


def _pair_seat(element: ET.Element, where: str, offset: int) -> dict:
    ns_text, ew_text = _text(element, "NS_PAIR_NUMBER"), _text(element, "EW_PAIR_NUMBER")
    if not ns_text or not ew_text:
        raise FileRefused(
            gettext("%(where)s: NS_PAIR_NUMBER and EW_PAIR_NUMBER are both needed")
            % {"where": where},
        )
    return {
        "ns_pair": file_pair_id(ns_text, where)[0],
        "ew_pair": file_pair_id(ew_text, where)[0] + offset,
        "round": _int(element, "ROUND_NUMBER", where),
        "table": _int(element, "TABLE_NUMBER", where),
    }


def _line(element: ET.Element, where: str, vulnerability: str, offset: int, sides=None):
    if sides is not None:
        seat = _individual_seat(element, where, sides)
    else:
        seat = _pair_seat(element, where, offset)
    return line_result(element, where, vulnerability, seat)


def line_result(element: ET.Element, where: str, vulnerability: str, seat: dict):
    """A TRAVELLER_LINE's result, its seats (pairs or teams, round, table) already read."""
    ours = _line_instruction(element)
    for name in ("round", "table"):
        if seat[name] is None:
            seat[name] = whole_number(ours.get(name, ""))
    score = _text(element, "SCORE").upper()
    if match := _ARTIFICIAL.match(score):
        line = adjusted_line(
            where=where, ns_percent=float(match[1]), ew_percent=float(match[2]), **seat
        )
        line.published = _published(element)
        return line
    contract = _text(element, "CONTRACT").upper()
    if " ".join(score.split()) in NOT_PLAYED or score == "-":
        score = ""
        contract = contract or "NP"
    try:
        score_ns = int(score) if score else None
    except ValueError:
        raise FileRefused(
            gettext("%(where)s: SCORE %(score)s is neither a score nor A6040")
            % {"where": where, "score": repr(score[:20])},
        ) from None
    if "weighted" in ours:
        return weighted_line(
            where=where, vulnerability=vulnerability, text=ours["weighted"], **seat
        )
    score_ew = _signed(ours.get("score_ew", ""))
    line = result_line(
        where=where,
        vulnerability=vulnerability,
        contract=contract,
        declarer=_text(element, "PLAYED_BY").upper(),
        tricks=_int(element, "TRICKS", where),
        lead=_text(element, "LEAD"),
        score_ns=score_ns,
        score_ew=score_ew,
        published=_published(element),
        **seat,
    )
    line.fixed = ours.get("fixed") == "1" and line.published is not None and not line.not_played
    return line


def _published(element: ET.Element) -> tuple[float, float] | None:
    """The line's NS and EW points as the file prints them, when it does: matchpoints from 0 up,
    Butler IMPs or cross-IMPs (NS_MATCH_POINTS, NS_BUTLER_POINTS, NS_CROSS_IMP_POINTS, EW_...)."""
    for scoring, points in _POINTS.items():
        read = printed_points if scoring == MATCHPOINTS else printed_imps
        if (
            found := read(_text(element, f"NS_{points}"), _text(element, f"EW_{points}"))
        ) is not None:
            return found
    return None


# ---------------------------------------------------------------------------------------------
# Writing

_EVENT_TYPE_OF = {
    MATCHPOINTS: "MP_PAIRS",
    BUTLER: "BUTLER_PAIRS",
    CROSS_IMPS: "CROSS_IMP",
}


_BOARD_SCORING_OF = {
    MATCHPOINTS: "MATCH_POINTS",
    BUTLER: "BUTLER_IMPS",
    CROSS_IMPS: "CROSS_IMPS",
}


# XML 1.0 cannot hold these characters at all, not even escaped.
_NOT_XML = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def _xml_text(value) -> str:
    """The value as an element's text: `&`, `<` and `>` escaped."""
    return escape(_NOT_XML.sub(" ", str(value)))


def _xml_attribute(value) -> str:
    """The value as an attribute's, written between double quotes: `"` escaped too."""
    return escape(_NOT_XML.sub(" ", str(value)), {'"': "&quot;"})


class _Writer:
    def __init__(self):
        self.lines: list[str] = []
        self.depth = 0

    def open(self, tag: str, **attributes) -> None:
        attrs = "".join(f' {k}="{_xml_attribute(v)}"' for k, v in attributes.items())
        self.lines.append(f"{'  ' * self.depth}<{tag}{attrs}>")
        self.depth += 1

    def close(self, tag: str) -> None:
        self.depth -= 1
        self.lines.append(f"{'  ' * self.depth}</{tag}>")

    def element(self, tag: str, value="") -> None:
        text = "" if value is None else _xml_text(value)
        self.lines.append(f"{'  ' * self.depth}<{tag}>{text}</{tag}>")


def _number(value: float | None, places: int = 2) -> str:
    return "" if value is None else f"{value:.{places}f}"


def _barometer_values(event: PairsFile) -> str:
    """A barometer's movement in our instruction, as PBN's META lines hold it: so that the ranking
    after each round comes back, a table that played none of a round's boards included. An
    individual's sides are numbered again from its lines: it gives only the mark."""
    values = ' barometer="1"'
    if event.is_individual:
        return values
    several = len(event.sections) > 1
    for section in event.sections:
        suffix = f"_{section.letter}" if several else ""
        # One line, no quote and no end of the instruction in it.
        movement = " ".join(section.movement.split()).replace('"', "'").replace("?>", "?")
        values += (
            f' movement{suffix}="{movement}"'
            f' boards_per_round{suffix}="{section.boards_per_round}"'
            f' table_rounds{suffix}="{table_rounds_text(section.table_rounds)}"'
        )
    return values


def render_event(event: PairsFile) -> bytes:
    """The event as USEBIO 1.2 XML: pairs with totals and places, travellers, the deals; an
    event of several sections has a SECTION (SECTION_ID the letter) for each in its SESSION."""
    event_type = "INDIVIDUAL" if event.is_individual else _EVENT_TYPE_OF[event.scoring]
    settings = " ".join(
        f'{name}="{value}"'
        for name, value in (
            ("mp_scale", event.mp_scale),
            ("mp_rounding", event.mp_rounding),
            ("datum_method", event.datum_method),
            ("cross_imp_mode", event.cross_imp_mode),
            ("adjusted_scores", event.adjusted_scores),
            ("factor_totals", int(event.factor_totals)),
            ("factor_boards", event.factor_boards or ""),
            ("reveal", event.reveal),
            ("status", event.status),
            ("missing_results", event.missing_results),
            ("factor_to", event.factor_to),
            ("percentage_basis", event.percentage_basis),
        )
    )
    sections = event.sections
    several = len(sections) > 1
    out = _Writer()
    out.lines += [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<!DOCTYPE USEBIO SYSTEM "http://www.ebu.co.uk/usebio/usebio_v1_2.dtd">',
    ]
    out.open("USEBIO", Version="1.2")
    section_scoring = f' section_scoring="{event.section_scoring}"' if several else ""
    barometer = _barometer_values(event) if all(s.barometer for s in sections) else ""
    counted = "".join(
        f' movement_results{f"_{section.letter}" if several else ""}="{text}"'
        for section in sections
        if (text := movement_results_text(section.boards))
    )
    out.lines.append(f"  <?clubscoring {settings}{section_scoring}{barometer}{counted}?>")
    out.open("CLUB")
    out.element("CLUB_NAME", event.club_name)
    out.element("CLUB_ID_NUMBER")
    out.close("CLUB")
    out.open("EVENT", EVENT_TYPE=event_type)
    out.element("EVENT_IDENTIFIER", event.identifier)
    out.element("EVENT_DESCRIPTION", event.name)
    out.element("PROGRAM_NAME", PROGRAM)
    out.element("PROGRAM_VERSION", "1")
    out.element("WINNER_TYPE", event.winners)
    out.element("TITLE", event.name)
    out.element("DATE", f"{event.date:%d/%m/%Y}")
    out.element("BOARDS_PLAYED", len(sections[0].boards))
    out.element("SESSION_COUNT", 1)
    out.element("SECTION_COUNT", len(sections))
    if event.is_imps:
        out.element("SCORING_METHOD", "IMPS")
    if event.is_individual:
        out.element("BOARD_SCORING_METHOD", _BOARD_SCORING_OF[event.scoring])
    if several:  # each section nested in the session, as USEBIO 1.2 allows
        out.open("SESSION", SESSION_ID="1")
    # The deals once when the sections play the same boards, else in each section.
    shared = len({section.board_set for section in sections}) == 1
    first_boards = None
    for section in sections:
        if several:
            out.open("SECTION", SECTION_ID=section.letter)
        boards = section.boards
        first_boards = first_boards or boards
        if event.is_individual:
            _players_participants(out, event, section, event_type)
        else:
            _participants(out, event, section, event_type)
        _boards(out, event, section, event_type)
        if not shared:
            _handsets(out, boards)
        if several:
            out.close("SECTION")
    if several:
        out.close("SESSION")
    out.close("EVENT")
    if shared:
        _handsets(out, first_boards)
    out.close("USEBIO")
    return ("\n".join(out.lines) + "\n").encode("utf-8")


def _boards(out: _Writer, event: PairsFile, section: FileSection, event_type: str) -> None:
    points = _POINTS[event.scoring]
    for board in section.boards:
        out.open("BOARD", EVENT_TYPE=event_type)
        out.element("BOARD_NUMBER", board.number)
        if event.scoring == BUTLER:
            compared = event.compared_lines(section, board)
            scores = [r.score_ns for r in compared if r.score_ns is not None]
            if scores:
                out.element("BOARD_AVERAGE", butler_datum(scores, event.datum_method))
        for result in board.lines:
            _traveller_line(out, result, points, event.is_individual)
        out.close("BOARD")


def _participants(out: _Writer, event: PairsFile, section: FileSection, event_type: str) -> None:
    out.open("PARTICIPANTS", EVENT_TYPE=event_type)
    for group in section.ranking:
        for standing in group.standings:
            pair = standing.pair
            out.open("PAIR")
            out.element("PAIR_NUMBER", pair.file_id)
            out.element("DIRECTION", pair.direction)
            out.element("TOTAL_SCORE", _number(standing.score))
            if not event.is_imps:
                out.element("PERCENTAGE", _number(standing.percentage))
            out.element("PLACE", standing.place)
            for name in [n for n in pair.names.split(" & ") if n]:
                out.open("PLAYER")
                out.element("PLAYER_NAME", name)
                out.element("NATIONAL_ID_NUMBER")
                out.close("PLAYER")
            out.close("PAIR")
    out.close("PARTICIPANTS")


def _players_participants(
    out: _Writer, event: PairsFile, section: FileSection, event_type: str
) -> None:
    out.open("PARTICIPANTS", EVENT_TYPE=event_type)
    for standing in section.player_ranking:
        out.open("PLAYER")
        out.element("PLAYER_NUMBER", standing.player.number)
        out.element("PLAYER_NAME", standing.player.name)
        out.element("NATIONAL_ID_NUMBER")
        out.element("TOTAL_SCORE", _number(standing.score))
        if not event.is_imps:
            out.element("PERCENTAGE", _number(standing.percentage))
        out.element("PLACE", standing.place)
        out.close("PLAYER")
    out.close("PARTICIPANTS")


def _traveller_line(out: _Writer, result: FileLine, points: str, individual: bool) -> None:
    out.open("TRAVELLER_LINE")
    if individual:
        for seat, name in _PLAYER_NUMBERS.items():
            out.element(name, result.players.get(seat, ""))
    else:
        out.element("NS_PAIR_NUMBER", result.ns_pair.file_id)
        out.element("EW_PAIR_NUMBER", result.ew_pair.file_id)
    if result.ns_adjustment:
        ns = (
            result.ns_percent
            if result.ns_percent is not None
            else FIXED_PERCENT[result.ns_adjustment]
        )
        ew = (
            result.ew_percent
            if result.ew_percent is not None
            else FIXED_PERCENT[result.ew_adjustment]
        )
        out.element("SCORE", f"A{ns:02.0f}{ew:02.0f}")
    elif not result.not_played:
        if result.contract:
            out.element("CONTRACT", result.contract)
            # Compscore writes North as the declarer of a passed-out board.
            out.element("PLAYED_BY", result.declarer or "N")
            if result.lead:
                out.element("LEAD", result.lead[1:] + result.lead[0])
            out.element("TRICKS", "" if result.tricks is None else result.tricks)
        out.element("SCORE", result.score_ns)
    # USEBIO's traveller line has no round, table or split score: they ride along where other
    # readers skip them.
    # A weighted score likewise: SCORE is its parts' weighted mean, the parts ride along.
    ours = {"round": result.round, "table": result.table, "score_ew": result.score_ew}
    if result.weights:
        ours["weighted"] = weighted_text(result.weights, typed=True)
    if result.fixed:  # the points stay as printed, whatever rule they fit
        ours["fixed"] = 1
    if written := " ".join(f'{k}="{v}"' for k, v in ours.items() if v is not None):
        out.lines.append(f"{'  ' * out.depth}<?clubscoring {written}?>")
    out.element(f"NS_{points}", _number(result.ns_points))
    out.element(f"EW_{points}", _number(result.ew_points))
    out.close("TRAVELLER_LINE")


def _handsets(out: _Writer, boards: list[FileBoard]) -> None:
    dealt = [board for board in boards if board.deal]
    if not dealt:
        return
    out.open("HANDSET")
    for board in dealt:
        out.open("BOARD")
        write_hands(out, board.number, board.deal)
        out.close("BOARD")
    out.close("HANDSET")


def write_hands(out: _Writer, number: int, deal: str) -> None:
    """A HANDSET BOARD's number and its hands, each suit's cards as PBN writes them."""
    out.element("BOARD_NUMBER", number)
    for seat, hand in zip("NESW", deal[2:].split(), strict=True):
        if hand == "-":
            continue
        out.open("HAND")
        out.element("DIRECTION", {"N": "North", "E": "East", "S": "South", "W": "West"}[seat])
        for suit, cards in zip(
            ("SPADES", "HEARTS", "DIAMONDS", "CLUBS"), hand.split("."), strict=True
        ):
            out.element(suit, cards)
        out.close("HAND")
