"""PBN 2.1 team results, in and out: `[Competition "Teams"]`, a TotalScoreTable of teams, a
ScoreTable of matches and a ScoreTable per board with both tables (SPEC §6.1).

Reads what Ruter writes: the TotalScoreTable's TeamId, TeamName, Roster ("A - B - C - D") and
RosterDetails ("memberid,last,first|..."), TotalScoreVP and Rank; a match row of Round, Table,
TeamId_Home, TeamId_Away, MatchDetails ("segment,IMPs home,IMPs away|...", segment 200 being
the whole match), VP_Home and VP_Away, in a game of its own. A board's rows name the match
(Round, TeamId_Home, TeamId_Away) and the room: "Open" (or "O", "1") is table 1, where the home
team sits North-South, "Closed" ("C", "2") table 2; the line's own columns are the pairs
ScoreTable's (Contract, Declarer, Result, Lead, Score_NS, Score_EW). IMP_Home is the home
team's IMPs on the board. Writes the same from a TeamsFile, with our settings in META lines.
"""

from django.utils.translation import gettext

from events.formats.imported import FileRefused, whole_number
from events.formats.pbn import (
    GENERATOR,
    _cell,
    _columns,
    _event_date,
    _Game,
    _is_teams,
    _quote,
    _score_row,
    _table,
    _table_tag,
    _tag,
    board_header,
    decode,
    pbn_text,
    read_games,
)
from events.formats.team_files import (
    FileMatch,
    FileMatchBoard,
    FileTeam,
    TeamsFile,
    check_teams_file,
    figure,
)
from events.formats.team_scores import settle_scores
from events.formats.vocabulary import MATCH_SCORINGS, TEAM_FORMATS
from scoring import board_conditions
from scoring.adjusted_scores import adjustment_code
from scoring.victory_points import VP_SCALES

_ROOMS = {"open": 1, "o": 1, "1": 1, "closed": 2, "c": 2, "2": 2}
WHOLE_MATCH = "200"  # Ruter's MatchDetails segment for the whole match

# Our settings, written as META lines and read back.
_SETTINGS_META = {
    "TeamFormat": ("format", {f: f for f in TEAM_FORMATS}),
    "MatchScoring": ("match_scoring", {s: s for s in MATCH_SCORINGS}),
    "VpScale": ("vp_scale", {k: k for k in VP_SCALES}),
}


def looks_like_teams(data: bytes) -> bool:
    """Whether a PBN file holds a teams event (its Competition, Scoring or tables say so)."""
    meta, games = read_games(decode(data))
    return bool(games) and _is_teams(games[0], meta)


# ---------------------------------------------------------------------------------------------
# Reading


def parse_teams_file(data: bytes) -> TeamsFile:
    """Read a PBN team results file, its figures checked against our engine's; FileRefused
    naming the line for anything we cannot read or score."""
    meta, games = read_games(decode(data))
    if not games:
        raise FileRefused(
            gettext("this is not a PBN file: no [Tag] lines found"),
        )
    first = games[0]
    if not _is_teams(first, meta):
        raise FileRefused(
            gettext("this PBN file is not a teams event"),
        )
    for game in games:
        # "Teams" (Ruter's) or PBN's "IMP", with no modifier we would have to guess at.
        parts = [part.strip() for part in game.value("Scoring").split(";") if part.strip()]
        if parts and (parts[0].lower() not in ("teams", "imp") or len(parts) > 1):
            line = game.tags["Scoring"].line
            raise FileRefused(
                gettext(
                    "line %(line)s: the team scoring %(value)s is not supported: IMPs "
                    "(Teams) only, the match's scoring in our META lines"
                )
                % {"line": line, "value": repr(game.value("Scoring"))},
            )
    teams_file = TeamsFile(
        name=(first.value("Event") or meta.get("ContestName", "")).strip() or "Imported event",
        date=_event_date(first),
        file_format="PBN",
        generator=meta.get("Generator", ""),
        club_name=first.value("Site").split(",")[0].strip(),
        settings=_settings(meta),
    )
    teams_file.teams = _teams(games)
    matches: dict[tuple[int, int, int | None], FileMatch] = {}
    for game in games:
        tag = game.tags.get("ScoreTable")
        if tag is None:
            continue
        columns = _columns(tag)
        if "TeamId_Home" not in columns or "TeamId_Away" not in columns:
            raise FileRefused(
                gettext("line %(line)s: a team file's ScoreTable needs TeamId_Home and TeamId_Away")
                % {"line": tag.line},
            )
        if "Contract" in columns or "Room" in columns:
            _board_rows(game, matches)
        else:
            _match_rows(game, matches)
    teams_file.matches = sorted(matches.values(), key=lambda m: (m.round, m.table))
    check_teams_file(teams_file)
    settle_scores(teams_file)
    return teams_file


