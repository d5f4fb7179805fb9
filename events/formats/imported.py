"""An event as read from another scorer's file: plain data, before anything is saved.

The parsers (PBN, USEBIO) fill these from a file's raw results only: contracts, declarers,
tricks, leads and scores. The figures the other program computed (matchpoints, IMPs, totals,
places) are not carried; our engine scores the raw results again.
"""

import datetime
import math
import re
from dataclasses import dataclass, field

from django.utils.translation import gettext, pgettext

from scoring import ScoringError, TravellerLine, parse_contract, parse_traveller_line
from scoring.movements.individual import SIDE_SEATS
from scoring.traveller_lines import possible_scores
from scoring.weighted_scores import expected_score, weighted_components

# The largest number a PositiveSmallIntegerField holds on every database (PostgreSQL's smallint):
# pair and board numbers, rounds, tables, factor_boards.
SMALL = 32767
# What our tables hold: Event.name, Player.name, Pair.names (the names joined by " & ").
EVENT_NAME_LENGTH = 120
PLAYER_NAME_LENGTH = 120
PAIR_NAMES_LENGTH = 250
NOTE_LENGTH = 200  # a note on a line as typed (Result.note, MatchLine.note)
# The most matchpoints a line can print: the top of a board played on every table we can hold.
MAX_POINTS = 2 * SMALL
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


class FileRefused(ValueError):
    """A file that cannot be imported; str() names the line or element and what is wrong."""


_PAIR_ID = re.compile(r"^(\d+)\s*(NS|EW)?$", re.IGNORECASE)


def file_pair_id(text: str, where: str) -> tuple[int, str]:
    """A pair number as files write it, "3", or with its direction, "3NS" / "3EW" (Compscore's
    USEBIO with two winners, and our own files); the number and "NS", "EW" or ""."""
    match = _PAIR_ID.match(text.strip())
    if match is None or whole_number(match[1]) is None:
        raise FileRefused(
            gettext("%(where)s: the pair number %(text)s is not a whole number")
            % {"where": where, "text": repr(text[:20])},
        )
    return whole_number(match[1]), (match[2] or "").upper()


def ew_offset(found: list[tuple[int, str]]) -> int:
    """What is added to an EW pair's number when the file numbers each direction from 1 ("3NS",
    "3EW"): the highest NS number, as our Mitchells number their EW pairs inside; 0 when the
    numbers do not overlap. An event read with an offset labels its pairs per direction again
    (Event.ew_numbered_on off), so "3EW" is exported as it came."""
    ns_numbers = {n for n, d in found if d == "NS"}
    ew_numbers = {n for n, d in found if d == "EW"}
    return max(ns_numbers) if ns_numbers & ew_numbers else 0


def printed_number(text: str) -> float | None:
    """A figure as a file prints it ("62.50", "-3.5"); None for anything else ("", "-")."""
    try:
        number = float(text.strip())
    except ValueError:
        return None
    return number if math.isfinite(number) else None


def printed_imps(ns: str, ew: str) -> tuple[float, float] | None:
    """A line's IMPs as a file prints them, "3.5" and "-3.5"; None unless both are numbers."""
    imps = printed_number(ns), printed_number(ew)
    return None if None in imps else imps


def printed_points(ns: str, ew: str) -> tuple[float, float] | None:
    """A line's matchpoints as a file prints them, "3.5" and "0.5"; None unless both are
    numbers from 0 up (what a board's points can be: a fixed score keeps them as they are)."""
    try:
        points = float(ns), float(ew)
    except ValueError:
        return None
    return points if all(math.isfinite(p) and 0 <= p <= MAX_POINTS for p in points) else None


def whole_number(text: str) -> int | None:
    """Plain digits, at most nine of them ("12"), as a number; None for anything else.

    Python's int() also reads "²"-like digits badly and refuses past 4300 digits: a file's numbers
    are read here, and one that no table could hold is refused by check_limits.
    """
    text = text.strip()
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 9 else None


@dataclass
class ImportedPair:
    number: int
    direction: str = ""  # "NS" or "EW" when the pair sat one way all session, else ""
    names: list[str] = field(default_factory=list)
    where: str = ""  # "line 12" or "PAIR 3": for messages
    # The pair's total and percentage as the other program printed them, when the file gives
    # them: checked against the file's own travellers (printed_totals.py). Never saved.
    printed_total: float | None = None
    printed_percentage: float | None = None


