"""PBN team results: Ruter's real file reproduced by our engine, our own files with both tables
of every board written and read back, and the files whose conventions cannot be read refused."""

import re

import pytest

from events.formats.imported import FileRefused
from events.formats.pbn_teams import looks_like_teams, parse_teams_file, render_teams_pbn
from scoring.victory_points import victory_points
from tests.conftest import SHARED
from tests.events.files import read_file

REALDATA = SHARED / "realdata"
_MATCH_ROW = re.compile(
    r'^(\d+) (\d+)\s+(\d+)\s+(\d+) "200,(\d+),(\d+)"\s+([\d.]+)\s+([\d.]+)', re.MULTILINE
)
_TEAM_ROW = re.compile(r'^\s*(\d+)\s+(\d+) \d+ "\w+"\s+([\d.]+) "(Team \d+)"', re.MULTILINE)


def _realdata(name: str) -> bytes:
    path = REALDATA / name
    if not path.exists():
        pytest.skip(f"{path} is not here")
    return path.read_bytes()


def _published(text: str):
    """team.pbn's own figures, read plainly: its match rows and its ranking."""
    matches = {
        (int(r), int(t)): (int(h), int(a), int(hi), int(ai), float(hv), float(av))
        for r, t, h, a, hi, ai, hv, av in _MATCH_ROW.findall(text)
    }
    ranking = {int(team): (int(rank), float(total), name) for rank, team, total, name in
               _TEAM_ROW.findall(text)}  # fmt: skip
    return matches, ranking


def test_ruters_team_file_is_read_and_its_vps_reproduced_by_our_engine():
    data = _realdata("team.pbn")
    matches, ranking = _published(data.decode("iso-8859-1"))
    assert len(matches) == 30 and len(ranking) == 10

    teams_file = parse_teams_file(data)

    assert teams_file.name == "Salo joukkuekilpailu"
    assert teams_file.generator == "Ruter"
    assert teams_file.settings == {"match_scoring": "vps", "vp_scale": "wbf", "boards_per_match": 8}
    assert dict(teams_file.readings) == {
        "VP scale": "WBF continuous 20-VP scale (2013): the only scale giving every published "
        "award",
        "Boards a match": "8: the file does not say; the only length giving every published award",
    }
    assert {team.number: team.name for team in teams_file.teams} == {
        number: name for number, (_, _, name) in ranking.items()
    }
    assert teams_file.teams[0].players == ["Player 1", "Player 2", "Player 3", "Player 4"]
    assert len(teams_file.matches) == 30
    totals = dict.fromkeys(ranking, 0.0)
    for match in teams_file.matches:
        home, away, home_imps, away_imps, home_vps, away_vps = matches[match.round, match.table]
        assert (match.home, match.away) == (home, away)
        assert match.imps == (home_imps, away_imps)
        # Our own engine, straight: the WBF continuous scale over 8 boards.
        ours = victory_points(home_imps - away_imps, 8, "wbf")
        assert match.vps == ours
        assert ours[0] == pytest.approx(home_vps, abs=0.005)
        assert ours[1] == pytest.approx(away_vps, abs=0.005)
        totals[home] += ours[0]
        totals[away] += ours[1]
    for number, (_, total, _) in ranking.items():
        assert totals[number] == pytest.approx(total, abs=0.005)
    by_total = sorted(totals, key=totals.get, reverse=True)
    assert [ranking[number][0] for number in by_total] == list(range(1, 11))


def test_a_team_file_is_told_from_a_pairs_file():
    assert looks_like_teams(read_file("ruter_teams.pbn"))
    assert not looks_like_teams(read_file("ruter_pairs.pbn"))
    with pytest.raises(FileRefused, match="this PBN file is not a teams event"):
        parse_teams_file(read_file("ruter_pairs.pbn"))


# ---------------------------------------------------------------------------------------------
# Small files written here


def _file(matches: str, boards: str = "", meta: str = "", teams: str = "") -> bytes:
    teams = teams or "\n".join(
        f'{n} {n} "Team {n}" "A{n} - B{n} - C{n} - D{n}"' for n in (1, 2, 3, 4)
    )
    return (
        f"% PBN 2.1\n{meta}"
        '[Event "Club teams"]\n[Site "Salo"]\n[Date "2026.03.15"]\n[Board ""]\n'
        '[Scoring "Teams"]\n[Competition "Teams"]\n'
        '[TotalScoreTable "Rank\\2R;TeamId\\2R;TeamName\\10L;Roster\\30L"]\n'
        f"{teams}\n"
        '[ScoreTable "Round\\1R;Table\\1R;TeamId_Home\\2R;TeamId_Away\\2R;MatchDetails\\11L;'
        'VP_Home\\5R;VP_Away\\5R"]\n'
        f"{matches}\n\n{boards}"
    ).encode()