def _settings(meta: dict[str, str]) -> dict:
    settings = {}
    for name, (setting, values) in _SETTINGS_META.items():
        if name in meta:
            if meta[name] not in values:
                raise FileRefused(
                    gettext("META %(name)s: %(meta)s is not one we know")
                    % {"name": name, "meta": repr(meta[name][:30])},
                )
            settings[setting] = values[meta[name]]
    if "BoardsPerMatch" in meta:
        boards = whole_number(meta["BoardsPerMatch"])
        if boards is None or not 1 <= boards <= 64:
            raise FileRefused(
                gettext("META BoardsPerMatch: %(meta)s is not 1 to 64")
                % {"meta": repr(meta["BoardsPerMatch"][:20])},
            )
        settings["boards_per_match"] = boards
    if "BamPoints" in meta:
        if meta["BamPoints"] not in ("1", "2"):
            raise FileRefused(
                gettext("META BamPoints: %(meta)s is not 1 or 2")
                % {"meta": repr(meta["BamPoints"][:20])},
            )
        settings["bam_points"] = int(meta["BamPoints"])
    if meta.get("ByeVps"):
        settings["bye_vps"] = figure(meta["ByeVps"], "META ByeVps")
    return settings


def _teams(games: list[_Game]) -> list[FileTeam]:
    teams = []
    for game in games:
        tag = game.tags.get("TotalScoreTable")
        if tag is None:
            continue
        if "TeamId" not in _columns(tag):
            raise FileRefused(
                gettext("line %(line)s: a team file's TotalScoreTable needs a TeamId")
                % {"line": tag.line},
            )
        for line, row in _table(tag, "TotalScoreTable"):
            where = gettext("line %(line)s") % {"line": line}
            number = _whole(row, "TeamId", where)
            name = _cell(row, "TeamName") or f"Team {number}"
            total = _cell(row, "TotalScoreVP")
            teams.append(
                FileTeam(
                    number=number,
                    name=name,
                    players=_players(row),
                    where=where,
                    published_vps=figure(total, where) if total else None,
                    published_place=_cell(row, "Rank"),
                )
            )
    return teams


def _players(row: dict[str, str]) -> list[str]:
    """A team's players: from RosterDetails ("memberid,last,first|..."), else the Roster's
    names joined by " - "."""
    details = _cell(row, "RosterDetails")
    if details:
        names = []
        for player in details.split("|"):
            parts = player.split(",")
            last, first = [*parts, "", "", ""][1:3]
            name = " ".join(part.strip() for part in (first, last) if part.strip())
            if name:
                names.append(name)
        return names
    return [name.strip() for name in _cell(row, "Roster").split(" - ") if name.strip()]


def _match_rows(game: _Game, matches: dict) -> None:
    tag = game.tags["ScoreTable"]
    for line, row in _table(tag, "ScoreTable"):
        where = gettext("line %(line)s") % {"line": line}
        match = _match(row, where, matches)
        if match.published_vps is not None or match.published_imps is not None:
            raise FileRefused(
                gettext("%(where)s: this match is listed twice") % {"where": where},
            )
        match.published_imps = _match_details(row, where)
        if _cell(row, "VP_Home") or _cell(row, "VP_Away"):
            match.published_vps = (
                figure(_cell(row, "VP_Home"), where),
                figure(_cell(row, "VP_Away") or "0", where),
            )
        if _cell(row, "Boards"):
            match.board_count = _whole(row, "Boards", where)
        if _cell(row, "CarryOver"):
            match.carry_over = figure(_cell(row, "CarryOver"), where)
        match.assigned_imps = _cell(row, "AssignedIMP").upper() == "Y"
        match.assigned_vps = _cell(row, "AssignedVP").upper() == "Y"
        if _cell(row, "PenaltyVP_Home") or _cell(row, "PenaltyVP_Away"):
            match.penalty_vps = (
                figure(_cell(row, "PenaltyVP_Home") or "0", where),
                figure(_cell(row, "PenaltyVP_Away") or "0", where),
            )