@dataclass
class ImportedLine:
    """One traveller line: a played result, an artificial score, or a board not played."""

    ns_pair: int
    ew_pair: int
    where: str  # "line 1062" or "BOARD 26, TRAVELLER_LINE 3": for messages
    round: int | None = None
    table: int | None = None
    contract: str = ""  # "4SX", "3NT", "PASS"; "" for an artificial score
    declarer: str = ""
    tricks: int | None = None
    lead: str = ""  # suit then rank: "HK", "ST"
    score_ns: int | None = None
    score_ew: int | None = None  # a split score: EW are scored as if NS had scored this
    ns_percent: float | None = None  # artificial scores only
    ew_percent: float | None = None
    not_played: bool = False
    note: str = ""  # the director's note on the line (our own PBN files carry it)
    # The points (matchpoints or IMPs) the other program published for the line, when the file
    # gives them: they tell which rule it scored an irregular board under. Never saved.
    published: tuple[float, float] | None = None
    # The line's contract as the file wrote it (quoted) and why it could not be read: the line
    # is kept with the file's score and points, fixed, when the file printed them (finish_event).
    unread: tuple[str, ScoringError] | None = None
    weights: list | None = None  # a weighted score's parts (scoring.weighted_scores)
    # Saved with its published points as a fixed score, flagged: the board's figures fit no
    # rule (missing_results.py), or the file scored a contract it wrote unreadably.
    fixed: bool = False

    @property
    def is_adjusted(self) -> bool:
        return self.ns_percent is not None


@dataclass
class ImportedBoard:
    number: int
    dealer: str
    vulnerability: str  # "None", "NS", "EW", "All"
    deal: str = ""  # PBN deal string "N:... ... ... ..."; "" without a hand record
    lines: list[ImportedLine] = field(default_factory=list)
    # The Butler datum the other program printed for the board, when the file gives it: it
    # tells whether sections were scored as one field. Never saved.
    published_datum: int | None = None
    # The results the movement has the board played with a phantom's or sit-out's table
    # counted, where the file shows more than its tables where two pairs meet: read from the
    # printed tops (missing_results.py) or our own file; 0 otherwise (Board.movement_results).
    movement_results: int = 0


@dataclass(frozen=True)
class ImportedTableRound:
    """Who the movement puts at a table in a round, and the boards, as our own PBN files
    write and read them."""

    round: int
    table: int
    ns_pair: int | None
    ew_pair: int | None
    low_board: int | None
    high_board: int | None


@dataclass
class ImportedEvent:
    name: str
    date: datetime.date
    file_format: str  # "PBN" or "USEBIO"
    generator: str = ""  # the program that wrote the file
    club_name: str = ""
    # Event fields the file implies: scoring, mp_scale, datum_method, winners, ...
    settings: dict = field(default_factory=dict)
    pairs: list[ImportedPair] = field(default_factory=list)
    boards: list[ImportedBoard] = field(default_factory=list)
    # The movement as the file lays it out, when it does (our own PBN files): else it is
    # worked out from the lines' rounds and tables.
    movement: str = ""
    boards_per_round: int = 0
    table_rounds: list[ImportedTableRound] = field(default_factory=list)
    # Every table played the round's boards from its own copy, as our own files say.
    barometer: bool = False
    # What was added to the EW pairs' numbers of a file numbering each direction from 1.
    ew_offset: int = 0
    # An individual event's players by number (name, or ""), and each side (a pair of the
    # event) as its two players and their seats: {side: ((player, "N"), (player, "S"))}.
    players: dict[int, str] = field(default_factory=dict)
    side_seats: dict[int, tuple[tuple[int, str], tuple[int, str]]] = field(default_factory=dict)
    # How the file's conventions were read, as (what, how), for the import preview.
    readings: list[tuple[str, str]] = field(default_factory=list)
    # What the file prints against its own travellers, as (pair, what), for the import preview.
    disagreements: list[tuple[str, str]] = field(default_factory=list)
    # A file of several sections: this one's letter, and the other sections, each read as an
    # event of its own (pairs, boards, movement); the settings are this one's.
    section: str = "A"
    sections: list["ImportedEvent"] = field(default_factory=list)

    @property
    def fixed_boards(self) -> list[str]:
        """The boards with a line kept with the file's points, fixed and flagged: "3", or of
        several sections "3 (B)"."""
        parts = [self, *self.sections]
        return [
            f"{board.number} ({part.section})" if len(parts) > 1 else str(board.number)
            for part in parts
            for board in part.boards
            if any(line.fixed for line in board.lines)
        ]

    @property
    def line_count(self) -> int:
        own = sum(len(board.lines) for board in self.boards)
        return own + sum(other.line_count for other in self.sections)


