"""USEBIO team events: another program's file read with its VP scale worked out from its
awards, our own files written and read back with both tables of every board, and the
conventions we cannot read refused."""

import pytest
from django.utils import translation

from events.formats.imported import FileRefused
from events.formats.pbn_teams import parse_teams_file as parse_pbn
from events.formats.pbn_teams import render_teams_pbn
from events.formats.usebio_teams import looks_like_teams, parse_teams_file, render_teams_usebio
from scoring.imps import imps
from scoring.victory_points import victory_points
from tests.events.files import read_file
from tests.events.test_pbn_teams import _BOARDS, _META, _file


def _line(direction: str, contract: str, by: str, tricks: int, score: int) -> str:
    return (
        f"<TRAVELLER_LINE><DIRECTION>{direction}</DIRECTION><CONTRACT>{contract}</CONTRACT>"
        f"<PLAYED_BY>{by}</PLAYED_BY><TRICKS>{tricks}</TRICKS><SCORE>{score}</SCORE>"
        "</TRAVELLER_LINE>"
    )


# A Swiss teams file in the shape other programs write: TEAM_ID and TEAM_NAME as attributes,
# no table numbers, the home team's IMPs on each board, VPs as TEAM_SCORE.
# Board 1 (nobody vulnerable): +420 at table 1, +140 for the away team's NS at table 2: +7.
# Board 2 (NS vulnerable): -100 at table 1, -400 at table 2 (the away team's NS): +7.
# Board 3 (EW vulnerable): +110 at both tables: 0.
_HOME, _AWAY = victory_points(14, 3, "wbf")
_FOREIGN = f"""<?xml version="1.0" encoding="iso-8859-1"?>
<USEBIO Version="1.2">
<CLUB><CLUB_NAME>Salo BC</CLUB_NAME></CLUB>
<EVENT EVENT_TYPE="SWISS_TEAMS">
<MATCH_SCORING_METHOD>VPS</MATCH_SCORING_METHOD>
<EVENT_DESCRIPTION>Swiss teams</EVENT_DESCRIPTION>
<DATE>15/03/2026</DATE>
<PARTICIPANTS>
<TEAM TEAM_ID="1" TEAM_NAME="Aces"><TOTAL_SCORE>{_HOME:.2f}</TOTAL_SCORE><PLACE>1</PLACE>
<PLAYER><PLAYER_NAME>Ann Able</PLAYER_NAME></PLAYER><PLAYER><PLAYER_NAME>Bob Baker</PLAYER_NAME>
</PLAYER></TEAM>
<TEAM TEAM_ID="2" TEAM_NAME="Kings"><TOTAL_SCORE>{_AWAY:.2f}</TOTAL_SCORE><PLACE>2</PLACE>
</TEAM>
</PARTICIPANTS>
<MATCH><ROUND_NUMBER>1</ROUND_NUMBER><TEAM>1</TEAM><OPPOSING_TEAM>2</OPPOSING_TEAM>
<TEAM_SCORE>{_HOME:.2f}</TEAM_SCORE><OPPOSING_TEAM_SCORE>{_AWAY:.2f}</OPPOSING_TEAM_SCORE>
<BOARD EVENT_TYPE="SWISS_TEAMS"><BOARD_NUMBER>1</BOARD_NUMBER><IMPS>7</IMPS>
{_line("NS", "4S", "N", 10, 420)}{_line("EW", "3S", "N", 9, 140)}</BOARD>
<BOARD EVENT_TYPE="SWISS_TEAMS"><BOARD_NUMBER>2</BOARD_NUMBER><IMPS>7</IMPS>
{_line("NS", "3NT", "S", 8, -100)}{_line("EW", "3NT", "E", 9, -400)}</BOARD>
<BOARD EVENT_TYPE="SWISS_TEAMS"><BOARD_NUMBER>3</BOARD_NUMBER><IMPS>0</IMPS>
{_line("NS", "2S", "N", 8, 110)}{_line("EW", "3C", "N", 9, 110)}</BOARD>
</MATCH>
</EVENT>
</USEBIO>
"""


def test_another_programs_swiss_teams_file_is_read_and_scored_by_our_engine():
    # The file's own figures, worked out here from its lines with our IMP table.
    assert [imps(420 - 140), imps(-100 + 400), imps(110 - 110)] == [7, 7, 0]
    data = _FOREIGN.encode("iso-8859-1")

    teams_file = parse_teams_file(data)

    assert looks_like_teams(data)
    assert teams_file.name == "Swiss teams" and teams_file.club_name == "Salo BC"
    assert teams_file.settings == {
        "match_scoring": "vps",
        "format": "swiss",
        "vp_scale": "wbf",
        "boards_per_match": 3,
    }
    assert dict(teams_file.readings) == {
        "VP scale": "WBF continuous 20-VP scale (2013): the only scale giving every published "
        "award",
        "Boards a match": "3: as played",
    }
    with translation.override("fr"):
        readings = dict(parse_teams_file(data).readings)
    assert readings["Donnes par match"] == "3\u00a0: comme joué"  # French's colon spaced
    assert [(t.number, t.name, t.players) for t in teams_file.teams] == [
        (1, "Aces", ["Ann Able", "Bob Baker"]),
        (2, "Kings", []),
    ]
    (match,) = teams_file.matches
    assert (match.round, match.table, match.home, match.away) == (1, 1, 1, 2)
    assert [(b.number, b.tables[1].score_ns, b.tables[2].score_ns) for b in match.boards] == [
        (1, 420, 140),
        (2, -100, -400),
        (3, 110, 110),
    ]
    assert match.imps == (14, 0)
    assert match.vps == (_HOME, _AWAY)


