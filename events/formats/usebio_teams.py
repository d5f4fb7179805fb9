"""USEBIO 1.2 team events, in and out: EVENT_TYPE SWISS_TEAMS, TEAMS, TEAMS_OF_FOUR or KO
(SPEC §6.2).

The DTD itself was not to be had; the shape is the one the programs that read and write team
files use (a USEBIO reader of BridgeScore, a Swiss teams writer that follows the DTD):
PARTICIPANTS holds a TEAM per team, its TEAM_ID and TEAM_NAME as attributes (child elements of
those names are read too), its PLAYERs, TOTAL_SCORE and PLACE; a MATCH per match holds
ROUND_NUMBER, TEAM (the home team) and OPPOSING_TEAM (empty for a bye), TEAM_SCORE and
OPPOSING_TEAM_SCORE (its VPs under MATCH_SCORING_METHOD VPS) and a BOARD per board, with the
home team's IMPS and a TRAVELLER_LINE for each table whose DIRECTION is the way the home team
sat there (NS: table 1, EW: table 2) and whose SCORE is North-South's, signed. Our own settings
(VP scale, match length, bye VPs, the event's format) and what USEBIO has no element for (a
match's table, a board's assigned IMPs) ride in `<?clubscoring ...?>` instructions.
"""

import xml.etree.ElementTree as ET

from django.utils.translation import gettext, pgettext

from events.formats.imported import FileRefused, whole_number
from events.formats.team_files import (
    FileMatch,
    FileMatchBoard,
    FileTeam,
    TeamsFile,
    check_teams_file,
    figure,
    rounds_are_global,
    rounds_from_team_sides,
)
from events.formats.team_scores import settle_scores
from events.formats.usebio import (
    _PI,
    PROGRAM,
    _int,
    _line_instruction,
    _text,
    _Writer,
    event_header,
    handset_board,
    line_result,
    read_event,
    write_hands,
)
from events.formats.vocabulary import MATCH_SCORINGS, TEAM_FORMATS
from scoring import board_conditions
from scoring.victory_points import VP_SCALES

TEAM_TYPES = {"SWISS_TEAMS": "swiss", "KO": "knockout", "TEAMS": None, "TEAMS_OF_FOUR": None}
# MATCH_SCORING_METHOD: VPS, or PAB (points a board: board-a-match; its TEAM_SCORE is the
# team's board points). "" says nothing.
BOARD_A_MATCH_METHODS = ("PAB", "BAM")
MATCH_METHODS = {"": None, "VPS": "vps", **dict.fromkeys(BOARD_A_MATCH_METHODS, "bam")}
_EVENT_TYPE_OF = {"swiss": "SWISS_TEAMS", "knockout": "KO"}
_TABLES = {"NS": 1, "EW": 2}


def looks_like_teams(data: bytes) -> bool:
    """Whether a USEBIO file's EVENT_TYPE is a teams event's."""
    try:
        _, event_element = read_event(data)
    except FileRefused:
        return False
    return event_element.get("EVENT_TYPE", "").strip().upper() in TEAM_TYPES


# ---------------------------------------------------------------------------------------------
# Reading


def parse_teams_file(data: bytes) -> TeamsFile:
    """Read a USEBIO team event, its figures checked against our engine's; FileRefused naming
    the element for anything we cannot read or score."""
    root, event_element = read_event(data)
    event_type = event_element.get("EVENT_TYPE", "").strip().upper()
    if event_type not in TEAM_TYPES:
        raise FileRefused(
            gettext("EVENT_TYPE %(event_type)s is not a teams event: %(types)s only")
            % {"event_type": event_type or "(none)", "types": ", ".join(TEAM_TYPES)}
        )
    settings = _settings(root, event_element)
    if TEAM_TYPES[event_type]:
        settings.setdefault("format", TEAM_TYPES[event_type])
    teams_file = TeamsFile(**event_header(root, event_element), settings=settings)
    listed = [t for p in event_element.iter("PARTICIPANTS") for t in p.iter("TEAM")]
    if not listed and any(p.find("PAIR") is not None for p in event_element.iter("PARTICIPANTS")):
        raise FileRefused(
            gettext(
                "this teams event (EVENT_TYPE %(event_type)s) lists pairs: a teams "
                "event's PARTICIPANTS are TEAM elements, each with its TEAM_ID"
            )
            % {"event_type": event_type},
        )
    teams_file.teams = [_team(element, index) for index, element in enumerate(listed, 1)]
    for index, element in enumerate(event_element.iter("MATCH"), start=1):
        teams_file.matches.append(_match(element, f"MATCH {index}"))
    _settle_rounds(teams_file)
    _deal_boards(root, teams_file)
    check_teams_file(teams_file)
    settle_scores(teams_file)
    return teams_file