class Sides:
    """An individual file's sides: the two players sitting NS (or EW) at a table in a round,
    each a pair of the event. Lines name them by provisional numbers (`number`); `settle` then
    numbers them by round, table, NS then EW, as our movements do, and seats the players."""

    def __init__(self) -> None:
        self.keys: dict[tuple, int] = {}

    def number(self, round: int | None, table: int | None, direction: str, players) -> int:
        key = (round or 0, table or 0, direction, tuple(players))
        return self.keys.setdefault(key, len(self.keys) + 1)

    def settle(self, event: "ImportedEvent") -> None:
        order = sorted(self.keys, key=lambda k: (k[0], k[1], k[2] != "NS", k[3]))
        final = {self.keys[key]: number for number, key in enumerate(order, start=1)}
        for board in event.boards:
            for line in board.lines:
                line.ns_pair, line.ew_pair = final[line.ns_pair], final[line.ew_pair]
        for key in order:
            seats = SIDE_SEATS[key[2]]
            event.side_seats[final[self.keys[key]]] = tuple(zip(key[3], seats, strict=True))
            for player in key[3]:
                event.players.setdefault(player, "")
        event.pairs = [ImportedPair(number=n) for n in sorted(event.side_seats)]
        event.settings |= {"kind": "individual", "ew_numbered_on": True}
        event.readings.append(
            (
                gettext("Players"),
                gettext("An individual: %(players_count)s players")
                % {"players_count": len(event.players)},
            )
        )


# How programs write a board that was not played, and a passed-out board, in the contract (and,
# for not played, in the score): Compscore, EBUScore, Ruter, Magic Contest, Scorer conversions.
NOT_PLAYED = {"NP", "N/P", "NOT PLAYED", "NOTPLAYED", "NO PLAY"}
PASSED_OUT = {"PASS", "PASSED", "PASSED OUT", "P", "AP", "ALL PASS", "PO", "P/O"}


# Directions as files write them: Ruter's Nordic "Ö-V" is East-West.
DIRECTIONS = {"NS": "NS", "N-S": "NS", "N": "NS", "EW": "EW", "E-W": "EW", "E": "EW",
              "Ö-V": "EW", "O-V": "EW"}  # fmt: skip


def contract_form(text: str) -> tuple[str, bool]:
    """A contract as a program wrote it, as (our contract text, whether the board was not
    played): ("PASS", False) for every form of passed out, ("", True) for not played."""
    upper = " ".join(text.upper().split())
    if upper in NOT_PLAYED:
        return "", True
    if upper in PASSED_OUT:
        return "PASS", False
    return text.strip(), False


def marker_by_numbers(
    form: tuple[str, bool], score_ns: int | None, published: tuple[float, float] | None
) -> tuple[str, bool]:
    """A contract column's marker as the line's numbers read it: a line the program scored
    (a score, 0 included) and gave points is a played result whatever the marker says. One
    program writes "NP" for a hand passed in, scores it 0 and prints its points; a "PASS" next
    to a score is that score. "Not played" is left to a line with no score and no points."""
    contract, not_played = form
    if score_ns is None or published is None or not (not_played or contract == "PASS"):
        return form
    return ("PASS" if score_ns == 0 else ""), False