def _match(row: dict[str, str], where: str, matches: dict) -> FileMatch:
    """The match a row names (Round, Table, TeamId_Home, TeamId_Away), made on first sight."""
    home = _whole(row, "TeamId_Home", where)
    away = _whole(row, "TeamId_Away", where) if _cell(row, "TeamId_Away") else None
    round_ = _whole(row, "Round", where)
    key = (round_, home, away)
    if key not in matches:
        matches[key] = FileMatch(
            round=round_, table=_whole(row, "Table", where), home=home, away=away, where=where
        )
    return matches[key]


def _match_details(row: dict[str, str], where: str) -> tuple[float, float] | None:
    """(home, away) IMPs from MatchDetails "200,25,8" (the whole match), or the sum of its
    segments when it has no whole-match segment; IMP_Home/IMP_Away when there is none."""
    details = _cell(row, "MatchDetails")
    if not details:
        if _cell(row, "IMP_Home"):
            return figure(_cell(row, "IMP_Home"), where), figure(_cell(row, "IMP_Away"), where)
        return None
    segments = {}
    for part in details.split("|"):
        cells = [cell.strip() for cell in part.split(",")]
        if len(cells) != 3:
            raise FileRefused(
                gettext("%(where)s: MatchDetails %(part)s is not segment,IMPs home,IMPs away")
                % {"where": where, "part": repr(part[:30])},
            )
        if cells[0] in segments:
            raise FileRefused(
                gettext("%(where)s: MatchDetails gives segment %(cells)s twice")
                % {"where": where, "cells": cells[0]},
            )
        segments[cells[0]] = (figure(cells[1], where), figure(cells[2], where))
    if WHOLE_MATCH in segments:
        parts = [imps for segment, imps in segments.items() if segment != WHOLE_MATCH]
        added = (sum(p[0] for p in parts), sum(p[1] for p in parts))
        if parts and added != segments[WHOLE_MATCH]:
            raise FileRefused(
                gettext(
                    "%(where)s: MatchDetails' segments add up to %(added)s–%(added_2)s, but "
                    "the whole match (segment %(whole_match)s) is %(segments)s–%(segments_2)s"
                )
                % {
                    "where": where,
                    "added": format(added[0], "g"),
                    "added_2": format(added[1], "g"),
                    "whole_match": WHOLE_MATCH,
                    "segments": format(segments[WHOLE_MATCH][0], "g"),
                    "segments_2": format(segments[WHOLE_MATCH][1], "g"),
                },
            )
        return segments[WHOLE_MATCH]
    unknown = [s for s in segments if whole_number(s) is None or whole_number(s) >= 100]
    if unknown:
        raise FileRefused(
            gettext(
                "%(where)s: MatchDetails segment %(unknown)s is neither a segment of "
                "play nor %(whole_match)s (the whole match)"
            )
            % {"where": where, "unknown": repr(unknown[0][:10]), "whole_match": WHOLE_MATCH},
        )
    return (sum(s[0] for s in segments.values()), sum(s[1] for s in segments.values()))


def _board_rows(game: _Game, matches: dict) -> None:
    header = board_header(game)
    tag = game.tags["ScoreTable"]
    if header is None:
        raise FileRefused(
            gettext("line %(line)s: a board's ScoreTable needs the board's number")
            % {"line": tag.line},
        )
    for line, row in _table(tag, "ScoreTable"):
        where = gettext("line %(line)s") % {"line": line}
        match = _match(row, where, matches)
        room = _ROOMS.get(_cell(row, "Room").lower())
        if room is None:
            raise FileRefused(
                gettext(
                    "%(where)s: the room must be Open (table 1) or Closed (table 2), not %(cell)s"
                )
                % {"where": where, "cell": repr(_cell(row, "Room")[:20])},
            )
        if match.is_bye:
            raise FileRefused(
                gettext("%(where)s: a bye has no boards") % {"where": where},
            )
        board = next((b for b in match.boards if b.number == header.number), None)
        if board is None:
            board = FileMatchBoard(header.number, header.dealer, header.vulnerability, header.deal)
            match.boards.append(board)
        if room in board.tables:
            raise FileRefused(
                gettext("%(where)s: board %(number)s of this match is at table %(room)s twice")
                % {"where": where, "number": header.number, "room": room},
            )
        seats = (match.home, match.away) if room == 1 else (match.away, match.home)
        row = row | {"PairId_NS": str(seats[0]), "PairId_EW": str(seats[1])}
        result = _score_row(row, where, header.vulnerability, 0)
        if result is None:
            raise FileRefused(
                gettext("%(where)s: a team match has no bye on a board") % {"where": where},
            )
        result.table = room
        board.tables[room] = result
        if seats := _seats(row, where):
            board.seats[room] = seats
        if _cell(row, "IMP_Home"):
            printed = figure(_cell(row, "IMP_Home"), where)
            if board.published_imps not in (None, printed):
                raise FileRefused(
                    gettext("%(where)s: the two tables of board %(number)s give different IMPs")
                    % {"where": where, "number": header.number},
                )
            board.published_imps = printed
        if _cell(row, "AssignedIMP_Home"):
            board.assigned_imps = figure(_cell(row, "AssignedIMP_Home"), where)