def _settings(root: ET.Element, event_element: ET.Element) -> dict:
    """What the file says of its scoring: MATCH_SCORING_METHOD and BOARD_SCORING_METHOD, and
    our own instruction's vp_scale, boards_per_match, bye_vps and format."""
    match_method = _text(event_element, "MATCH_SCORING_METHOD").upper()
    if match_method not in MATCH_METHODS:
        raise FileRefused(
            gettext(
                "MATCH_SCORING_METHOD %(match_method)s is not supported: VPS (IMPs "
                "converted to VPs) or PAB (board-a-match) only"
            )
            % {"match_method": match_method},
        )
    board_method = _text(event_element, "BOARD_SCORING_METHOD").upper()
    board_a_match = MATCH_METHODS[match_method] == "bam"
    if board_method not in ("", "IMPS", "IMP", *(BOARD_A_MATCH_METHODS if board_a_match else ())):
        raise FileRefused(
            (
                gettext(
                    "BOARD_SCORING_METHOD %(method)s is not supported: boards scored in IMPs only"
                )
                if board_a_match
                else gettext(
                    "BOARD_SCORING_METHOD %(method)s is not supported: boards scored in IMPs "
                    "only (board-a-match: MATCH_SCORING_METHOD PAB)"
                )
            )
            % {"method": board_method}
        )
    settings = {}
    if MATCH_METHODS[match_method]:
        settings["match_scoring"] = MATCH_METHODS[match_method]
    for node in [*root, *event_element]:
        if node.tag is ET.ProcessingInstruction and (node.text or "").startswith("clubscoring"):
            for name, value in _PI.findall(node.text):
                if name == "vp_scale":
                    if value not in VP_SCALES:
                        raise FileRefused(
                            gettext("the file's VP scale %(value)s is not one we know")
                            % {"value": repr(value)},
                        )
                    settings[name] = value
                elif name == "boards_per_match":
                    boards = whole_number(value)
                    if boards is None or not 1 <= boards <= 64:
                        raise FileRefused(
                            gettext("boards_per_match %(value)s is not 1 to 64")
                            % {"value": repr(value[:20])},
                        )
                    settings[name] = boards
                elif name == "bam_points":
                    if value not in ("1", "2"):
                        raise FileRefused(
                            gettext("bam_points %(value)s is not 1 or 2")
                            % {"value": repr(value[:20])},
                        )
                    settings[name] = int(value)
                elif name == "match_scoring" and value in MATCH_SCORINGS:
                    settings[name] = value
                elif name == "bye_vps":
                    settings[name] = figure(value, "bye_vps")
                elif name == "format" and value in TEAM_FORMATS:
                    settings[name] = value
    return settings


def _team(element: ET.Element, index: int) -> FileTeam:
    where = f"TEAM {index}"
    number_text = element.get("TEAM_ID") or _text(element, "TEAM_ID")
    number = whole_number(number_text or "")
    if number is None:
        raise FileRefused(
            gettext("%(where)s: TEAM_ID %(number_text)s is not a team number")
            % {"where": where, "number_text": repr(number_text[:20])},
        )
    name = (element.get("TEAM_NAME") or _text(element, "TEAM_NAME")).strip()
    total = _text(element, "TOTAL_SCORE")
    return FileTeam(
        number=number,
        name=name or f"Team {number}",
        players=[n for p in element.iter("PLAYER") if (n := _text(p, "PLAYER_NAME"))],
        where=where,
        published_vps=figure(total, where) if total else None,
        published_place=_text(element, "PLACE"),
    )