def winners_from_places(places: list[tuple[str, str]]) -> int | None:
    """1 or 2 winners from a published ranking's (direction, place) rows: two when North-South
    and East-West are each ranked from 1 on their own, one when the places run through the
    whole field; None when the rows do not say (no places, or no directions)."""
    ranked = []
    for direction, place in places:
        number = whole_number(place.rstrip("="))
        if number is not None:
            ranked.append((DIRECTIONS.get(direction.strip().upper(), ""), number))
    if not ranked:
        return None
    groups: dict[str, list[int]] = {}
    for direction, number in ranked:
        groups.setdefault(direction, []).append(number)
    if set(groups) == {"NS", "EW"} and all(max(g) <= len(g) for g in groups.values()):
        return 2 if max(n for _, n in ranked) < len(ranked) else 1
    return 1


_LEAD = re.compile(r"^(?:([SHDC])(10|[AKQJT2-9])|(10|[AKQJT2-9])([SHDC]))$", re.IGNORECASE)


def lead_card(text: str, where: str) -> str:
    """A lead written suit then rank ("S9", PBN) or rank then suit ("9S", USEBIO), as "S9"."""
    text = text.strip()
    if text in ("", "-"):
        return ""
    match = _LEAD.match(text)
    if match is None:
        raise FileRefused(
            gettext("%(where)s: %(text)s is not a lead card (a suit and a rank, e.g. HK)")
            % {"where": where, "text": repr(text)},
        )
    suit, rank = (match[1], match[2]) if match[1] else (match[4], match[3])
    return suit.upper() + ("T" if rank == "10" else rank.upper())


def weighted_line(
    *, where: str, vulnerability: str, text: str, ns_pair: int, ew_pair: int, **seat
) -> ImportedLine:
    """A weighted score as our own files write it, "40% 4S N 10 + 60% 4S N 9", checked the way
    our entry checks it; its score is the parts' weighted mean, whatever the file's score says."""
    try:
        parsed = parse_traveller_line(text)
        if not parsed.weights:
            raise ScoringError(
                "%(text)s is not a weighted score such as 40%% 4S N 10 + 60%% 4S N 9",
                text=repr(text[:60]),
            )
        parts = weighted_components(parsed, vulnerability)
    except ScoringError as refused:
        raise FileRefused(
            gettext("%(where)s: %(refused)s") % {"where": where, "refused": refused},
        ) from None
    return ImportedLine(
        ns_pair=ns_pair,
        ew_pair=ew_pair,
        where=where,
        score_ns=expected_score(parts),
        weights=parts,
        **seat,
    )


