"""The teams workbook and JSON, rendered from a team file's plain data: the cells and keys a
reader relies on, checked by opening what was written."""

import json
from io import BytesIO

from django.utils import translation
from openpyxl import load_workbook

from events.formats.json_teams import render_teams_json
from events.formats.pbn_teams import parse_teams_file
from events.formats.xlsx_teams import render_teams_xlsx
from scoring.victory_points import victory_points
from tests.events.files import read_file
from tests.events.test_pbn_teams import _BOARDS, _META, _file

_VPS = victory_points(13, 2, "wbf")
_DATA = _file(
    '1 1 1 2 "200,13,0" {:.2f} {:.2f}\n1 2 3 4 "200,0,0" 10.00 10.00'.format(*_VPS),
    _BOARDS,
    _META,
)


def _rows(sheet) -> list[tuple]:
    return [tuple(cell.value for cell in row) for row in sheet.iter_rows()]


def test_the_workbook_has_standings_cross_table_matches_and_settings():
    teams_file = parse_teams_file(_DATA)
    for team, place, vps in zip(
        teams_file.teams, ["1", "2=", "2=", "4"], [_VPS[0], 10, 10, _VPS[1]], strict=True
    ):
        team.published_place, team.published_vps = place, vps

    book = load_workbook(BytesIO(render_teams_xlsx(teams_file)))

    assert book.sheetnames == ["Standings", "Cross-table", "Matches", "Settings"]
    standings = _rows(book["Standings"])
    assert standings[0][0] == "Club teams: standings · Salo · Sunday 15 March 2026"
    assert standings[1] == (
        "Place", "Team", "Name", "Players", "VPs", "IMPs for", "IMPs against", "Matches"
    )  # fmt: skip
    assert standings[2:] == [
        (1, 1, "Team 1", "A1, B1, C1, D1", _VPS[0], 13, 0, 1),
        ("2=", 2, "Team 2", "A2, B2, C2, D2", 10, 0, 13, 1),
        ("2=", 3, "Team 3", "A3, B3, C3, D3", 10, 0, 0, 1),
        (4, 4, "Team 4", "A4, B4, C4, D4", _VPS[1], 0, 0, 1),
    ]
    cross = _rows(book["Cross-table"])
    assert cross[1] == ("Team", "Name", "1", "2", "3", "4", "Total")
    assert cross[2] == (1, "Team 1", None, _VPS[0], None, None, _VPS[0])
    assert cross[3] == (2, "Team 2", _VPS[1], None, None, None, _VPS[1])
    assert cross[4] == (3, "Team 3", None, None, None, 10, 10)
    matches = _rows(book["Matches"])
    assert matches[2] == (
        f"Round 1 · table 1 · Team 1 v Team 2 · 13–0 IMPs · {_VPS[0]:.2f}–{_VPS[1]:.2f} VPs",
        *[None] * 12,
    )
    assert matches[3] == (1, "4♠", "N", None, 10, 420, "3♠", "N", None, 10, 170, 6, 0)
    assert matches[4] == (2, "3NT", "S", None, 8, -100, "3NT", "E", None, 9, -400, 7, 0)
    assert matches[6][0] == "Round 1 · table 2 · Team 3 v Team 4 · 0–0 IMPs · 10.00–10.00 VPs"
    settings = dict(row[:2] for row in _rows(book["Settings"])[2:])
    assert settings["VP scale"] == "WBF continuous 20-VP scale (2013)"
    assert settings["Boards a match"] == 2
    with translation.override("fr"):
        french = load_workbook(BytesIO(render_teams_xlsx(teams_file)))
    settings = dict(row[:2] for row in _rows(french["Réglages"])[2:])
    assert settings["Tours"] == 1  # a teams round is a "tour", a pairs event's a "position"


def test_the_json_lists_every_match_with_its_imps_and_vps():
    teams_file = parse_teams_file(_DATA)

    results = json.loads(render_teams_json(teams_file))

    assert results["event"]["kind"] == "teams"
    assert results["event"]["settings"] == {
        "match_scoring": "vps",
        "vp_scale": "wbf",
        "boards_per_match": 2,
        "format": None,
        "bam_points": None,
    }
    first, second = results["matches"]
    assert {k: v for k, v in first.items() if k != "boards"} == {
        "round": 1,
        "table": 1,
        "home": 1,
        "away": 2,
        "home_name": "Team 1",
        "away_name": "Team 2",
        "home_imps": 13,
        "away_imps": 0,
        "home_vps": _VPS[0],
        "away_vps": _VPS[1],
    }
    assert first["boards"][0] == {
        "number": 1,
        "home_imps": 6,
        "assigned_imps": None,
        "tables": [
            {"table": 1, "contract": "4S", "declarer": "N", "tricks": 10, "lead": None,
             "score_ns": 420, "adjusted": None, "not_played": False},
            {"table": 2, "contract": "3S", "declarer": "N", "tricks": 10, "lead": None,
             "score_ns": 170, "adjusted": None, "not_played": False},
        ],
    }  # fmt: skip
    assert (second["home_vps"], second["away_vps"], second["boards"]) == (10, 10, [])
    assert [row["team"] for row in results["ranking"]] == [1, 2, 3, 4]
    assert results["ranking"][0]["imps_for"] == 13


def test_ruters_file_renders_every_match():
    teams_file = parse_teams_file(read_file("ruter_teams.pbn"))
    results = json.loads(render_teams_json(teams_file))
    assert [(m["home_imps"], m["away_imps"], m["home_vps"]) for m in results["matches"]] == [
        (25, 8, 15.75)
    ]