def _settle_rounds(teams_file: TeamsFile) -> None:
    """The event's rounds, and a table for each match the file gives none.

    Some programs number a match's round from its TEAM's side (the team's n-th match, its
    byes not counted): where those numbers put a team twice in a round, the rounds are worked
    out from the matches, and the preview says so. USEBIO has no table for a match: ours rides
    along, else the matches of a round are numbered in the file's order."""
    matches = teams_file.matches
    if not rounds_are_global(matches):
        rounds = rounds_from_team_sides(matches)
        if rounds is not None:
            for match, round_ in zip(matches, rounds, strict=True):
                match.round = round_
            teams_file.readings.append(
                (
                    pgettext("teams", "Rounds"),
                    gettext(
                        "worked out from the matches: the file numbers each match's round from "
                        "its TEAM's side (the team's n-th match)"
                    ),
                )
            )
    tables: dict[int, int] = {}
    for match in matches:
        if not match.table:
            match.table = tables[match.round] = tables.get(match.round, 0) + 1


def _deal_boards(root: ET.Element, teams_file: TeamsFile) -> None:
    """Each match's boards with their deals from the HANDSET: a BOARD our instruction gives
    `rounds` deals those rounds' boards of its number, one without deals its number in every
    round (unless the HANDSET deals that number twice, differently: then in none)."""
    in_rounds: dict[tuple[int, int], str] = {}
    everywhere: dict[int, set[str]] = {}
    for handset in root.iter("HANDSET"):
        for element in handset.iter("BOARD"):
            number, deal, _, _ = handset_board(element)
            rounds = _line_instruction(element).get("rounds")
            if rounds is None:
                everywhere.setdefault(number, set()).add(deal)
            for round_ in (rounds or "").split():
                if whole_number(round_) is None:
                    raise FileRefused(
                        gettext("HANDSET board %(number)s: rounds %(rounds)s are not round numbers")
                        % {"number": number, "rounds": repr(rounds[:30])}
                    )
                in_rounds[whole_number(round_), number] = deal
    for match in teams_file.matches:
        for board in match.boards:
            dealt = everywhere.get(board.number, set())
            board.deal = in_rounds.get(
                (match.round, board.number), next(iter(dealt)) if len(dealt) == 1 else ""
            )


def _match(element: ET.Element, where: str) -> FileMatch:
    ours = _line_instruction(element)
    round_ = _int(element, "ROUND_NUMBER", where)
    if round_ is None:
        raise FileRefused(
            gettext("%(where)s: ROUND_NUMBER is missing") % {"where": where},
        )
    home = _team_number(element, "TEAM", where)
    if home is None:
        raise FileRefused(
            gettext("%(where)s: TEAM is missing") % {"where": where},
        )
    away = _team_number(element, "OPPOSING_TEAM", where)
    # 0: numbered once the rounds are settled.
    table = whole_number(ours.get("table", "")) or _int(element, "TABLE_NUMBER", where) or 0
    match = FileMatch(round=round_, table=table, home=home, away=away, where=where)
    scores = [_text(element, "TEAM_SCORE"), _text(element, "OPPOSING_TEAM_SCORE")]
    if any(scores):
        match.published_vps = (figure(scores[0], where), figure(scores[1] or "0", where))
    if "boards" in ours:
        match.board_count = whole_number(ours["boards"])
    if "carry_over" in ours:
        match.carry_over = figure(ours["carry_over"], where)
    match.assigned_imps = ours.get("assigned_imps") == "1"
    match.assigned_vps = ours.get("assigned_vps") == "1"
    if "penalty_vps" in ours:
        home_penalty, _, away_penalty = ours["penalty_vps"].partition(",")
        match.penalty_vps = (figure(home_penalty, where), figure(away_penalty, where))
    for index, board in enumerate(element.findall("BOARD"), start=1):
        match.boards.append(_board(board, f"{where}, BOARD {index}", match))
    if (not match.boards or match.assigned_imps) and not match.is_bye and "imps" in ours:
        home_imps, _, away_imps = ours["imps"].partition(",")
        match.published_imps = (figure(home_imps, where), figure(away_imps, where))
    return match