def _board(number: int, rows: str) -> str:
    return (
        f'[Event "Club teams"]\n[Date "2026.03.15"]\n[Board "{number}"]\n[Scoring "Teams"]\n'
        '[ScoreTable "Round;Table;TeamId_Home;TeamId_Away;Room;Contract;Declarer;Result;'
        'Score_NS;Score_EW;IMP_Home"]\n'
        f"{rows}\n\n"
    )


# Board 1 (nobody vulnerable): 4S by N making 10 at table 1 (+420 to the home team's NS) and
# 3S by N making 10 at table 2 (+170 to the away team's NS): +250 to home, 6 IMPs.
# Board 2 (NS vulnerable): 3NT by S down 1 at table 1 (-100) and 3NT by E making at table 2
# (-400 for NS there, so +400 to home): +300, 7 IMPs. 13-0 over 2 boards.
_BOARDS = _board(
    1, '1 1 1 2 "Open" 4S N 10 "420" "-420" 6\n1 1 1 2 "Closed" 3S N 10 "170" "-170" 6'
) + _board(2, '1 1 1 2 "Open" 3N S 8 "-100" "100" 7\n1 1 1 2 "Closed" 3N E 9 "-400" "400" 7')
_META = '% <META  name=VpScale  content="wbf">\n% <META  name=BoardsPerMatch  content="2">\n'


def test_both_tables_of_every_board_make_the_match_imps_and_vps():
    home, away = victory_points(13, 2, "wbf")
    teams_file = parse_teams_file(
        _file(f'1 1 1 2 "200,13,0" {home:.2f} {away:.2f}\n1 2 3 4 - - -', _BOARDS, _META)
    )

    match = teams_file.matches[0]
    assert [(b.number, b.tables[1].score_ns, b.tables[2].score_ns) for b in match.boards] == [
        (1, 420, 170),
        (2, -100, -400),
    ]
    assert match.imps == (13, 0)
    assert match.vps == (home, away)
    assert teams_file.matches[1].imps is None  # not played yet
    assert dict(teams_file.readings) == {
        "VP scale": "WBF continuous 20-VP scale (2013): the file says so",
        "Boards a match": "2: the file says so",
    }


_BAM = _META + '% <META  name=MatchScoring  content="bam">\n'


def test_a_board_a_match_file_of_ours_is_scored_board_by_board():
    teams_file = parse_teams_file(_file('1 1 1 2 "200,13,0" 2 0', _BOARDS, _BAM))

    assert teams_file.matches[0].vps == (2, 0)
    assert teams_file.settings["bam_points"] == 1
    with pytest.raises(FileRefused) as refused:
        parse_teams_file(_file('1 1 1 2 "200,13,0" 1.5 0.5', _BOARDS, _BAM))
    assert str(refused.value) == (
        "line 17: round 1, table 1: the boards make 2–0 points, but the file says 1.5–0.5"
    )


def test_our_file_reads_back_as_it_was_written():
    home, away = victory_points(13, 2, "wbf")
    first = parse_teams_file(_file(f'1 1 1 2 "200,13,0" {home:.2f} {away:.2f}', _BOARDS, _META))

    again = parse_teams_file(render_teams_pbn(first))

    assert again.settings == first.settings
    assert [(t.number, t.name, t.players) for t in again.teams] == [
        (t.number, t.name, t.players) for t in first.teams
    ]
    assert [(m.round, m.table, m.home, m.away, m.imps, m.vps) for m in again.matches] == [
        (1, 1, 1, 2, (13, 0), (home, away))
    ]
    assert [
        (b.number, room, line.contract, line.declarer, line.tricks, line.score_ns)
        for b in again.matches[0].boards
        for room, line in sorted(b.tables.items())
    ] == [
        (1, 1, "4S", "N", 10, 420),
        (1, 2, "3S", "N", 10, 170),
        (2, 1, "3NT", "S", 8, -100),
        (2, 2, "3NT", "E", 9, -400),
    ]