def result_line(
    *,
    where: str,
    vulnerability: str,
    ns_pair: int,
    ew_pair: int,
    contract: str = "",
    declarer: str = "",
    tricks: int | None = None,
    lead: str = "",
    score_ns: int | None = None,
    score_ew: int | None = None,
    round: int | None = None,
    table: int | None = None,
    published: tuple[float, float] | None = None,
) -> ImportedLine:
    """A played line (or one with no result: not played), checked the way our entry checks it.

    The score, when the file gives one, must be the one the contract, declarer and tricks make
    on this board; a line with only a score must hold a score some contract can make. A split
    score (score_ew differs from score_ns) is an assigned score: the contract is kept as played.
    A marker in the contract column (NP, PASS, AP) next to a score and the points the program
    `published` for the line is read by those numbers (marker_by_numbers).
    """
    line = ImportedLine(ns_pair=ns_pair, ew_pair=ew_pair, where=where, round=round, table=table)
    line.published = published
    contract, not_played = marker_by_numbers(contract_form(contract), score_ns, published)
    if not_played:
        if score_ns not in (None, 0):
            raise FileRefused(
                gettext("%(where)s: the board is written as not played but scored %(score_ns)s")
                % {"where": where, "score_ns": format(score_ns, "+d")},
            )
        line.not_played = True
        return line
    line.lead = lead_card(lead, where)
    if score_ew is not None and score_ew != score_ns:
        for score in (score_ns, score_ew):
            if score is None or score not in possible_scores(vulnerability):
                raise FileRefused(
                    gettext(
                        "%(where)s: the split score %(score_ns)s / %(score_ew)s is not possible"
                    )
                    % {"where": where, "score_ns": score_ns, "score_ew": score_ew},
                )
        line.score_ns, line.score_ew = score_ns, score_ew
        if contract:
            try:
                line.contract = str(parse_contract(contract))
            except ScoringError as refused:
                return _unread_line(line, refused, contract, score_ns, score_ew)
            if declarer not in ("", "N", "E", "S", "W"):
                raise FileRefused(
                    gettext("%(where)s: the declarer must be N, E, S or W, not %(declarer)s")
                    % {"where": where, "declarer": repr(declarer)},
                )
            if tricks is not None and tricks not in range(14):
                raise FileRefused(
                    gettext("%(where)s: tricks must be 0 to 13, not %(tricks)s")
                    % {"where": where, "tricks": tricks},
                )
            line.declarer, line.tricks = declarer, tricks
        return line
    if not contract:
        if score_ns is None:
            line.not_played = True
        elif score_ns not in possible_scores(vulnerability):
            raise FileRefused(
                gettext(
                    "%(where)s: %(score_ns)s is not a score North-South can get on a board "
                    "where %(vulnerable_text)s vulnerable"
                )
                % {
                    "where": where,
                    "score_ns": format(score_ns, "+d"),
                    "vulnerable_text": _vulnerable_text(vulnerability),
                },
            )
        line.score_ns = score_ns
        return line
    try:
        parsed = parse_contract(contract)
    except ScoringError as refused:
        if score_ns not in possible_scores(vulnerability):
            score_ns = None  # nothing a contract scores: the line is refused
        return _unread_line(line, refused, contract, score_ns)
    try:
        if parsed.passed_out:
            computed = 0
        else:
            if declarer not in ("N", "E", "S", "W"):
                raise ScoringError(
                    "%(parsed)s: the declarer must be N, E, S or W, not %(declarer)s",
                    parsed=parsed,
                    declarer=repr(declarer),
                )
            if tricks is None:
                raise ScoringError(
                    "%(parsed)s by %(declarer)s: the number of tricks is missing",
                    parsed=parsed,
                    declarer=declarer,
                )
            computed = TravellerLine(contract=parsed, declarer=declarer, tricks=tricks).score_ns(
                vulnerability
            )
    except ScoringError as refused:
        raise FileRefused(
            gettext("%(where)s: %(refused)s") % {"where": where, "refused": refused},
        ) from None
    if score_ns is not None and score_ns != computed:
        raise FileRefused(
            gettext(
                "%(where)s: %(parsed)s by %(declarer)s taking %(tricks)s tricks scores "
                "%(computed)s for North-South when %(vulnerable_text)s vulnerable, but "
                "the file says %(score_ns)s"
            )
            % {
                "where": where,
                "parsed": parsed,
                "declarer": declarer,
                "tricks": tricks,
                "computed": format(computed, "+d"),
                "vulnerable_text": _vulnerable_text(vulnerability),
                "score_ns": format(score_ns, "+d"),
            },
        )
    line.contract = str(parsed)
    if not parsed.passed_out:
        line.declarer, line.tricks = declarer, tricks
    line.score_ns = computed
    return line


def _unread_line(line: ImportedLine, refused: ScoringError, contract: str, score_ns, score_ew=None):
    """A line whose contract cannot be read, kept when the file scored it: its score, and
    (finish_event) its printed points as a fixed score; without a score it is refused."""
    line.unread = repr(contract[:20]), refused
    if score_ns is None:
        raise FileRefused(unread_refusal(line))
    line.score_ns, line.score_ew = score_ns, score_ew
    return line


def unread_refusal(line: ImportedLine) -> str:
    """Why the line's contract cannot be read, naming the line ("line 12: the contract ...")."""
    contract, why = line.unread
    return gettext("%(where)s: the contract %(contract)s cannot be read (%(why)s)") % {
        "where": line.where,
        "contract": contract,
        "why": why,
    }


def adjusted_line(
    *, where: str, ns_pair: int, ew_pair: int, ns_percent: float, ew_percent: float, **seat
) -> ImportedLine:
    """An artificial score: each side's percent of the top (Ave+ 60, Ave 50, Ave- 40)."""
    for percent in (ns_percent, ew_percent):
        if not 0 <= percent <= 100:
            raise FileRefused(
                gettext("%(where)s: an artificial score is 0 to 100 percent, not %(percent)s")
                % {"where": where, "percent": percent},
            )
    return ImportedLine(
        ns_pair=ns_pair,
        ew_pair=ew_pair,
        where=where,
        ns_percent=ns_percent,
        ew_percent=ew_percent,
        **seat,
    )


