"""A teams event's results as JSON, from plain data, in the shape of the pairs results' JSON
(events.formats.json_export) with the teams' standings and a `matches` list:

    {"event": {"id", "name", "club", "date", "kind": "teams", "status",
               "settings": {"format", "match_scoring", "vp_scale", "bam_points",
                            "boards_per_match", "bye_vps"}},
     "ranking": [{"team", "name", "players", "vps", "imps_for", "imps_against", "matches",
                  "place"}],
     "matches": [{"round", "table", "home", "away", "home_name", "away_name", "home_imps",
                  "away_imps", "home_vps", "away_vps", "boards": [{"number", "home_imps",
                  "assigned_imps", "tables": [{"table", "contract", "declarer", "tricks",
                  "lead", "score_ns", "adjusted", "not_played"}]}]}]}

"team", "home" and "away" are team numbers; "away" is null for a bye. At table 1 the home team
sits North-South, at table 2 East-West. "home_imps" and the VPs are null until the match has a
result; in board-a-match and Patton the "vps" are the match's board points. "adjusted" is
null, or the two sides' codes: {"ns": "A+", "ew": "A-"}. "place" is a string such as "3=".
Numbers are unrounded (to 6 decimals).
"""

import json

from events.formats.team_files import TeamsFile
from events.formats.xlsx_teams import team_totals
from scoring.adjusted_scores import adjustment_code


def _number(value) -> float | None:
    return None if value is None else round(float(value), 6)


def teams_results(teams_file: TeamsFile) -> dict:
    """The event's settings, standings and matches as plain data (see the module docstring)."""
    names = {team.number: team.name for team in teams_file.teams}
    totals = team_totals(teams_file)
    settings = teams_file.settings
    return {
        "event": {
            "id": teams_file.identifier or None,
            "name": teams_file.name,
            "club": teams_file.club_name,
            "date": teams_file.date.isoformat(),
            "kind": "teams",
            "status": teams_file.status or None,
            "settings": {
                name: _number(settings[name]) if name == "bye_vps" else settings.get(name)
                for name in (
                    "format",
                    "match_scoring",
                    "vp_scale",
                    "bam_points",
                    "boards_per_match",
                    "bye_vps",
                )
                if name != "bye_vps" or settings.get(name) is not None
            },
        },
        "ranking": [
            {
                "team": team.number,
                "name": team.name,
                "players": team.players,
                "vps": _number(team.published_vps),
                "imps_for": _number(totals[team.number][0]),
                "imps_against": _number(totals[team.number][1]),
                "matches": totals[team.number][2],
                "place": team.published_place,
            }
            for team in teams_file.teams
        ],
        "matches": [
            {
                "round": match.round,
                "table": match.table,
                "home": match.home,
                "away": match.away,
                "home_name": names[match.home],
                "away_name": names.get(match.away),
                "home_imps": _number(match.imps[0]) if match.imps else None,
                "away_imps": _number(match.imps[1]) if match.imps else None,
                "home_vps": _number(match.vps[0]) if match.vps else None,
                "away_vps": _number(match.vps[1]) if match.vps and match.away else None,
                "boards": [
                    {
                        "number": board.number,
                        "home_imps": _number(board.published_imps),
                        "assigned_imps": _number(board.assigned_imps),
                        "tables": [
                            _line(table, line) for table, line in sorted(board.tables.items())
                        ],
                    }
                    for board in sorted(match.boards, key=lambda b: b.number)
                ],
            }
            for match in teams_file.matches
        ],
    }


def _line(table: int, line) -> dict:
    adjusted = (
        {"ns": adjustment_code(line.ns_percent), "ew": adjustment_code(line.ew_percent)}
        if line.is_adjusted
        else None
    )
    return {
        "table": table,
        "contract": line.contract or None,
        "declarer": line.declarer or None,
        "tricks": line.tricks,
        "lead": line.lead or None,
        "score_ns": line.score_ns,
        "adjusted": adjusted,
        "not_played": line.not_played,
    }


def render_teams_json(teams_file: TeamsFile) -> bytes:
    return json.dumps(teams_results(teams_file), ensure_ascii=False, indent=1).encode("utf-8")
