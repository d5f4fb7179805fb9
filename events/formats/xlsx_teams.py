"""The Excel workbook of a teams event, from plain data: standings, the VP cross-table, every
match with both tables of its boards, and the settings, a sheet each, laid out as the pairs
workbook is (events.formats.xlsx): a frozen title and header, fitted columns, landscape pages.
"""

from django.utils.translation import gettext, pgettext

from events.formats.card_words import card_shown, contract_shown, seats_shown
from events.formats.dates import written_date
from events.formats.team_files import FileMatch, TeamsFile
from events.formats.vocabulary import MATCH_SCORINGS, SWISS, TEAM_FORMATS
from events.formats.workbook import Workbook
from events.formats.xlsx import (
    DATE,
    IMP_TOTAL,
    LEFT,
    POINTS,
    RIGHT,
    SIGNED,
    Column,
    _numeric,
    _Sheet,
    sheet_title,
)
from scoring.victory_points import VP_SCALES

VPS = "0.00"


def render_teams_xlsx(teams_file: TeamsFile) -> bytes:
    """The workbook as .xlsx bytes: Standings, Cross-table, Matches and Settings sheets."""
    book = Workbook(title=_title(teams_file, gettext("results")))
    standings_sheet(book, teams_file)
    cross_table_sheet(book, teams_file)
    matches_sheet(book, teams_file)
    settings_sheet(book, teams_file)
    return book.save()


def team_totals(teams_file: TeamsFile) -> dict[int, tuple[float, float, int]]:
    """Each team's IMPs for and against and its matches played (byes included)."""
    totals = {team.number: (0.0, 0.0, 0) for team in teams_file.teams}
    for match in teams_file.matches:
        if match.vps is None:
            continue
        imps = match.imps or (0.0, 0.0)
        for number, ours, theirs in ((match.home, 0, 1), (match.away, 1, 0)):
            if number is not None:
                won, lost, played = totals[number]
                totals[number] = (won + imps[ours], lost + imps[theirs], played + 1)
    return totals


def standings_sheet(book: Workbook, teams_file: TeamsFile) -> None:
    """Place, team, players, VPs, IMPs for and against, matches; in the standings' order."""
    columns = [
        Column(gettext("Place"), align=RIGHT),
        Column(gettext("Team"), align=RIGHT),
        Column(gettext("Name")),
        Column(gettext("Players")),
        Column(unit(teams_file), VPS, RIGHT),
        Column(gettext("IMPs for"), IMP_TOTAL, RIGHT),
        Column(gettext("IMPs against"), IMP_TOTAL, RIGHT),
        Column(gettext("Matches"), align=RIGHT),
    ]
    sheet = _Sheet(
        book,
        name=gettext("Standings"),
        title=_title(teams_file, gettext("standings")),
        columns=columns,
    )
    totals = team_totals(teams_file)
    for team in teams_file.teams:
        won, lost, played = totals[team.number]
        sheet.line(
            [
                _numeric(team.published_place),
                team.number,
                team.name,
                ", ".join(team.players),
                team.published_vps,
                won,
                lost,
                played,
            ]
        )
    sheet.fit()


def cross_table_sheet(book: Workbook, teams_file: TeamsFile) -> None:
    """A row per team and a column per opponent: the VPs the row's team scored against it, added
    up when they met more than once; its total (byes too) at the end. A round robin's teams are
    in number order; a Swiss's in the standings' order, with their places and, beside each
    meeting's VPs (numbers still), the round it was played in."""
    swiss = teams_file.settings.get("format") == SWISS
    teams = teams_file.teams if swiss else sorted(teams_file.teams, key=lambda t: t.number)
    places = [Column(gettext("Place"), align=RIGHT)] if swiss else []
    columns = [
        *places,
        Column(gettext("Team"), align=RIGHT),
        Column(gettext("Name")),
        *(Column(str(t.number), VPS, RIGHT) for t in teams),
        Column(gettext("Total"), VPS, RIGHT),
    ]
    sheet = _Sheet(
        book,
        name=gettext("Cross-table"),
        title=_title(teams_file, gettext("VP cross-table")),
        columns=columns,
    )
    scored: dict[tuple[int, int], float] = {}
    rounds: dict[tuple[int, int], list[int]] = {}
    byes: dict[int, float] = {}
    for match in teams_file.matches:
        if match.vps is None:
            continue
        if match.away is None:
            byes[match.home] = byes.get(match.home, 0) + match.vps[0]
            continue
        for us, them, vps in ((match.home, match.away, match.vps[0]),
                              (match.away, match.home, match.vps[1])):  # fmt: skip
            scored[us, them] = scored.get((us, them), 0) + vps
            rounds.setdefault((us, them), []).append(match.round)
    first = len(places) + 2  # the first opponent's column
    for team in teams:
        row = [scored.get((team.number, other.number)) for other in teams]
        total = sum(v for v in row if v is not None) + byes.get(team.number, 0)
        met = {
            first + index: f'{VPS}" R{"+R".join(map(str, rounds[team.number, other.number]))}"'
            for index, other in enumerate(teams)
            if swiss and (team.number, other.number) in rounds
        }
        place = [_numeric(team.published_place)] if swiss else []
        sheet.line([*place, team.number, team.name, *row, total], formats=met)
    sheet.fit()