def _vulnerable_text(vulnerability: str) -> str:
    if vulnerability == "None":
        return gettext("nobody is")
    if vulnerability == "All":
        return gettext("both sides are")
    return gettext("%(side)s are") % {"side": vulnerability}


def finish_event(event: ImportedEvent, *, winners: int | None = None) -> ImportedEvent:
    """Check the event as a whole and settle what the lines imply.

    Refuses a file without boards, a board twice, a pair twice on one board or against itself,
    a weighted score in an event scored in IMPs.
    Adds the pairs the lines name but the file's pair list lacks. A pair that sat the same way
    on every line gets that direction. `winners` (1 or 2) as the file says (its WINNER_TYPE, or
    its published ranking); a file that does not say gets one winner, and the preview says so:
    pairs keeping their direction is no sign of two winners (an arrow-switched Mitchell).
    With the table-rounds of our own file the pairs keep the directions the file lists; a
    barometer without them gets its table-rounds from its lines, and lines that every table
    of a round played on the same boards are a barometer whether the file says so or not.
    """
    declared = {pair.number: pair.direction for pair in event.pairs}
    if not event.boards:
        raise FileRefused(
            gettext("the file has no boards with results"),
        )
    if not any(board.lines for board in event.boards):
        raise FileRefused(
            gettext("the file has boards but no results on them"),
        )
    seen_boards = set()
    sides: dict[int, set[str]] = {}
    for board in event.boards:
        if board.number in seen_boards:
            raise FileRefused(
                gettext("board %(number)s appears twice in the file") % {"number": board.number},
            )
        seen_boards.add(board.number)
        on_board: dict[int, ImportedLine] = {}
        for line in board.lines:
            if line.weights and event.settings.get("scoring", "mp") != "mp":
                raise FileRefused(
                    gettext(
                        "%(where)s: a weighted score is matchpointed part by part, and this "
                        "file's event is scored in IMPs"
                    )
                    % {"where": line.where},
                )
            if line.ns_pair == line.ew_pair:
                raise FileRefused(
                    gettext("%(where)s: pair %(ns_pair)s cannot play against itself")
                    % {"where": line.where, "ns_pair": line.ns_pair},
                )
            for number, side in ((line.ns_pair, "NS"), (line.ew_pair, "EW")):
                if number < 1:
                    raise FileRefused(
                        gettext("%(where)s: pair numbers start at 1, not %(number)s")
                        % {"where": line.where, "number": number},
                    )
                if number in on_board:
                    raise FileRefused(
                        gettext(
                            "%(where)s: pair %(number)s plays board %(number_2)s twice (also "
                            "%(where_2)s)"
                        )
                        % {
                            "where": line.where,
                            "number": number,
                            "number_2": board.number,
                            "where_2": on_board[number].where,
                        },
                    )
                on_board[number] = line
                sides.setdefault(number, set()).add(side)
    _fix_unread_lines(event)
    known = {pair.number: pair for pair in event.pairs}
    for number in sorted(set(sides) - set(known)):
        known[number] = ImportedPair(number=number)
    event.pairs = sorted(known.values(), key=lambda pair: pair.number)
    for pair in event.pairs:
        kept = sides.get(pair.number)
        if event.table_rounds:
            # Our own file: the directions are the movement's, not guessed from the lines so far.
            pair.direction = declared.get(pair.number, "")
        elif kept is not None:  # a pair that played no board keeps the direction it was listed in
            pair.direction = next(iter(kept)) if len(kept) == 1 else ""
    if winners is None:
        winners = 1
        event.readings.append(
            (gettext("Winners"), gettext("One: the file does not say, nor rank by direction"))
        )
    event.settings["winners"] = winners
    event.barometer = event.barometer or _played_as_barometer(event)
    if event.barometer:
        event.readings.append(
            (gettext("Movement"), gettext("A barometer: every table played each round's boards"))
        )
        if not event.table_rounds:
            _barometer_table_rounds(event)
    check_limits(event)
    return event


def table_rounds_text(table_rounds: list[ImportedTableRound]) -> str:
    """Table-rounds as our own files write them: "round,table,NS,EW,low board,high board;..."
    with "-" for no pair or no boards."""

    def cell(value) -> str:
        return "-" if value is None else str(value)

    return ";".join(
        ",".join(
            cell(v)
            for v in (tr.round, tr.table, tr.ns_pair, tr.ew_pair, tr.low_board, tr.high_board)
        )
        for tr in table_rounds
    )