def _team_number(element: ET.Element, name: str, where: str) -> int | None:
    text = _text(element, name)
    if not text:
        return None
    number = whole_number(text)
    if number is None:
        raise FileRefused(
            gettext("%(where)s: %(name)s %(text)s is not a team number")
            % {"where": where, "name": name, "text": repr(text[:20])},
        )
    return number


def _board(element: ET.Element, where: str, match: FileMatch) -> FileMatchBoard:
    number = _int(element, "BOARD_NUMBER", where)
    if number is None or number < 1:
        raise FileRefused(
            gettext("%(where)s: BOARD_NUMBER is not a board number") % {"where": where},
        )
    if match.is_bye:
        raise FileRefused(
            gettext("%(where)s: a bye has no boards") % {"where": where},
        )
    dealer, vulnerability = board_conditions(number)
    board = FileMatchBoard(number=number, dealer=dealer, vulnerability=vulnerability)
    if imps := _text(element, "IMPS"):
        board.published_imps = figure(imps, where)
    ours = _line_instruction(element)
    if "assigned_imps" in ours:
        board.assigned_imps = figure(ours["assigned_imps"], where)
    for index, line in enumerate(element.findall("TRAVELLER_LINE"), start=1):
        line_where = f"{where}, TRAVELLER_LINE {index}"
        direction = _text(line, "DIRECTION").upper().replace("-", "")
        table = _TABLES.get(direction)
        if table is None:
            raise FileRefused(
                gettext(
                    "%(line_where)s: DIRECTION must be NS or EW (the way the match's TEAM "
                    "sat), not %(direction)s"
                )
                % {"line_where": line_where, "direction": repr(direction[:10])},
            )
        if table in board.tables:
            raise FileRefused(
                gettext("%(line_where)s: the home team sat %(direction)s twice on this board")
                % {"line_where": line_where, "direction": direction},
            )
        ns, ew = (match.home, match.away) if table == 1 else (match.away, match.home)
        seat = {"ns_pair": ns, "ew_pair": ew, "round": match.round, "table": table}
        board.tables[table] = line_result(line, line_where, vulnerability, seat)
    return board


# ---------------------------------------------------------------------------------------------
# Writing


def render_teams_usebio(teams_file: TeamsFile) -> bytes:
    """The teams event as USEBIO 1.2 XML: the teams with their totals and places, every match
    with its VPs and both tables of its boards, our settings in a processing instruction."""
    settings = teams_file.settings
    ours = _instruction_text(
        {k: v for k, v in settings.items() if k in ("vp_scale", "boards_per_match", "bye_vps",
                                                     "format", "match_scoring", "bam_points")}
    )  # fmt: skip
    event_type = _EVENT_TYPE_OF.get(settings.get("format"), "TEAMS")
    out = _Writer()
    out.lines += [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<!DOCTYPE USEBIO SYSTEM "http://www.ebu.co.uk/usebio/usebio_v1_2.dtd">',
    ]
    out.open("USEBIO", Version="1.2")
    out.lines.append(f"  <?clubscoring {ours}?>")
    out.open("CLUB")
    out.element("CLUB_NAME", teams_file.club_name)
    out.close("CLUB")
    out.open("EVENT", EVENT_TYPE=event_type)
    out.element("EVENT_DESCRIPTION", teams_file.name)
    out.element("PROGRAM_NAME", PROGRAM)
    out.element("DATE", f"{teams_file.date:%d/%m/%Y}")
    out.element("BOARD_SCORING_METHOD", "IMPS")
    out.element("MATCH_SCORING_METHOD", "PAB" if settings.get("match_scoring") == "bam" else "VPS")
    out.element("WINNER_TYPE", 1)
    out.element("SESSION_COUNT", 1)
    out.element("SECTION_COUNT", 1)
    out.open("PARTICIPANTS")
    for team in teams_file.teams:
        out.open("TEAM", TEAM_ID=team.number, TEAM_NAME=team.name)
        if team.published_vps is not None:
            out.element("TOTAL_SCORE", f"{team.published_vps:.2f}")
        if team.published_place:
            out.element("PLACE", team.published_place)
        for name in team.players:
            out.open("PLAYER")
            out.element("PLAYER_NAME", name)
            out.close("PLAYER")
        out.close("TEAM")
    out.close("PARTICIPANTS")
    for match in teams_file.matches:
        _write_match(out, match)
    out.close("EVENT")
    _write_handset(out, teams_file)
    out.close("USEBIO")
    return ("\n".join(out.lines) + "\n").encode("utf-8")