def test_a_board_whose_printed_imps_the_tables_do_not_make_is_refused():
    with pytest.raises(FileRefused) as refused:
        parse_teams_file(_FOREIGN.replace("<IMPS>0<", "<IMPS>-1<").encode("iso-8859-1"))
    assert str(refused.value) == (
        "MATCH 1: round 1, table 1, board 3: the tables' scores make +0 IMPs to team 1, but the "
        "file says -1"
    )


@pytest.mark.parametrize(
    "pbn",
    [
        pytest.param(read_file("ruter_teams.pbn"), id="Ruter's match totals"),
        pytest.param(
            _file(
                '1 1 1 2 "200,13,0" {:.2f} {:.2f}'.format(*victory_points(13, 2, "wbf")),
                _BOARDS,
                _META,
            ),
            id="both tables of every board",
        ),
    ],
)
def test_our_usebio_file_reads_back_as_the_teams_file_it_was_written_from(pbn):
    first = parse_pbn(pbn)

    again = parse_teams_file(render_teams_usebio(first))

    assert again.settings == first.settings
    assert [(t.number, t.name, t.players, t.published_vps) for t in again.teams] == [
        (t.number, t.name, t.players, t.published_vps) for t in first.teams
    ]
    assert [(m.round, m.table, m.home, m.away, m.imps, m.vps) for m in again.matches] == [
        (m.round, m.table, m.home, m.away, m.imps, m.vps) for m in first.matches
    ]
    assert [
        (b.number, room, line.contract, line.declarer, line.tricks, line.score_ns)
        for m in again.matches
        for b in m.boards
        for room, line in sorted(b.tables.items())
    ] == [
        (b.number, room, line.contract, line.declarer, line.tricks, line.score_ns)
        for m in first.matches
        for b in m.boards
        for room, line in sorted(b.tables.items())
    ]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            ("<MATCH_SCORING_METHOD>VPS", "<MATCH_SCORING_METHOD>IMPS"),
            "MATCH_SCORING_METHOD IMPS is not supported: VPS (IMPs converted to VPs) or PAB "
            "(board-a-match) only",
        ),
        (
            (
                "<MATCH_SCORING_METHOD>VPS</MATCH_SCORING_METHOD>",
                "<BOARD_SCORING_METHOD>BAM</BOARD_SCORING_METHOD>",
            ),
            "BOARD_SCORING_METHOD BAM is not supported: boards scored in IMPs only "
            "(board-a-match: MATCH_SCORING_METHOD PAB)",
        ),
        (
            ('EVENT_TYPE="SWISS_TEAMS">', 'EVENT_TYPE="MP_PAIRS">'),
            "EVENT_TYPE MP_PAIRS is not a teams event: SWISS_TEAMS, KO, TEAMS, TEAMS_OF_FOUR only",
        ),
        (
            ("<DIRECTION>EW</DIRECTION><CONTRACT>3S", "<DIRECTION>West</DIRECTION><CONTRACT>3S"),
            "MATCH 1, BOARD 1, TRAVELLER_LINE 2: DIRECTION must be NS or EW (the way the match's "
            "TEAM sat), not 'WEST'",
        ),
        (
            ("<OPPOSING_TEAM>2<", "<OPPOSING_TEAM>7<"),
            "MATCH 1: team 7 is not in the file's list",
        ),
        (
            ('TEAM_ID="2"', 'TEAM_ID="two"'),
            "TEAM 2: TEAM_ID 'two' is not a team number",
        ),
        (
            ("<SCORE>420", "<SCORE>450"),
            "MATCH 1, BOARD 1, TRAVELLER_LINE 1: 4S by N taking 10 tricks scores +420 for "
            "North-South when nobody is vulnerable, but the file says +450",
        ),
    ],
)
def test_a_file_we_cannot_read_is_refused_with_the_reason(change, message):
    data = _FOREIGN.replace(*change)
    with pytest.raises(FileRefused) as refused:
        parse_teams_file(data.encode("iso-8859-1"))
    assert str(refused.value) == message


def test_a_pairs_file_is_not_taken_for_a_teams_file():
    assert not looks_like_teams(read_file("compscore_mp.xml"))
    assert not looks_like_teams(b"not xml at all")


@pytest.mark.parametrize("render", [render_teams_pbn, render_teams_usebio])
def test_the_directors_rulings_come_back_from_our_files(render):
    """A carry-over, an assigned VP score and a penalty ride in our own columns and
    instructions: the file reads back with the same figures, checked as before."""
    vps = victory_points(13, 2, "wbf")
    first = parse_pbn(_file('1 1 1 2 "200,13,0" {:.2f} {:.2f}\n1 2 3 4 - - -'.format(*vps),
                            _BOARDS, _META))  # fmt: skip
    carried, assigned = first.matches
    carried.carry_over = 3.0
    carried.imps = (16.0, 0.0)
    carried.vps = victory_points(16, 2, "wbf")
    carried.penalty_vps = (1.0, 0.0)
    assigned.assigned_vps, assigned.vps, assigned.imps = True, (12.0, 8.0), None
    totals = {1: carried.vps[0] - 1, 2: carried.vps[1], 3: 12.0, 4: 8.0}
    for team in first.teams:
        team.published_vps = totals[team.number]

    again = parse(render(first))

    assert [
        (m.imps, m.vps, m.carry_over, m.assigned_vps, m.penalty_vps) for m in again.matches
    ] == [
        ((16, 0), victory_points(16, 2, "wbf"), 3, False, (1, 0)),
        (None, (12, 8), 0, True, (0, 0)),
    ]


def parse(data: bytes):
    return (parse_teams_file if data.lstrip().startswith(b"<") else parse_pbn)(data)