def matches_sheet(book: Workbook, teams_file: TeamsFile) -> None:
    """Every match, round by round, headed by its teams, IMPs and VPs; a line per board with
    both tables (the home team North-South at table 1) and the IMPs each team won on it."""
    play = [
        Column(gettext("Contract")),
        Column(gettext("By")),
        Column(gettext("Lead")),
        Column(gettext("Tricks"), align=RIGHT),
    ]
    columns = [
        Column(gettext("Board"), align=RIGHT),
        *(
            Column(
                gettext("Table 1 %(column)s") % {"column": c.header.lower()},
                c.number_format,
                c.align,
            )
            for c in play
        ),
        Column(gettext("Table 1 NS"), SIGNED, RIGHT),
        *(
            Column(
                gettext("Table 2 %(column)s") % {"column": c.header.lower()},
                c.number_format,
                c.align,
            )
            for c in play
        ),
        Column(gettext("Table 2 NS"), SIGNED, RIGHT),
        Column(gettext("Home IMPs"), POINTS, RIGHT),
        Column(gettext("Away IMPs"), POINTS, RIGHT),
    ]
    sheet = _Sheet(
        book, name=gettext("Matches"), title=_title(teams_file, gettext("matches")), columns=columns
    )
    names = {team.number: team.name for team in teams_file.teams}
    for index, match in enumerate(teams_file.matches):
        if index:
            sheet.gap()
        sheet.heading(match_heading(match, names, unit(teams_file)))
        for board in sorted(match.boards, key=lambda b: b.number):
            won = board.published_imps
            sheet.line(
                [
                    board.number,
                    *_table(board.tables.get(1)),
                    *_table(board.tables.get(2)),
                    None if won is None else max(won, 0),
                    None if won is None else max(-won, 0),
                ]
            )
    sheet.fit()


def unit(teams_file: TeamsFile) -> str:
    """What a match scores: VPs, or board points in board-a-match and Patton."""
    if teams_file.settings.get("match_scoring", "vps") == "vps":
        return gettext("VPs")
    return gettext("points")


def match_heading(match: FileMatch, names: dict[int, str], unit: str | None = None) -> str:
    """ "Round 2 · table 1 · Aces v Kings · 25–8 IMPs · 15.75–4.25 VPs"."""
    unit = gettext("VPs") if unit is None else unit
    parts = [
        pgettext("teams", "Round %(round)s") % {"round": match.round},
        gettext("table %(table)s") % {"table": match.table},
    ]
    if match.away is None:
        parts.append(gettext("%(team)s: bye") % {"team": names[match.home]})
    else:
        parts.append(
            gettext("%(home)s v %(away)s") % {"home": names[match.home], "away": names[match.away]}
        )
        if match.imps is not None:
            parts.append(
                gettext("%(home)s–%(away)s IMPs")
                % {"home": format(match.imps[0], "g"), "away": format(match.imps[1], "g")}
            )
    if match.vps is not None:
        home = format(match.vps[0], ".2f")
        parts.append(
            f"{home} {unit}" if match.away is None else
            f"{home}–{match.vps[1]:.2f} {unit}"
        )  # fmt: skip
    return " · ".join(parts)


def _table(line) -> list:
    """Contract, declarer, lead, tricks and NS score at one table of a board."""
    if line is None:
        return [None] * 5
    if line.not_played:
        return [gettext("Not played"), None, None, None, None]
    if line.is_adjusted:
        adjusted = gettext("Adjusted %(ns)s%%–%(ew)s%%") % {
            "ns": format(line.ns_percent, "g"),
            "ew": format(line.ew_percent, "g"),
        }
        return [adjusted, None, None, None, None]
    return [
        contract_shown(line.contract),
        seats_shown(line.declarer) or None,
        card_shown(line.lead) or None,
        line.tricks,
        line.score_ns,
    ]


def settings_sheet(book: Workbook, teams_file: TeamsFile) -> None:
    columns = [Column(gettext("Setting")), Column(gettext("Value"), align=LEFT)]
    sheet = _Sheet(
        book,
        name=gettext("Settings"),
        title=_title(teams_file, gettext("settings")),
        columns=columns,
    )
    settings = teams_file.settings
    rows: list[tuple[str, object]] = [
        (gettext("Event"), teams_file.name),
        (gettext("Club"), teams_file.club_name),
        (gettext("Date"), teams_file.date),
        (gettext("Format"), _format_label(settings.get("format"))),
        (gettext("Scoring"), _scoring_label(settings.get("match_scoring", "vps"))),
    ]
    if settings.get("vp_scale") in VP_SCALES:
        rows.append((gettext("VP scale"), gettext(VP_SCALES[settings["vp_scale"]].label)))
    rows += [
        (gettext("Boards a match"), settings.get("boards_per_match")),
        (gettext("Teams"), len(teams_file.teams)),
        (pgettext("teams", "Rounds"), max((m.round for m in teams_file.matches), default=0)),
    ]
    if settings.get("bye_vps") is not None:
        rows.append((gettext("VPs for a bye"), float(settings["bye_vps"])))
    for setting, value in rows:
        sheet.line([setting, value], formats={1: DATE} if setting == gettext("Date") else {})
    sheet.fit()


def _scoring_label(value) -> str:
    return gettext(MATCH_SCORINGS[value]) if value in MATCH_SCORINGS else ""


def _format_label(value) -> str:
    return gettext(TEAM_FORMATS[value]) if value in TEAM_FORMATS else ""


def _title(teams_file: TeamsFile, kind: str) -> str:
    club = f" · {teams_file.club_name}" if teams_file.club_name else ""
    day = written_date(teams_file.date, "weekday long")
    return f"{sheet_title(teams_file.name, kind)}{club} · {day}"