def _seats(row: dict[str, str], where: str) -> tuple[str, str, str, str] | None:
    """North, South, East and West as a board's row names its pairs (Names_NS and Names_EW,
    "North - South"), "" for a side it does not name; None when it names neither."""
    pairs = []
    for column in ("Names_NS", "Names_EW"):
        cell = _cell(row, column).strip()
        if cell in ("", "-"):
            pairs += ["", ""]
            continue
        names = [name.strip() for name in cell.split(" - ")]
        if len(names) != 2 or not all(names):
            raise FileRefused(
                gettext(
                    '%(where)s: %(column)s names a pair as "North - South" (or "East - '
                    'West"), not %(cell)s'
                )
                % {"where": where, "column": column, "cell": repr(cell[:60])},
            )
        pairs += names
    return tuple(pairs) if any(pairs) else None


def _whole(row: dict[str, str], name: str, where: str) -> int:
    number = whole_number(_cell(row, name))
    if number is None:
        raise FileRefused(
            gettext("%(where)s: %(name)s %(cell)s is not a whole number")
            % {"where": where, "name": name, "cell": repr(_cell(row, name)[:20])},
        )
    return number


# ---------------------------------------------------------------------------------------------
# Writing


def render_teams_pbn(teams_file: TeamsFile) -> bytes:
    """The teams event as PBN 2.1 in UTF-8 with a byte-order mark: a first game with the
    teams' TotalScoreTable and the ScoreTable of matches, then a game per board number with
    every match's two tables; our settings in META lines so the file comes back whole."""
    settings = teams_file.settings
    lines = [
        "% PBN 2.1",
        "% EXPORT",
        "%",
        f'% <META  name=Generator  content="{GENERATOR}">',
        f'% <META  name=ContestName  content="{pbn_text(teams_file.name)}">',
        f'% <META  name=ContestDate  content="{teams_file.date:%Y-%m-%d}">',
        '% <META  name=ScoringType  content="Teams">',
        f'% <META  name=TeamCount  content="{len(teams_file.teams)}">',
        f'% <META  name=RoundCount  content="{max(m.round for m in teams_file.matches)}">',
    ]
    for name, (setting, _) in _SETTINGS_META.items():
        if setting in settings:
            lines.append(f'% <META  name={name}  content="{settings[setting]}">')
    if "boards_per_match" in settings:
        lines.append(f'% <META  name=BoardsPerMatch  content="{settings["boards_per_match"]}">')
    if "bam_points" in settings:
        lines.append(f'% <META  name=BamPoints  content="{settings["bam_points"]}">')
    if settings.get("bye_vps") is not None:
        lines.append(f'% <META  name=ByeVps  content="{float(settings["bye_vps"]):g}">')
    lines += ["%", *_head(teams_file, board=""), *_total_score_table(teams_file)]
    lines += [*_match_table(teams_file), ""]
    # A game per board and deal: a board number the rounds deal differently is a game for each,
    # in the order of the rounds.
    games = dict.fromkeys((b.number, b.deal) for m in teams_file.matches for b in m.boards)
    for number, deal in sorted(games, key=lambda game: game[0]):
        lines += [
            *_head(teams_file, board=number, deal=deal),
            *_board_table(teams_file, number, deal),
            "",
        ]
    return ("\ufeff" + "\r\n".join(lines) + "\r\n").encode("utf-8")


def _head(teams_file: TeamsFile, *, board, deal: str = "") -> list[str]:
    dealer, vulnerability = board_conditions(board) if board else ("", "")
    return [
        _tag("Event", teams_file.name),
        _tag("Site", teams_file.club_name),
        _tag("Date", f"{teams_file.date:%Y.%m.%d}"),
        _tag("Board", board),
        *(_tag(seat, "") for seat in ("West", "North", "East", "South")),
        _tag("Dealer", dealer),
        _tag("Vulnerable", vulnerability),
        _tag("Deal", deal),
        _tag("Scoring", "Teams"),
        _tag("Declarer", ""),
        _tag("Contract", ""),
        _tag("Result", ""),
        _tag("Competition", "Teams"),
    ]