def read_table_rounds(event: ImportedEvent, written: str, where: str) -> None:
    """The table-rounds `written` as table_rounds_text writes them, added to the event with any
    pair they seat that the file does not list; FileRefused, naming `where`, for any that
    cannot be."""
    seen = set()
    for text in filter(None, (t.strip() for t in written.split(";"))):
        cells = [cell.strip() for cell in text.split(",")]
        if len(cells) != 6 or not all(c == "-" or c.isdigit() for c in cells):
            raise FileRefused(
                gettext("%(where)s: %(text)s is not round,table,NS,EW,low,high")
                % {"where": where, "text": repr(text)},
            )
        numbers = [None if c == "-" else int(c) for c in cells]
        if any(n is not None and not 1 <= n <= 32767 for n in numbers):
            raise FileRefused(
                gettext("%(where)s: %(text)s: numbers run from 1 to 32767")
                % {"where": where, "text": repr(text)},
            )
        table_round = ImportedTableRound(*numbers)
        if (
            None in (table_round.round, table_round.table)
            or (
                table_round.round,
                table_round.table,
            )
            in seen
        ):
            raise FileRefused(
                gettext("%(where)s: %(text)s: a round and table, once each")
                % {"where": where, "text": repr(text)},
            )
        low, high = table_round.low_board, table_round.high_board
        if (low is None) != (high is None) or (low is not None and low > high):
            raise FileRefused(
                gettext("%(where)s: %(text)s: the boards run from low to high")
                % {"where": where, "text": repr(text)},
            )
        seen.add((table_round.round, table_round.table))
        event.table_rounds.append(table_round)
    known = {pair.number for pair in event.pairs}
    for table_round in event.table_rounds:
        for number in (table_round.ns_pair, table_round.ew_pair):
            if number is not None and number not in known:
                event.pairs.append(ImportedPair(number=number))
                known.add(number)


def movement_results_text(boards) -> str:
    """Each board's count of results with the phantom's table counted (Board.movement_results),
    as our own files write it: "board:count;...", the boards that have one."""
    return ";".join(
        f"{board.number}:{board.movement_results}" for board in boards if board.movement_results
    )


def read_movement_results(event: ImportedEvent, written: str, where: str) -> None:
    """Set the boards' counts `written` as movement_results_text writes them; FileRefused,
    naming `where`, for one that names no board of the event or is no count."""
    boards = {board.number: board for board in event.boards}
    for text in filter(None, (t.strip() for t in written.split(";"))):
        number, _, count = (whole_number(cell) for cell in text.partition(":"))
        if number not in boards or count is None:
            raise FileRefused(
                gettext("%(where)s: %(text)s is not a board's number and its count of results")
                % {"where": where, "text": repr(text)},
            )
        boards[number].movement_results = min(count, SMALL)


def _played_as_barometer(event: ImportedEvent) -> bool:
    """Whether the lines show a barometer that the file does not name (another program's):
    two rounds or more, every board played in one round only, and some board by two tables or
    more of it. In a Mitchell or a Howell a board goes from table to table, round after round;
    lines without a round and table tell nothing."""
    rounds, shared = set(), False
    for board in event.boards:
        seats = {(line.round, line.table) for line in board.lines}
        board_rounds = {round for round, _ in seats}
        if len(board_rounds) != 1 or any(None in seat for seat in seats):
            return False
        rounds |= board_rounds
        shared = shared or len(seats) > 1
    return shared and len(rounds) > 1