def _write_match(out: _Writer, match: FileMatch) -> None:
    out.open("MATCH")
    instruction = {
        "table": match.table,
        "boards": match.board_count,
        "carry_over": match.carry_over or None,
        "assigned_imps": 1 if match.assigned_imps else None,
        "assigned_vps": 1 if match.assigned_vps else None,
        "penalty_vps": ",".join(f"{p:g}" for p in match.penalty_vps) if any(match.penalty_vps)
        else None,
    }  # fmt: skip
    if match.imps is not None and (not match.boards or match.assigned_imps):
        instruction["imps"] = f"{match.imps[0]:g},{match.imps[1]:g}"
    _instruction(out, instruction)
    out.element("ROUND_NUMBER", match.round)
    out.element("TEAM", match.home)
    out.element("OPPOSING_TEAM", "" if match.away is None else match.away)
    if match.vps is not None:
        out.element("TEAM_SCORE", f"{match.vps[0]:.2f}")
        out.element("OPPOSING_TEAM_SCORE", f"{match.vps[1]:.2f}")
    for board in match.boards:
        out.open("BOARD", EVENT_TYPE="TEAMS")
        _instruction(out, {"assigned_imps": board.assigned_imps})
        out.element("BOARD_NUMBER", board.number)
        if board.published_imps is not None:
            out.element("IMPS", f"{board.published_imps:g}")
        for table, line in sorted(board.tables.items()):
            out.open("TRAVELLER_LINE")
            out.element("DIRECTION", "NS" if table == 1 else "EW")
            if line.is_adjusted:
                out.element("SCORE", f"A{line.ns_percent:02.0f}{line.ew_percent:02.0f}")
            elif not line.not_played:
                if line.contract:
                    out.element("CONTRACT", line.contract)
                    out.element("PLAYED_BY", line.declarer or "N")
                    if line.lead:
                        out.element("LEAD", line.lead[1:] + line.lead[0])
                    out.element("TRICKS", "" if line.tricks is None else line.tricks)
                out.element("SCORE", line.score_ns)
            out.close("TRAVELLER_LINE")
        out.close("BOARD")
    out.close("MATCH")


def _write_handset(out: _Writer, teams_file: TeamsFile) -> None:
    """The deals as the pairs file writes them, a BOARD for each deal of a board number with
    the rounds that play it in our instruction (a round's matches play the same deals)."""
    rounds: dict[tuple[int, str], list[int]] = {}
    for match in teams_file.matches:
        for board in match.boards:
            played = rounds.setdefault((board.number, board.deal), [])
            if board.deal and match.round not in played:
                played.append(match.round)
    dealt = sorted((key, played) for key, played in rounds.items() if played)
    if not dealt:
        return
    out.open("HANDSET")
    for (number, deal), played in dealt:
        out.open("BOARD")
        _instruction(out, {"rounds": " ".join(map(str, played))})
        write_hands(out, number, deal)
        out.close("BOARD")
    out.close("HANDSET")


def _instruction_text(values: dict) -> str:
    """Our values as a <?clubscoring ...?> instruction's attributes; None left out."""
    return " ".join(
        f'{k}="{v:g}"' if isinstance(v, float) else f'{k}="{v}"'
        for k, v in values.items()
        if v is not None
    )


def _instruction(out: _Writer, values: dict) -> None:
    if written := _instruction_text(values):
        out.lines.append(f"{'  ' * out.depth}<?clubscoring {written}?>")