@pytest.mark.parametrize(
    ("data", "message"),
    [
        pytest.param(
            _file('1 1 1 2 "200,13,0" 15.00 5.00', _BOARDS, _META),
            "line 16: round 1, table 1: 13–0 IMPs over 2 boards make {:.2f}–{:.2f} on the WBF "
            "continuous 20-VP scale (2013), but the file says 15.00–5.00".format(
                *victory_points(13, 2, "wbf")
            ),
            id="VPs-the-scale-does-not-give",
        ),
        pytest.param(
            _file('1 1 1 2 "200,12,0" 17.69 2.31', _BOARDS, _META),
            "line 16: round 1, table 1: the boards make 13–0 IMPs, but the file says 12–0",
            id="IMPs-the-boards-do-not-make",
        ),
        pytest.param(
            _file(
                '1 1 1 2 "200,13,0" 17.69 2.31',
                _BOARDS.replace('"-420" 6', '"-420" 5').replace('"-170" 6', '"-170" 5'),
                _META,
            ),
            "line 16: round 1, table 1, board 1: the tables' scores make +6 IMPs to team 1, but "
            "the file says +5",
            id="a-board's-IMPs",
        ),
        pytest.param(
            _file('1 1 1 2 "200,13,0" 17.00 3.00\n1 2 3 4 "200,2,0" 11.00 9.00'),
            "the published VPs follow none of the scales we know",
            id="no-scale-fits",
        ),
        pytest.param(
            _file('1 1 1 2 "200,30,0" 20.00 0.00'),
            "the file does not name its VP scale and its VPs fit more than one",
            id="several-scales-fit",
        ),
        pytest.param(
            _file(
                '1 1 1 2 "200,60,0" 20.00 0.00',
                meta='% <META  name=VpScale  content="wbf">\n',
            ),
            "the file does not say how many boards a match had, and its VPs fit 1, 2, 3, 4, 5, "
            "6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16 boards alike: the match length cannot be told",
            id="several-lengths-fit",
        ),
        pytest.param(
            _file('1 1 1 2 "200,13,0" -  -'),
            "the file gives no match's VPs and does not name its VP scale",
            id="no-VPs",
        ),
        pytest.param(
            _file("1 1 1 2 - 15.75 4.25"),
            "line 14: round 1, table 1: the file gives the match's VPs but neither its IMPs nor "
            "its boards",
            id="VPs-without-IMPs",
        ),
        pytest.param(
            _file('1 1 1 2 "200,13.125,0" 15.75 4.25'),
            "line 14: the match's IMPs: 13.125 is not a figure of at most two decimals",
            id="IMPs-of-three-decimals",
        ),
        pytest.param(
            _file('1 1 1 2 "200,999999,0" 15.75 4.25'),
            "line 14: the match's IMPs: 999999 is not a figure of at most two decimals",
            id="IMPs-too-large",
        ),
        pytest.param(
            _file('1 1 1 2 "101,13,0" 15.75 4.25'),
            "line 14: MatchDetails segment '101' is neither a segment of play nor 200",
            id="unknown-segment",
        ),
        pytest.param(
            _file('1 1 1 5 "200,13,0" 15.75 4.25'),
            "line 14: team 5 is not in the file's list",
            id="unknown-team",
        ),
        pytest.param(
            _file('1 1 1 2 "200,13,0" 15.75 4.25\n1 2 1 3 "200,13,0" 15.75 4.25'),
            "line 15: team 1 plays twice in round 1 (also line 14)",
            id="team-twice-in-a-round",
        ),
        pytest.param(
            _file('1 1 1 2 "200,13,0" 15.75 4.25', teams='1 1 "Team 1" "-"\n2 1 "Team 2" "-"'),
            "line 10: team 1 is listed twice",
            id="team-number-twice",
        ),
        pytest.param(
            _file('1 1 1 2 "200,13,0" 15.75 4.25', teams='1 1 "Same" "-"\n2 2 "same" "-"'),
            "line 10: two teams are called 'same'",
            id="team-name-twice",
        ),
        pytest.param(
            _file('1 1 1 2 "200,13,0" 15.75 4.25', meta='% <META  name=VpScale  content="x">\n'),
            "META VpScale: 'x' is not one we know",
            id="unknown-META-scale",
        ),
        pytest.param(
            _file('1 1 1 2 "200,13,0" 15.75 4.25', _BOARDS.replace('"Closed"', '"Lounge"'), _META),
            "line 24: the room must be Open (table 1) or Closed (table 2), not 'Lounge'",
            id="unknown-room",
        ),
        pytest.param(
            _file('1 1 1 2 "200,13,0" 15.75 4.25').replace(b'"Teams"]\n[Comp', b'"BAM"]\n[Comp'),
            "line 6: the team scoring 'BAM' is not supported: IMPs (Teams) only, the match's "
            "scoring in our META lines",
            id="board-a-match",
        ),
        pytest.param(
            _file('1 1 1 2 "200,13,0" 15.75 4.25').replace(
                b'"Teams"]\n[Comp', b'"Teams;Butler"]\n[Comp'
            ),
            "line 6: the team scoring 'Teams;Butler' is not supported",
            id="a-modifier",
        ),
        pytest.param(
            _file('1 1 1 2 "1,10,0|2,3,1|200,13,0" 15.75 4.25'),
            "line 14: MatchDetails' segments add up to 13–1, but the whole match (segment 200) "
            "is 13–0",
            id="segments-that-do-not-add-up",
        ),
        pytest.param(
            _file('1 1 1 2 "200,13,0" 15.75 4.25', _BOARDS.replace("4S N 10", "4S N 11"), _META),
            "line 23: 4S by N taking 11 tricks scores +450 for North-South when nobody is "
            "vulnerable, but the file says +420",
            id="score-the-contract-does-not-make",
        ),
    ],
)
def test_a_file_whose_figures_or_conventions_cannot_be_read_is_refused(data, message):
    with pytest.raises(FileRefused) as refused:
        parse_teams_file(data)
    assert str(refused.value).startswith(message)