def _barometer_table_rounds(event: ImportedEvent) -> None:
    """A barometer's table-rounds as its lines seat the pairs, where the file gives none (a
    USEBIO file, an individual's): each table of a round on the boards it played, so that the
    ranking after each round can be told. Lines without a round and table give none."""
    seats: dict[tuple[int, int], tuple[tuple[int, int], list[int]]] = {}
    for board in event.boards:
        for line in board.lines:
            if line.round is None or line.table is None:
                return
            pairs, boards = seats.setdefault(
                (line.round, line.table), ((line.ns_pair, line.ew_pair), [])
            )
            if pairs != (line.ns_pair, line.ew_pair):
                raise FileRefused(
                    gettext(
                        "%(where)s: round %(round)s, table %(table)s seats pairs %(pairs)s and "
                        "%(pairs_2)s on another line"
                    )
                    % {
                        "where": line.where,
                        "round": line.round,
                        "table": line.table,
                        "pairs": pairs[0],
                        "pairs_2": pairs[1],
                    },
                )
            boards.append(board.number)
    event.table_rounds = [
        ImportedTableRound(round, table, ns, ew, min(boards), max(boards))
        for (round, table), ((ns, ew), boards) in sorted(seats.items())
    ]
    event.boards_per_round = max(tr.high_board - tr.low_board + 1 for tr in event.table_rounds)


def _fix_unread_lines(event: ImportedEvent) -> None:
    """A line whose contract could not be read keeps the points the file printed for it,
    fixed and flagged; without printed points nothing says what it scored, and the file is
    refused by that line."""
    unread = [line for board in event.boards for line in board.lines if line.unread]
    for line in unread:
        if line.published is None:
            raise FileRefused(unread_refusal(line))
        line.fixed = True
    if unread:
        event.readings.append(
            (
                gettext("Fixed scores"),
                gettext("%(lines)s: kept with the file's score and points, fixed and flagged")
                % {
                    "lines": pgettext("between the items of a list", "; ").join(
                        map(unread_refusal, unread)
                    )
                },
            )
        )


def check_limits(event: ImportedEvent) -> None:
    """Refuse, naming the line or element, any number or text our tables cannot hold.

    Every database must store the same thing: SQLite would keep a board 40000 or a name of 500
    characters that PostgreSQL refuses, and neither may fail half-way through a save.
    """
    check_text(event.name, gettext("the event's name"), EVENT_NAME_LENGTH)
    factor_boards = event.settings.get("factor_boards")
    if factor_boards is not None and not 0 <= factor_boards <= SMALL:
        raise FileRefused(
            gettext("the number of boards to factor to, %(factor_boards)s, is too large")
            % {"factor_boards": factor_boards},
        )
    for pair in event.pairs:
        where = gettext("%(where)s: ") % {"where": pair.where} if pair.where else ""
        if pair.number > SMALL:
            raise FileRefused(
                gettext("%(where)spair %(number)s: pair numbers go up to %(small)s")
                % {"where": where, "number": pair.number, "small": SMALL},
            )
        for name in pair.names:
            check_text(
                name,
                gettext("%(where)sthe name %(name)s") % {"where": where, "name": repr(name[:40])},
                PLAYER_NAME_LENGTH,
            )
        if len(" & ".join(n.strip() for n in pair.names)) > PAIR_NAMES_LENGTH:
            raise FileRefused(
                gettext(
                    "%(where)spair %(number)s: the names together are longer than "
                    "%(pair_names_length)s characters"
                )
                % {"where": where, "number": pair.number, "pair_names_length": PAIR_NAMES_LENGTH},
            )
    for number, name in event.players.items():
        if number > SMALL:
            raise FileRefused(
                gettext("player %(number)s: player numbers go up to %(small)s")
                % {"number": number, "small": SMALL},
            )
        check_text(
            name,
            gettext("player %(number)s: the name %(name)s")
            % {"number": number, "name": repr(name[:40])},
            PLAYER_NAME_LENGTH,
        )
    for board in event.boards:
        if board.number > SMALL:
            raise FileRefused(
                gettext("board %(number)s: board numbers go up to %(small)s")
                % {"number": board.number, "small": SMALL},
            )
        for line in board.lines:
            for what in ("round", "table"):
                value = getattr(line, what)
                if value is not None and not 0 <= value <= SMALL:
                    raise FileRefused(
                        gettext("%(where)s: %(what)s %(value)s is not a %(what)s number")
                        % {"where": line.where, "what": what, "value": value},
                    )


def check_text(text: str, what: str, length: int) -> None:
    if _CONTROL.search(text):
        raise FileRefused(
            gettext("%(what)s holds a control character (a NUL, a line break, ...)")
            % {"what": what},
        )
    if len(text.strip()) > length:
        raise FileRefused(
            gettext("%(what)s is longer than %(length)s characters")
            % {"what": what, "length": length},
        )
