"""Ruter's team.pbn (10 teams, 6 rounds of 8-board Swiss matches): the published VPs and
standings, and Ruter's draws against ours from the same standings."""

import shlex
from pathlib import Path

import pytest

from scoring import MatchImps, MatchRecord, match_result, mismatches, standings, swiss_draw

REALDATA = Path("/work/shared/realdata")

pytestmark = pytest.mark.skipif(not REALDATA.is_dir(), reason="/work/shared is not here")


def pbn_tables(name):
    """Each table of the file: its name and its rows as dicts of column to cell."""
    tables, columns = [], None
    for line in (REALDATA / "team.pbn").read_text(encoding="iso-8859-1").splitlines():
        if line.startswith(f"[{name} "):
            columns = [column.split("\\")[0] for column in line.split('"')[1].split(";")]
            tables.append([])
        elif columns and line and not line.startswith(("[", "%")):
            tables[-1].append(dict(zip(columns, shlex.split(line), strict=True)))
        else:
            columns = None
    return tables


def matches():
    """(round, home, away, IMPs home, IMPs away, VPs home, VPs away), as published."""
    rows = []
    for row in pbn_tables("ScoreTable")[0]:
        _, home_imps, away_imps = row["MatchDetails"].split(",")
        rows.append(
            (
                int(row["Round"]),
                int(row["TeamId_Home"]),
                int(row["TeamId_Away"]),
                int(home_imps),
                int(away_imps),
                float(row["VP_Home"]),
                float(row["VP_Away"]),
            )
        )
    return rows


def scored(match):
    _, home, away, home_imps, away_imps, _, _ = match
    result = match_result(MatchImps(home_imps, away_imps), boards=8)
    return MatchRecord(home, away, result.home_vps, result.away_vps, home_imps, away_imps)


def test_realdata_ruter_standings_reproduced():
    published = pbn_tables("TotalScoreTable")[0]
    rows = standings(list(range(1, 11)), [scored(m) for m in matches()])
    assert [(s.team, s.place) for s in rows] == [
        (int(row["TeamId"]), row["Rank"]) for row in published
    ]
    for s, row in zip(rows, published, strict=True):
        assert s.vps == pytest.approx(float(row["TotalScoreVP"]), abs=0.005)
        assert s.played == int(row["NrRounds"])


def rounds_with_standings():
    """Each round from the second: the standings before it (VPs so far, ranking by them),
    the meetings so far, and Ruter's draw."""
    teams = list(range(1, 11))
    scores = dict.fromkeys(teams, 0.0)
    met = set()
    played = matches()
    for number in range(1, 7):
        this_round = [m for m in played if m[0] == number]
        if number > 1:
            ranking = sorted(teams, key=lambda t: (-scores[t], t))
            ruter = [(home, away) for _, home, away, *_ in this_round]
            yield number, ranking, dict(scores), set(met), ruter
        for _, home, away, _, _, home_vps, away_vps in this_round:
            scores[home] += home_vps
            scores[away] += away_vps
            met.add(frozenset((home, away)))


def test_realdata_ruter_draws_where_top_down_has_no_choice_are_ours():
    draws = {
        n: (ruter, swiss_draw(ranking, met, scores=scores))
        for n, ranking, scores, met, ruter in rounds_with_standings()
    }
    assert draws[2][1] == draws[2][0]
    assert draws[4][1] == draws[4][0]


def test_realdata_ruter_drew_a_rematch_in_round_6_and_we_do_not():
    for number, ranking, scores, met, ruter in rounds_with_standings():
        ours = swiss_draw(ranking, met, scores=scores)
        assert not any(frozenset(match) in met for match in ours)
        assert len(mismatches(ours, ranking, scores)) <= len(mismatches(ruter, ranking, scores))
        ruter_rematches = [match for match in ruter if frozenset(match) in met]
        assert ruter_rematches == ([(1, 10)] if number == 6 else [])
