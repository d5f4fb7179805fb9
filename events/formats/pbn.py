"""PBN 2.1 (Portable Bridge Notation): hand records and results, in and out (SPEC §6.1).

Reads what Ruter and Magic Contest write: `% <META ...>` comment lines, a `[ScoreTable]` per
board, the `[TotalScoreTable]` for the names, unsigned scores in the scoring side's column,
"A+"/"A-" artificial scores in both columns, `-` for no value, Bye rows for the pair that sits
out, the Nordic `Ö-V`, ISO-8859-1 text. Writes PBN 2.1 in UTF-8 with a byte-order mark, with
our own settings in META lines so that a file we wrote comes back with every setting.
"""

import datetime
import re
from dataclasses import dataclass, field, replace

from django.utils.translation import gettext

from events.formats.imported import (
    DIRECTIONS,
    NOT_PLAYED,
    NOTE_LENGTH,
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
from events.formats.pair_files import FileBoard, FileLine, FilePair, FileSection, PairsFile
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
from scoring import board_conditions
from scoring.adjusted_scores import ADJUSTED_SCORE_RULES, FIXED_PERCENT
from scoring.cross_imps import CROSS_IMP_MODES
from scoring.datum import DATUM_METHODS
from scoring.deals import DealRefused, normalize_deal
from scoring.matchpoints import MISSING_RESULT_RULES, ROUNDING_RULES
from scoring.weighted_scores import weighted_text

GENERATOR = "Clubscoring"
# A tag pair as import format allows it (PBN 2.1 section 3.3): white space between its tokens,
# several on one line.
_TAG = re.compile(r'\s*\[\s*(\w+)\s*"((?:[^"\\]|\\.)*)"\s*\]')
_META = re.compile(r'^%\s*<META\s+name=(\S+)\s+content="(.*)">\s*$', re.IGNORECASE)
# PBN 2.1 section 4.8: the tags that may not take their value from an earlier game ("#" or a
# value beginning with "##"), so that every game can still be played on its own.
_NOT_INHERITED = frozenset(
    ("Dealer", "Vulnerable", "Deal", "Declarer", "Contract", "Auction", "Play", "Note")
)
_ESCAPED = re.compile(r'\\([\\"])')
_CELL = re.compile(r'"((?:[^"\\]|\\.)*)"|(\S+)')
_VULNERABLE = {"none": "None", "love": "None", "-": "None", "ns": "NS", "ew": "EW",
               "all": "All", "both": "All"}  # fmt: skip
_ARTIFICIAL = re.compile(r"^A(\d+(?:\.\d+)?)$")

# Our settings, written as META lines and read back (Ruter writes program data the same way).
_SETTINGS_META = {
    "MatchpointScale": ("mp_scale", {"1": 1, "2": 2}),
    "MatchpointRounding": ("mp_rounding", {k: k for k in ROUNDING_RULES}),
    "MissingResults": ("missing_results", {k: k for k in MISSING_RESULT_RULES}),
    "FactorTo": ("factor_to", {k: k for k in FACTOR_TO}),
    "PercentageBasis": ("percentage_basis", {k: k for k in PERCENTAGE_BASES}),
    "DatumMethod": ("datum_method", {k: k for k in DATUM_METHODS}),
    "CrossImpMode": ("cross_imp_mode", {k: k for k in CROSS_IMP_MODES}),
    "AdjustedScores": ("adjusted_scores", {k: k for k in ADJUSTED_SCORE_RULES}),
    "FactorTotals": ("factor_totals", {"Y": True, "N": False}),
    "Winners": ("winners", {"1": 1, "2": 2}),
    "Reveal": ("reveal", {k: k for k in REVEALS}),
    "Status": ("status", {k: k for k in STATUSES}),
}


# ---------------------------------------------------------------------------------------------
# Reading


@dataclass
class _Tag:
    value: str
    line: int
    rows: list[tuple[int, list[str]]] = field(default_factory=list)  # a table's data lines


@dataclass
class _Game:
    tags: dict[str, _Tag] = field(default_factory=dict)

    def value(self, name: str, default: str = "") -> str:
        tag = self.tags.get(name)
        return tag.value if tag is not None else default


def decode(data: bytes) -> str:
    """PBN text: UTF-8 when it has a byte-order mark or decodes as UTF-8, else ISO-8859-1."""
    if data.startswith(b"\xef\xbb\xbf"):
        return data[3:].decode("utf-8", errors="replace")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("iso-8859-1")


def looks_like_pbn(data: bytes) -> bool:
    head = decode(data[:4096]).lstrip()
    return head.startswith("%") or head.startswith("[")


def _unescape(text: str) -> str:
    """A PBN string's content: `\\"` is a quote, `\\\\` a backslash; any other backslash stays
    (Ruter's column formats, "Rank\\2R")."""
    return _ESCAPED.sub(r"\1", text)


def read_games(text: str) -> tuple[dict[str, str], list[_Game]]:
    """The META comments and the games (tag sections) of a PBN file, with line numbers.

    A game ends at a semi-empty line. Tag pairs are read in import format: white space between
    their tokens, several on a line. Tag values are inherited as PBN 2.1 section 4.8 says: the
    value "#" is the tag's value in the nearest earlier game that has the tag ("" if none
    has); a value beginning with "##" ("##IMP") is the text after the "##", for this game and
    every later game that leaves the tag out, and a later value of that tag (with or without
    "##") redefines it for the games after it. Dealer, Vulnerable, Deal, Declarer, Contract,
    Auction, Play and Note may inherit no value: FileRefused. The lines after a tag that are
    neither tags nor comments are its data (a table's rows, an auction).
    """
    meta: dict[str, str] = {}
    games: list[_Game] = []
    game = _Game()
    earlier: dict[str, str] = {}  # each tag's value in the nearest earlier game that has it
    header: dict[str, _Tag] = {}  # the values of tags given with "##", as last redefined
    current: _Tag | None = None
    in_brace = False

    def close(game: _Game) -> None:
        for name, tag in header.items():
            game.tags.setdefault(name, _Tag(tag.value, tag.line))
        games.append(game)
        earlier.update((name, tag.value) for name, tag in game.tags.items())

    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if in_brace:
            in_brace = "}" not in line
            continue
        if line.startswith("%"):
            if match := _META.match(line):
                meta[match[1]] = match[2]
            continue
        if line.startswith(";"):
            continue
        if line.startswith("{"):
            in_brace = "}" not in line
            continue
        if not line:
            if game.tags:
                close(game)
            game, current = _Game(), None
            continue
        if line.startswith("["):
            pairs, in_brace = _tag_pairs(line, number)
            for name, value in pairs:
                if name in game.tags:  # a new game without the empty line between
                    close(game)
                    game = _Game()
                value = _inherit(name, value, earlier, header, number)
                current = game.tags[name] = _Tag(value, number)
            continue
        if current is None:
            raise FileRefused(
                gettext("line %(number)s: data outside any tag: %(line)s")
                % {"number": number, "line": repr(line[:40])},
            )
        current.rows.append(
            (number, [_unescape(m[1]) if m[1] is not None else m[2] for m in _CELL.finditer(line)])
        )
    if game.tags:
        close(game)
    return meta, games


def _tag_pairs(line: str, number: int) -> tuple[list[tuple[str, str]], bool]:
    """The tag pairs of a line that starts with "[", each as name and value, and whether a
    brace comment among them goes on past the line's end (PBN 2.1 section 3.8: a comment may
    follow a tag, ";" to the end of the line, "{" to the next "}"). FileRefused for anything
    else."""
    pairs, at = [], 0
    while at < len(line):
        if match := _TAG.match(line, at):
            pairs.append((match[1], _unescape(match[2])))
            at = match.end()
            continue
        rest = line[at:].lstrip()
        if rest.startswith(";") or not rest:
            break
        if pairs and rest.startswith("{"):
            closing = rest.find("}")
            if closing < 0:
                return pairs, True
            at = len(line) - len(rest) + closing + 1
            continue
        raise FileRefused(
            gettext('line %(number)s: a tag is written [Name "value"], not %(line)s')
            % {"number": number, "line": repr(line[:40])},
        )
    return pairs, False


def _inherit(
    name: str, value: str, earlier: dict[str, str], header: dict[str, _Tag], number: int
) -> str:
    """A tag's value once PBN's inheritance is applied (read_games'); `header` keeps the values
    that the following games take when they leave their tag out."""
    if value == "#" or value.startswith("##"):
        if name in _NOT_INHERITED:
            raise FileRefused(
                gettext(
                    'line %(number)s: [%(name)s "%(value)s"] takes its value from an earlier '
                    "board, which PBN does not allow for %(name)s: each board gives its own"
                )
                % {"number": number, "name": name, "value": value[:20]},
            )
        if value == "#":
            return earlier.get(name, "")
        value = value[2:]
        header[name] = _Tag(value, number)
    elif name in header:  # a header's tag redefined: the following games take the new value
        header[name] = _Tag(value, number)
    return value


def _columns(tag: _Tag) -> list[str]:
    """A table tag's column names: "Rank\\2R;PairId\\2R" -> ["Rank", "PairId"] (sort marks off)."""
    return [part.split("\\")[0].strip().lstrip("+-") for part in tag.value.split(";")]


def _table(tag: _Tag, name: str) -> list[tuple[int, dict[str, str]]]:
    columns = _columns(tag)
    rows = []
    for number, cells in tag.rows:
        if len(cells) != len(columns):
            raise FileRefused(
                gettext(
                    "line %(number)s: this %(name)s row has %(cells_count)s cells for "
                    "%(columns_count)s columns"
                )
                % {
                    "number": number,
                    "name": name,
                    "cells_count": len(cells),
                    "columns_count": len(columns),
                },
            )
        rows.append((number, dict(zip(columns, cells, strict=True))))
    return rows


def parse_file(data: bytes) -> ImportedEvent:
    """Read a PBN results file; FileRefused naming the line for anything we cannot score.

    A file of several sections ([Section] tags, or a Section column in its score tables) is
    read section by section; its sections are scored apart or as one field as the file says
    (our SectionScoring META), else as its published matchpoints show.
    """
    meta, games = read_games(decode(data))
    if not games:
        raise FileRefused(
            gettext("this is not a PBN file: no [Tag] lines found"),
        )
    letters = _section_letters(games)
    if len(letters) < 2:
        return _parse_games(meta, games)
    for letter in letters:
        if not re.fullmatch(r"[A-Z]{1,2}", letter.upper()):
            raise FileRefused(
                gettext("the section %(letter)s is not a letter or two, as A or BB")
                % {"letter": repr(letter[:20])},
            )
    parts = []
    for letter in letters:
        part = _parse_games(_section_meta(meta, letter), _section_games(games, letter))
        part.section = letter.upper()
        if not _ranked_by_section(games):  # a ranking of the whole room: the pairs who played
            played = {
                n for board in part.boards for ln in board.lines for n in (ln.ns_pair, ln.ew_pair)
            }
            part.pairs = [pair for pair in part.pairs if pair.number in played]
        parts.append(part)
    event = parts[0]
    event.sections = parts[1:]
    scoring, why = meta.get("SectionScoring", ""), ""
    if not scoring:
        scoring, why = read_section_scoring(parts, ranked_across=_ranked_across_sections(games))
    event.settings["section_scoring"] = scoring
    if scoring != "field":
        how = gettext("each scored apart")
    elif event.settings.get("scoring", "mp") == "mp":
        how = gettext("matchpointed across the field")
    else:
        how = gettext("scored across the field")
    event.readings.append(
        (
            gettext("Sections"),
            f"{len(parts)} ({', '.join(p.section for p in parts)}), "
            + how
            + (f", {why}" if why else ""),
        )
    )
    return event


def _section_letters(games: list[_Game]) -> list[str]:
    """The sections a file names, in [Section] tags or in its tables' Section column."""
    named = {game.value("Section").strip() for game in games}
    for game in games:
        for name in ("ScoreTable", "TotalScoreTable"):
            tag = game.tags.get(name)
            if tag is not None and "Section" in _columns(tag):
                named |= {row["Section"].strip() for _, row in _table(tag, name)}
    return sorted(named - {"", "-"})


def _ranked_by_section(games: list[_Game]) -> bool:
    """Whether the file's ranking (its TotalScoreTable) says each pair's section."""
    ranking = next((g.tags["TotalScoreTable"] for g in games if "TotalScoreTable" in g.tags), None)
    return ranking is not None and "Section" in _columns(ranking)


def _ranked_across_sections(games: list[_Game]) -> bool:
    """Whether the file ranks its pairs in one list across the sections: a TotalScoreTable
    without a Section column."""
    return any("TotalScoreTable" in g.tags for g in games) and not _ranked_by_section(games)


def _section_meta(meta: dict[str, str], letter: str) -> dict[str, str]:
    """The META lines as one section reads them: our own per-section lines ("Movement.B")
    stand for the plain ones."""
    own = {name.removesuffix(f".{letter}"): value for name, value in meta.items()
           if name.endswith(f".{letter}")}  # fmt: skip
    return {name: value for name, value in meta.items() if "." not in name} | own


def _section_games(games: list[_Game], letter: str) -> list[_Game]:
    """The games of one section, their tables' rows of that section only; the ranking (in the
    file's first game) goes with each section's first game."""
    ranking = next((g.tags["TotalScoreTable"] for g in games if "TotalScoreTable" in g.tags), None)
    chosen = []
    for game in games:
        if game.value("Section").strip() not in ("", letter):
            continue
        tags = dict(game.tags)
        if ranking is not None and not chosen:
            tags["TotalScoreTable"] = ranking
        for name in ("ScoreTable", "TotalScoreTable"):
            if name in tags and "Section" in _columns(tags[name]):
                tag = tags[name]
                at = _columns(tag).index("Section")
                rows = [(n, cells) for n, cells in tag.rows if cells[at : at + 1] == [letter]]
                tags[name] = _Tag(tag.value, tag.line, rows)
        chosen.append(_Game(tags))
    return chosen


def _parse_games(meta: dict[str, str], games: list[_Game]) -> ImportedEvent:
    first = games[0]
    scoring_tag = first.tags.get("Scoring")
    if _is_teams(first, meta):
        raise FileRefused(gettext("team events are not supported yet: import a pairs event"))
    if scoring_tag is None or not scoring_tag.value:
        raise FileRefused(
            gettext(
                "line %(value)s: the file has no [Scoring] tag, so matchpoints cannot be "
                "told from IMPs"
            )
            % {"value": first.tags["Board"].line if "Board" in first.tags else 1},
        )
    settings = scoring_settings(
        scoring_tag.value, gettext("line %(line)s") % {"line": scoring_tag.line}
    )
    settings.update(_settings_from_meta(meta))
    individual = first.value("Competition").strip().lower() == "individuals"
    event = ImportedEvent(
        name=(first.value("Event") or meta.get("ContestName", "")).strip() or "Imported event",
        date=_event_date(first),
        file_format="PBN",
        generator=meta.get("Generator", ""),
        club_name=first.value("Site").split(",")[0].strip(),
        settings=settings,
        barometer=meta.get("Barometer", "").upper() == "Y",
    )
    if individual:
        _read_individuals(event, games)
        return event
    event.pairs, offset = _pairs(games)
    event.ew_offset = offset
    if offset:
        settings["ew_numbered_on"] = False
    byes = False
    for game in games:
        board, had_bye = _board(game, offset)
        if board is not None:
            event.boards.append(board)
            byes = byes or had_bye
    if byes and "factor_totals" not in settings:
        # Ruter and Magic Contest credit a sit-out with the pair's average: the same as
        # scaling each total to every board of the session, byes included.
        settings["factor_totals"] = True
        count = meta.get("BoardCount", "")
        settings["factor_boards"] = whole_number(count) or len(event.boards)
    _movement_from_meta(event, meta)
    winners = settings.pop("winners", None)
    if winners is None:
        winners = _published_winners(games, event)
    finish_event(event, winners=winners)
    return event


# An individual's ScoreTable names the four players; its TotalScoreTable ranks players.
_PLAYER_COLUMNS = {"N": "PlayerId_North", "E": "PlayerId_East", "S": "PlayerId_South",
                   "W": "PlayerId_West"}  # fmt: skip


def _read_individuals(event: ImportedEvent, games: list[_Game]) -> None:
    """An individual file ([Competition "Individuals"]): its players, and its lines between
    sides (imported.Sides)."""
    for tag in _total_tables(games):
        for number, row in _table(tag, "TotalScoreTable"):
            player = whole_number(row.get("PlayerId", ""))
            if player is None or player < 1:
                raise FileRefused(
                    gettext("line %(number)s: the player number is not a whole number")
                    % {"number": number},
                )
            event.players[player] = row.get("Names", "").strip().strip("-").strip()
    sides = Sides()
    for game in games:
        if tag := game.tags.get("ScoreTable"):
            game.tags["ScoreTable"] = _sided(tag, sides)
        board, _ = _board(game, 0)
        if board is not None:
            event.boards.append(board)
    sides.settle(event)
    finish_event(event, winners=1)


def _sided(tag: _Tag, sides: Sides) -> _Tag:
    """The ScoreTable with each row's sides as PairId_NS and PairId_EW (provisional numbers)."""
    columns = _columns(tag)
    for needed in _PLAYER_COLUMNS.values():
        if needed not in columns:
            raise FileRefused(
                gettext("line %(line)s: the individuals' ScoreTable has no %(needed)s")
                % {"line": tag.line, "needed": needed},
            )
    rows = []
    for number, row in _table(tag, "ScoreTable"):
        where = gettext("line %(line)s") % {"line": number}
        players = {seat: _number(row, column, where) for seat, column in _PLAYER_COLUMNS.items()}
        if None in players.values() or len(set(players.values())) < 4:
            raise FileRefused(
                gettext("%(where)s: the row needs four different players, N, E, S and W")
                % {"where": where},
            )
        at = (_number(row, "Round", where), _number(row, "Table", where))
        ns = sides.number(*at, "NS", (players["N"], players["S"]))
        ew = sides.number(*at, "EW", (players["E"], players["W"]))
        rows.append((number, [*(row[c] for c in columns), str(ns), str(ew)]))
    return _Tag(tag.value + ";PairId_NS;PairId_EW", tag.line, rows)


def _movement_from_meta(event: ImportedEvent, meta: dict[str, str]) -> None:
    """Our own movement META lines: its name, boards per round and every table-round, written
    "round,table,NS,EW,low board,high board;..." with "-" for no pair or no boards, and the
    boards' counts with the phantom's table counted, "board:count;..."."""
    event.movement = meta.get("Movement", "")[:80]
    if meta.get("BoardsPerRound", "").isdigit():
        event.boards_per_round = min(int(meta["BoardsPerRound"]), 32767)
    read_table_rounds(event, meta.get("TableRounds", ""), "META TableRounds")
    read_movement_results(event, meta.get("MovementResults", ""), "META MovementResults")


def _is_teams(first: _Game, meta: dict[str, str]) -> bool:
    scoring = first.value("Scoring").split(";")[0].strip().lower()
    total = first.tags.get("TotalScoreTable")
    return (
        first.value("Competition").lower() == "teams"
        or scoring == "teams"
        or meta.get("ScoringType", "").lower() == "teams"
        or (total is not None and "TeamId" in _columns(total))
    )


def scoring_settings(value: str, where: str) -> dict:
    """Event settings for a PBN [Scoring] value: "MatchPoints;MP1", "IMP;Butler-2;Mean", ..."""
    parts = [part.strip() for part in value.split(";") if part.strip()]
    base, modifiers = parts[0].lower(), [part.lower() for part in parts[1:]]
    if base in ("mp", "matchpoints"):
        unknown = set(modifiers) - {"mp1", "mp2"}
        if unknown:
            raise FileRefused(
                gettext("%(where)s: matchpoint scoring %(value)s: %(unknown)s is not supported")
                % {"where": where, "value": repr(value), "unknown": repr(sorted(unknown)[0])},
            )
        return {"scoring": MATCHPOINTS, "mp_scale": 1 if "mp2" in modifiers else 2}
    if base == "imp":
        unknown = set(modifiers) - {
            "butler",
            "butler-2",
            "mean",
            "median",
            "cross",
            "cross1",
            "cross2",
        }
        if unknown:
            raise FileRefused(
                gettext("%(where)s: IMP scoring %(value)s: %(unknown)s is not supported")
                % {"where": where, "value": repr(value), "unknown": repr(sorted(unknown)[0])},
            )
        for mode in ("cross", "cross1", "cross2"):
            if mode in modifiers:
                return {"scoring": CROSS_IMPS, "cross_imp_mode": mode}
        if "butler-2" in modifiers:
            method = "median" if "median" in modifiers else "drop-one"
        elif "butler" in modifiers:
            method = "median" if "median" in modifiers else "mean"
        else:
            raise FileRefused(
                gettext("%(where)s: IMP pairs scoring needs Butler or Cross in %(value)s")
                % {"where": where, "value": repr(value)},
            )
        return {"scoring": BUTLER, "datum_method": method}
    if base == "teams":
        raise FileRefused(gettext("team events are not supported yet: import a pairs event"))
    raise FileRefused(
        gettext("%(where)s: the scoring %(value)s is not supported: pairs MP or IMP only")
        % {"where": where, "value": repr(value)},
    )


def _settings_from_meta(meta: dict[str, str]) -> dict:
    settings = {}
    for name, (setting, values) in _SETTINGS_META.items():
        if name in meta and meta[name] in values:
            settings[setting] = values[meta[name]]
    if (factor_boards := whole_number(meta.get("FactorBoards", ""))) is not None:
        settings["factor_boards"] = factor_boards
    return settings


def _event_date(game: _Game) -> datetime.date:
    """The session's [Date], or the [EventDate] when the Date is missing or partly unknown."""
    tags = [game.tags[name] for name in ("Date", "EventDate") if name in game.tags]
    for tag in tags:
        try:
            return datetime.datetime.strptime(tag.value.strip(), "%Y.%m.%d").date()
        except ValueError:
            continue
    if not tags:
        raise FileRefused(
            gettext("the file has no [Date] tag: the event needs a date"),
        )
    raise FileRefused(
        gettext('line %(line)s: "%(value)s" is not a date written YYYY.MM.DD')
        % {"line": tags[0].line, "value": tags[0].value},
    )


def _total_tables(games: list[_Game]) -> list[_Tag]:
    """The TotalScoreTables: one for the field, or one for each direction."""
    return [game.tags["TotalScoreTable"] for game in games if "TotalScoreTable" in game.tags]


def _published_winners(games: list[_Game], event: ImportedEvent) -> int | None:
    """One or two winners as the file's published ranking has them: a TotalScoreTable for each
    direction, or one whose ranks start again at 1 for each direction, is two winners."""
    tables = _total_tables(games)
    if not tables:
        return None
    places = []
    for tag in tables:
        for _, row in _table(tag, "TotalScoreTable"):
            places.append((row.get("Direction", ""), row.get("Rank", "")))
    if len(tables) == 2:
        directions = [
            {DIRECTIONS.get(row.get("Direction", "").upper(), "") for _, row in _table(t, "-")}
            for t in tables
        ]
        if sorted(d.pop() if len(d) == 1 else "" for d in directions) == ["EW", "NS"]:
            event.readings.append(
                (gettext("Winners"), gettext("Two: the file ranks each direction in a table"))
            )
            return 2
    winners = winners_from_places(places)
    if winners == 2:
        event.readings.append(
            (gettext("Winners"), gettext("Two: the file ranks North-South and East-West apart"))
        )
    elif winners == 1:
        event.readings.append(
            (gettext("Winners"), gettext("One: the file ranks the whole field in one list"))
        )
    return winners


def _pairs(games: list[_Game]) -> tuple[list[ImportedPair], int]:
    """The pairs and their names, from the TotalScoreTable (Ruter writes it in the first game),
    or from both when the file ranks each direction in its own; and what is added to an EW pair's
    number when the file numbers each direction from 1 ("3NS", "3EW": our own two-winner
    Mitchells); imported.ew_offset."""
    found = []
    for tag in _total_tables(games):
        for number, row in _table(tag, "TotalScoreTable"):
            pair_number, suffix = file_pair_id(
                row.get("PairId", ""), gettext("line %(line)s") % {"line": number}
            )
            names = [
                n.strip() for n in row.get("Names", "").split(" - ") if n.strip() not in ("", "-")
            ]
            direction = DIRECTIONS.get(row.get("Direction", "").strip('"').upper(), "")
            total = next((row[c] for c in ("TotalScoreMP", "TotalScoreIMP") if c in row), "")
            printed = ImportedPair(
                number=pair_number,
                names=names,
                where=gettext("line %(line)s") % {"line": number},
                printed_total=printed_number(total),
                printed_percentage=printed_number(row.get("TotalPercentage", "")),
            )
            found.append((pair_number, suffix or direction, printed))
    offset = ew_offset([(n, d) for n, d, _ in found])
    pairs = [
        replace(pair, number=n + (offset if d == "EW" else 0), direction=d) for n, d, pair in found
    ]
    return pairs, offset


def _board(game: _Game, offset: int) -> tuple[ImportedBoard | None, bool]:
    """One game's board and its traveller; (None, False) for a game without a board number."""
    board = board_header(game)
    if board is None:
        return None, False
    had_bye = False
    if score_tag := game.tags.get("ScoreTable"):
        columns = _columns(score_tag)
        for needed in ("PairId_NS", "PairId_EW"):
            if needed not in columns:
                raise FileRefused(
                    gettext("line %(line)s: the ScoreTable has no %(needed)s column")
                    % {"line": score_tag.line, "needed": needed},
                )
        rows = _table(score_tag, "ScoreTable")
        board.published_datum = _published_datum([row for _, row in rows])
        for line_number, row in rows:
            line = _score_row(
                row, gettext("line %(line)s") % {"line": line_number}, board.vulnerability, offset
            )
            if line is None:
                had_bye = True
            else:
                line.note = _note(row, gettext("line %(line)s") % {"line": line_number})
                board.lines.append(line)
    return board, had_bye


def board_header(game: _Game) -> ImportedBoard | None:
    """A game's board number, dealer, vulnerability and deal, without lines; None for a game
    without a board number."""
    tag = game.tags.get("Board")
    if tag is None or not tag.value.strip():
        return None
    number = whole_number(tag.value)
    if number is None or number < 1:
        raise FileRefused(
            gettext('line %(line)s: [Board "%(value)s"] is not a board number')
            % {"line": tag.line, "value": tag.value[:20]},
        )
    dealer, vulnerability = board_conditions(number)
    if dealer_tag := game.tags.get("Dealer"):
        if dealer_tag.value.upper() in ("N", "E", "S", "W"):
            dealer = dealer_tag.value.upper()
        elif dealer_tag.value:
            raise FileRefused(
                gettext("line %(line)s: the dealer must be N, E, S or W")
                % {"line": dealer_tag.line},
            )
    if vulnerable_tag := game.tags.get("Vulnerable"):
        if vulnerable_tag.value.lower() in _VULNERABLE:
            vulnerability = _VULNERABLE[vulnerable_tag.value.lower()]
        elif vulnerable_tag.value:
            raise FileRefused(
                gettext("line %(line)s: vulnerability must be None, NS, EW or All, not %(value)s")
                % {"line": vulnerable_tag.line, "value": repr(vulnerable_tag.value)},
            )
    deal = ""
    if (deal_tag := game.tags.get("Deal")) and deal_tag.value.strip():
        try:
            deal = normalize_deal(deal_tag.value)
        except DealRefused as refused:
            raise FileRefused(
                gettext("line %(line)s: board %(number)s: %(refused)s")
                % {"line": deal_tag.line, "number": number, "refused": refused},
            ) from None
    return ImportedBoard(number=number, dealer=dealer, vulnerability=vulnerability, deal=deal)


def _note(row: dict[str, str], where: str) -> str:
    """Our own ScoreTable's Note column: the director's note on the line."""
    note = row.get("Note", "").replace('\\"', '"').strip()
    if len(note) > NOTE_LENGTH:
        raise FileRefused(
            gettext("%(where)s: a note is at most %(note_length)s characters")
            % {"where": where, "note_length": NOTE_LENGTH},
        )
    if any(ord(c) < 32 or ord(c) == 127 for c in note):
        raise FileRefused(
            gettext("%(where)s: the note holds a control character") % {"where": where},
        )
    return note


def _cell(row: dict[str, str], name: str) -> str:
    value = row.get(name, "").strip()
    return "" if value in ("-", "?") else value


def _number(row: dict[str, str], name: str, where: str) -> int | None:
    value = _cell(row, name)
    if not value:
        return None
    try:
        return int(value)
    except ValueError:
        raise FileRefused(
            gettext("%(where)s: %(name)s %(value)s is not a whole number")
            % {"where": where, "name": name, "value": repr(value[:20])},
        ) from None


def _pair_cell(row: dict[str, str], name: str, where: str, offset: int) -> int | None:
    """A ScoreTable's pair: "3", or "3NS" / "3EW" where each direction is numbered from 1 (a
    plain number in the EW column is then an EW pair's)."""
    value = _cell(row, name)
    if not value:
        return None
    number, suffix = file_pair_id(value, f"{where}: {name}")
    return number + (offset if (suffix or name[-2:]) == "EW" else 0)


def _score_row(row: dict[str, str], where: str, vulnerability: str, offset: int):
    """One ScoreTable row as a line; None for a Bye row (the pair that sits out)."""
    ns_score, ew_score = _cell(row, "Score_NS"), _cell(row, "Score_EW")
    if "bye" in (ns_score.lower(), ew_score.lower()):
        return None
    seat = {
        "ns_pair": _pair_cell(row, "PairId_NS", where, offset),
        "ew_pair": _pair_cell(row, "PairId_EW", where, offset),
        "round": _number(row, "Round", where),
        "table": _number(row, "Table", where),
    }
    if seat["ns_pair"] is None or seat["ew_pair"] is None:
        raise FileRefused(
            gettext("%(where)s: the row needs both pair numbers") % {"where": where},
        )
    ns_percent, ew_percent = _artificial(ns_score), _artificial(ew_score)
    if ns_percent is not None or ew_percent is not None:
        if ns_percent is None or ew_percent is None:
            raise FileRefused(
                gettext("%(where)s: an artificial score needs a code for each side, e.g. A+ A-")
                % {"where": where},
            )
        line = adjusted_line(where=where, ns_percent=ns_percent, ew_percent=ew_percent, **seat)
        line.published = _published(row)
        return line
    if weighted := _cell(row, "Weighted"):
        return weighted_line(where=where, vulnerability=vulnerability, text=weighted, **seat)
    contract = _cell(row, "Contract")
    if {" ".join(s.upper().split()) for s in (ns_score, ew_score)} & NOT_PLAYED:
        ns_score, ew_score, contract = "", "", contract or "NP"
    score_ns, score_ew = _ns_score(ns_score, ew_score, row, where)
    line = result_line(
        where=where,
        vulnerability=vulnerability,
        contract=contract,
        declarer=_cell(row, "Declarer").upper(),
        tricks=_number(row, "Result", where),
        lead=_cell(row, "Lead"),
        score_ns=score_ns,
        score_ew=score_ew,
        published=_published(row),
        **seat,
    )
    # Our own Fixed column: the points stay as printed, whatever rule they fit.
    line.fixed = bool(_cell(row, "Fixed")) and line.published is not None and not line.not_played
    return line


def _published(row: dict[str, str]) -> tuple[float, float] | None:
    """The line's points as the file prints them, when it does: matchpoints from 0 up (MP_NS,
    MP_EW) or IMPs (IMP_NS, IMP_EW)."""
    return printed_points(_cell(row, "MP_NS"), _cell(row, "MP_EW")) or printed_imps(
        _cell(row, "IMP_NS"), _cell(row, "IMP_EW")
    )


def _published_datum(rows: list[dict[str, str]]) -> int | None:
    """The board's datum as Magic Contest prints it on every row (ButlerDatum), when it does."""
    for row in rows:
        try:
            return int(_cell(row, "ButlerDatum"))
        except ValueError:
            continue
    return None


def _artificial(text: str) -> float | None:
    """Percent of the top for "A+", "A", "A-" (and our "A63" for other percents); else None."""
    code = text.upper()
    if code in FIXED_PERCENT:
        return FIXED_PERCENT[code]
    if match := _ARTIFICIAL.match(code):
        return float(match[1])
    return None


def _ns_score(ns: str, ew: str, row: dict[str, str], where: str) -> tuple[int | None, int | None]:
    """North-South's score from the two columns, and EW's (from NS's side) when it differs.

    Ruter and Magic Contest write the score unsigned in the column of the side that scored it
    and "-" in the other; PBN 2.1 writes both signed. A "Score" column ("NS 420") also counts.
    """
    try:
        ns_value = int(ns) if ns else None
        ew_value = int(ew) if ew else None
        if ns_value is None and ew_value is None and (score := _cell(row, "Score")):
            side, _, value = score.partition(" ")
            return (int(value) if side.upper() == "NS" else -int(value)), None
    except ValueError:
        raise FileRefused(
            gettext("%(where)s: the score %(value)s is not a number")
            % {"where": where, "value": repr((ns or ew)[:20])},
        ) from None
    if ns_value is not None and ew_value is not None:
        # Both signed (PBN 2.1); columns that do not cancel out are a split score.
        return ns_value, -ew_value
    if ns_value is not None:
        return ns_value, None
    return (None, None) if ew_value is None else (-ew_value, None)


# ---------------------------------------------------------------------------------------------
# Writing


def scoring_tag(event: PairsFile) -> str:
    """The PBN [Scoring] value for the event's scoring."""
    if event.scoring == MATCHPOINTS:
        return "MatchPoints;MP1" if event.mp_scale == 2 else "MatchPoints;MP2"
    if event.scoring == CROSS_IMPS:
        return {"cross": "IMP;Cross", "cross1": "IMP;Cross1", "cross2": "IMP;Cross2"}[
            event.cross_imp_mode
        ]
    return {
        "drop-one": "IMP;Butler-2;Mean",
        "median": "IMP;Butler;Median",
    }.get(event.datum_method, "IMP;Butler;Mean")


_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def pbn_text(value) -> str:
    """Text as a PBN string's content (PBN 2.1 §3.7): one line, `\\` and `"` escaped.

    A control character (a newline in a name, a NUL) would end the tag or the line: it becomes a
    space, so that every file we write reads back.
    """
    text = _CONTROL.sub(" ", str(value))
    return text.replace("\\", "\\\\").replace('"', '\\"')


def _quote(value) -> str:
    return f'"{pbn_text(value)}"'


def _tag(name: str, value) -> str:
    return f"[{name} {_quote(value)}]"


def _table_tag(name: str, columns: list[str]) -> str:
    # A table's column formats keep their single backslashes, as Ruter writes them ("Rank\2R").
    return f'[{name} "{";".join(columns)}"]'


def _points(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}"


def render_event(event: PairsFile) -> bytes:
    """The event as PBN 2.1: one game per board with its deal, traveller and, first, the ranking.
    An event of several sections has a game per section's board, tagged with its [Section], and
    a Section column in its tables (as Ruter writes them)."""
    sections = event.sections
    several = len(sections) > 1
    imps = event.is_imps
    unit = "IMP" if imps else "MP"
    lines = [
        "% PBN 2.1",
        "% EXPORT",
        "%",
        f'% <META  name=Generator  content="{GENERATOR}">',
        f'% <META  name=ContestName  content="{pbn_text(event.name)}">',
        f'% <META  name=ContestDate  content="{event.date:%Y-%m-%d}">',
        f'% <META  name=ScoringType  content="{scoring_tag(event)}">',
        f'% <META  name=BoardCount  content="{len(sections[0].boards)}">',
        f'% <META  name=MatchpointScale  content="{event.mp_scale}">',
        f'% <META  name=MatchpointRounding  content="{event.mp_rounding}">',
        f'% <META  name=MissingResults  content="{event.missing_results}">',
        f'% <META  name=FactorTo  content="{event.factor_to}">',
        f'% <META  name=PercentageBasis  content="{event.percentage_basis}">',
        f'% <META  name=DatumMethod  content="{event.datum_method}">',
        f'% <META  name=CrossImpMode  content="{event.cross_imp_mode}">',
        f'% <META  name=AdjustedScores  content="{event.adjusted_scores}">',
        f'% <META  name=FactorTotals  content="{"Y" if event.factor_totals else "N"}">',
        f'% <META  name=FactorBoards  content="{event.factor_boards or ""}">',
        f'% <META  name=Winners  content="{event.winners}">',
        f'% <META  name=Reveal  content="{event.reveal}">',
        f'% <META  name=Status  content="{event.status}">',
        *([f'% <META  name=SectionScoring  content="{event.section_scoring}">'] if several else []),
        *(
            line
            for section in sections
            for line in _movement_meta(section, f".{section.letter}" if several else "")
        ),
        "%",
    ]
    notes = any(line.note for line in event.lines)
    weighted = any(line.weights is not None for line in event.lines)
    fixed = any(line.fixed for line in event.lines)
    first = True
    for section in sections:
        letter = section.letter if several else ""
        for board in section.boards:
            lines += [
                _tag("Event", event.name),
                _tag("Site", event.club_name),
                _tag("Date", f"{event.date:%Y.%m.%d}"),
                *([_tag("Section", letter)] if letter else []),
                _tag("Board", board.number),
                _tag("West", ""),
                _tag("North", ""),
                _tag("East", ""),
                _tag("South", ""),
                _tag("Dealer", board.dealer),
                _tag("Vulnerable", board.vulnerability),
                _tag("Deal", board.deal),
                _tag("Scoring", scoring_tag(event)),
                _tag("Declarer", ""),
                _tag("Contract", ""),
                _tag("Result", ""),
                _tag("Competition", "Individuals" if event.is_individual else "Pairs"),
            ]
            if first and event.is_individual:
                lines += _player_score_table(event, section, unit)
            elif first:
                lines += _total_score_table(event, sections if several else [section], unit)
            first = False
            lines += _score_table(
                event, board, unit, notes=notes, weighted=weighted, fixed=fixed, section=letter
            )
            if board.double_dummy:
                lines += _optimum(board)
            lines.append("")
    return ("\ufeff" + "\r\n".join(lines) + "\r\n").encode("utf-8")


def _movement_meta(section: FileSection, suffix: str = "") -> list[str]:
    """Our own META lines (comments to other programs): the movement as its table-rounds
    stand and the boards' counts with the phantom's table counted, so that a file we wrote
    comes back as it was; `suffix` names the section (".B") in a file of several."""

    table_rounds = table_rounds_text(section.table_rounds)
    movement = _one_line(section.movement).replace('"', "'")
    return [
        f'% <META  name=Movement{suffix}  content="{movement}">',
        f'% <META  name=BoardsPerRound{suffix}  content="{section.boards_per_round}">',
        f'% <META  name=TableRounds{suffix}  content="{table_rounds}">',
        *([f'% <META  name=Barometer{suffix}  content="Y">'] if section.barometer else []),
        *(
            [f'% <META  name=MovementResults{suffix}  content="{counted}">']
            if (counted := movement_results_text(section.boards))
            else []
        ),
    ]


def _one_line(text: str) -> str:
    """The text with any control character (a newline, a tab) made a space."""
    return "".join(" " if ord(c) < 32 or ord(c) == 127 else c for c in text)


def _total_score_table(event: PairsFile, sections: list[FileSection], unit: str) -> list[str]:
    """Each section's ranking; with several sections, a Section column says whose."""
    several = len(sections) > 1
    columns = ["Rank\\3R", "PairId\\3R", "Direction\\3R", f"TotalScore{unit}\\8R"]
    if several:
        columns.insert(0, "Section\\2R")
    if not event.is_imps:
        columns.append("TotalPercentage\\6R")
    columns += ["Names\\40L", "NrBoards\\3R"]
    rows = [_table_tag("TotalScoreTable", columns)]
    standings = [
        (section.letter, standing)
        for section in sections
        for group in section.ranking
        for standing in group.standings
    ]
    for letter, standing in standings:
        pair = standing.pair
        cells = [
            *([letter] if several else []),
            standing.place.rstrip("="),
            pair.file_id,
            {"NS": '"N-S"', "EW": '"E-W"'}.get(pair.direction, "-"),
            f"{standing.score:.2f}",
        ]
        if not event.is_imps:
            cells.append("-" if standing.percentage is None else f"{standing.percentage:.2f}")
        cells += [_quote(" - ".join(_names(pair))), str(standing.boards_played)]
        rows.append(" ".join(cells))
    return rows


def _player_score_table(event: PairsFile, section: FileSection, unit: str) -> list[str]:
    columns = ["Rank\\3R", "PlayerId\\3R", f"TotalScore{unit}\\8R"]
    if not event.is_imps:
        columns.append("TotalPercentage\\6R")
    columns += ["Names\\30L", "NrBoards\\3R"]
    rows = [_table_tag("TotalScoreTable", columns)]
    for standing in section.player_ranking:
        cells = [standing.place.rstrip("="), str(standing.player.number)]
        cells.append(f"{standing.score:.2f}")
        if not event.is_imps:
            cells.append("-" if standing.percentage is None else f"{standing.percentage:.2f}")
        cells += [_quote(standing.player.name or "-"), str(standing.boards_played)]
        rows.append(" ".join(cells))
    return rows


def _names(pair: FilePair) -> list[str]:
    return [name for name in pair.names.split(" & ") if name]


def _score_table(
    event: PairsFile,
    board: FileBoard,
    unit: str,
    *,
    notes: bool,
    weighted: bool,
    fixed: bool = False,
    section: str = "",
) -> list[str]:
    """The board's ScoreTable. PBN has no weighted score: its line carries the parts' weighted
    mean as Score_NS/Score_EW, and our own Weighted column (only when a line has one) the parts
    as the entry grid reads them, from which our import takes the line back. In an individual
    the four players stand where the two pairs would."""
    individual = event.is_individual
    sides = ["PairId_NS\\3R", "PairId_EW\\3R"]
    if individual:
        sides = [f"{column}\\3R" for column in _PLAYER_COLUMNS.values()]
    columns = ["Table\\2R", "Round\\2R", *sides, "Contract\\5L",
               "Declarer\\1R", "Result\\2R", "Lead\\3L", "Score_NS\\6R", "Score_EW\\6R",
               f"{unit}_NS\\6R", f"{unit}_EW\\6R"]  # fmt: skip
    if notes:  # our own column, only when a line has a note
        columns.append("Note\\20L")
    if weighted:
        columns.append("Weighted\\30L")
    if fixed:  # our own column, only when a line's points are fixed as a file printed them
        columns.append("Fixed\\5L")
    if section:
        columns.insert(0, "Section\\2R")
    rows = [_table_tag("ScoreTable", columns)]
    for result in board.lines:
        if result.ns_adjustment:
            contract, ns_score, ew_score = "-", _code(result, "ns"), _code(result, "ew")
        elif result.not_played:
            contract, ns_score, ew_score = "-", "-", "-"
        else:
            contract = {"PASS": "Pass", "": "-"}.get(result.contract, result.contract)
            ew_side = result.score_ns if result.score_ew is None else result.score_ew
            ns_score, ew_score = _quote(result.score_ns), _quote(-ew_side)
        rows.append(
            " ".join(
                [
                    *([section] if section else []),
                    str(result.table or "-"),
                    str(result.round or "-"),
                    *(
                        _seat_cells(result)
                        if individual
                        else [result.ns_pair.file_id, result.ew_pair.file_id]
                    ),
                    contract,
                    result.declarer or "-",
                    "-" if result.tricks is None else str(result.tricks),
                    result.lead or "-",
                    ns_score,
                    ew_score,
                    _points(result.ns_points),
                    _points(result.ew_points),
                    *([_quote(_one_line(result.note))] if notes else []),
                    *([_weighted_cell(result)] if weighted else []),
                    *(["Fixed" if result.fixed else "-"] if fixed else []),
                ]
            )
        )
    return rows


def _seat_cells(result: FileLine) -> list[str]:
    players = result.players
    return [str(players[seat]) if seat in players else "-" for seat in _PLAYER_COLUMNS]


def _weighted_cell(result: FileLine) -> str:
    return _quote(weighted_text(result.weights, typed=True)) if result.weights else "-"


def _code(result: FileLine, side: str) -> str:
    """ "A+" for a standard artificial score; "A63" when the percent is not the code's."""
    percent = getattr(result, f"{side}_percent")
    code = getattr(result, f"{side}_adjustment")
    if percent is None or percent == FIXED_PERCENT[code]:
        return _quote(code)
    return _quote(f"A{percent:g}")


def _optimum(board: FileBoard) -> list[str]:
    tricks = board.double_dummy["tricks"]
    score = board.double_dummy["par_score"]
    rows = [
        _tag("OptimumScore", f"NS {score}"),
        _table_tag("OptimumResultTable", ["Declarer", "Denomination\\2R", "Result\\2R"]),
    ]
    for seat in ("W", "N", "E", "S"):
        for strain in ("S", "H", "D", "C", "NT"):
            rows.append(f"{seat} {strain:>2} {tricks[seat][strain]:>2}")
    return rows