def _total_score_table(teams_file: TeamsFile) -> list[str]:
    columns = ["Rank\\3R", "TeamId\\3R", "TotalScoreVP\\7R", "TeamName\\30L", "Roster\\60L"]
    rows = [_table_tag("TotalScoreTable", columns)]
    for team in teams_file.teams:
        rows.append(
            " ".join(
                [
                    team.published_place.rstrip("=") or "-",
                    str(team.number),
                    "-" if team.published_vps is None else f"{team.published_vps:.2f}",
                    _quote(team.name),
                    _quote(" - ".join(team.players)),
                ]
            )
        )
    return rows


def _match_table(teams_file: TeamsFile) -> list[str]:
    columns = ["Round\\2R", "Table\\2R", "TeamId_Home\\3R", "TeamId_Away\\3R",
               "MatchDetails\\13L", "VP_Home\\6R", "VP_Away\\6R", "Boards\\2R",
               "CarryOver\\5R", "AssignedIMP\\1L", "AssignedVP\\1L", "PenaltyVP_Home\\5R",
               "PenaltyVP_Away\\5R"]  # fmt: skip
    rows = [_table_tag("ScoreTable", columns)]
    for match in teams_file.matches:
        imps = match.imps
        details = "-" if imps is None else _quote(f"{WHOLE_MATCH},{imps[0]:g},{imps[1]:g}")
        vps = match.vps or (None, None)
        rows.append(
            " ".join(
                [
                    str(match.round),
                    str(match.table),
                    str(match.home),
                    "-" if match.away is None else str(match.away),
                    details,
                    *("-" if v is None else f"{v:.2f}" for v in vps),
                    "-" if match.board_count is None else str(match.board_count),
                    f"{match.carry_over:g}" if match.carry_over else "-",
                    "Y" if match.assigned_imps else "-",
                    "Y" if match.assigned_vps else "-",
                    *(f"{p:g}" if p else "-" for p in match.penalty_vps),
                ]
            )
        )
    return rows


def _board_table(teams_file: TeamsFile, number: int, deal: str) -> list[str]:
    columns = ["Round\\2R", "Table\\2R", "TeamId_Home\\3R", "TeamId_Away\\3R", "Room\\6L",
               "Contract\\5L", "Declarer\\1R", "Result\\2R", "Lead\\3L", "Score_NS\\6R",
               "Score_EW\\6R", "IMP_Home\\4R", "AssignedIMP_Home\\4R"]  # fmt: skip
    # The line-ups, when the event keeps any (an imported league's file gave them).
    seated = any(b.seats for m in teams_file.matches for b in m.boards)
    if seated:
        columns += ["Names_NS\\30L", "Names_EW\\30L"]
    rows = [_table_tag("ScoreTable", columns)]
    for match in teams_file.matches:
        board = next((b for b in match.boards if b.number == number), None)
        if board is None or board.deal != deal:
            continue
        for room, line in sorted(board.tables.items()):
            seats = board.seats.get(room, ("",) * 4)
            rows.append(
                " ".join(
                    [
                        str(match.round),
                        str(match.table),
                        str(match.home),
                        str(match.away),
                        _quote({1: "Open", 2: "Closed"}[room]),
                        *_line_cells(line),
                        "-" if board.published_imps is None else f"{board.published_imps:g}",
                        "-" if board.assigned_imps is None else f"{board.assigned_imps:g}",
                        *([_pair_cell(seats[:2]), _pair_cell(seats[2:])] if seated else []),
                    ]
                )
            )
    return rows


def _pair_cell(names: tuple[str, ...]) -> str:
    return _quote(" - ".join(names)) if all(names) else "-"


def _line_cells(line) -> list[str]:
    """Contract, Declarer, Result, Lead, Score_NS, Score_EW as the pairs ScoreTable writes them."""
    if line.is_adjusted:
        return [
            "-",
            "-",
            "-",
            "-",
            _quote(adjustment_code(line.ns_percent)),
            _quote(adjustment_code(line.ew_percent)),
        ]
    if line.not_played:
        return ["-", "-", "-", "-", "-", "-"]
    contract = {"PASS": "Pass", "": "-"}.get(line.contract, line.contract)
    return [
        contract,
        line.declarer or "-",
        "-" if line.tricks is None else str(line.tricks),
        line.lead or "-",
        _quote(line.score_ns),
        _quote(-line.score_ns),
    ]
