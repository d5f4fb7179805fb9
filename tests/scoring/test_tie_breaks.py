import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring import TIE_BREAKS, MatchRecord, ScoringError, head_to_head, standings


def ranked(matches, **options):
    """The standings of the teams that play in `matches`, given to the engine in letter order."""
    teams = sorted({team for match in matches for team in (match.home, match.away)})
    return standings(teams, matches, **options)


def table(rows):
    return [(s.team, s.place, s.vps) for s in rows]


def order(rows):
    return [s.team for s in rows]


# --- Facts (ISSUE 10, SPEC §4.3) -------------------------------------------------------------


def three_way_event():
    return [
        # Round 1: B beat A 12-8; C and D drew.
        MatchRecord("A", "B", 8, 12, 10, 15),
        MatchRecord("C", "D", 10, 10, 20, 20),
        # Round 2: a three-way of A, B and C (half matches on the 10-VP scale); D has a bye.
        MatchRecord("A", "B", 10, 0, 30, 0),
        MatchRecord("A", "C", 3, 7, 2, 8),
        MatchRecord("B", "C", 9, 1, 25, 0),
    ]


def test_issue10_lost_8_12_and_won_10_0_in_a_three_way_counts_18_12():
    assert head_to_head(three_way_event(), ["A", "B"]) == {"A": (18, 25), "B": (12, -25)}


def test_issue10_the_three_way_win_breaks_the_tie():
    rows = ranked(three_way_event(), adjustments={"D": 12})
    # A 8 + 10 + 3 = 21 and B 12 + 0 + 9 = 21: A ahead on head to head, 18-12.
    assert table(rows) == [("D", "1", 22), ("A", "2", 21), ("B", "3", 21), ("C", "4", 18)]


def test_without_a_tie_break_level_teams_share_the_place():
    rows = ranked(three_way_event(), adjustments={"D": 12}, tie_break="none")
    assert table(rows) == [("D", "1", 22), ("A", "2=", 21), ("B", "2=", 21), ("C", "4", 18)]


# --- EBU White Book order --------------------------------------------------------------------


def swiss_four_rounds():
    # A and B level on 40 VPs, never met: their opponents' final scores decide.
    return [
        MatchRecord("A", "C", 15, 5, 20, 5),
        MatchRecord("B", "D", 15, 5, 20, 5),
        MatchRecord("A", "E", 12, 8, 6, 3),
        MatchRecord("B", "F", 12, 8, 6, 3),
        MatchRecord("A", "D", 13, 7, 8, 2),
        MatchRecord("B", "C", 13, 7, 8, 2),
        MatchRecord("E", "F", 20, 0, 40, 0),
        MatchRecord("C", "D", 10, 10, 0, 0),
    ]


def test_ebu_opponents_final_scores_when_the_tied_teams_never_met():
    rows = ranked(swiss_four_rounds())
    totals = {s.team: s.vps for s in rows}
    assert totals == {"A": 40, "B": 40, "C": 22, "D": 22, "E": 28, "F": 8}
    # A met C, E, D: 22 + 28 + 22 = 72; B met D, F, C: 22 + 8 + 22 = 52.
    assert order(rows)[:2] == ["A", "B"]
    assert [s.place for s in rows][:2] == ["1", "2"]


def test_ebu_imp_difference_last():
    matches = [
        MatchRecord("A", "C", 10, 10, 30, 30),
        MatchRecord("B", "D", 10, 10, 45, 40),
        MatchRecord("A", "D", 10, 10, 2, 0),
        MatchRecord("B", "C", 10, 10, 0, 0),
    ]
    # Everyone 20 VPs; opponents' scores all 20 + 20; IMP differences: A +2, B +5, C 0, D -7.
    assert table(ranked(matches)) == [
        ("B", "1", 20),
        ("A", "2", 20),
        ("C", "3", 20),
        ("D", "4", 20),
    ]


def test_ebu_circular_head_to_head_goes_on_to_the_imp_difference():
    # Three teams, all met: circular results, level on head to head VPs and IMPs too; the
    # opponents' scores are the same for all (a round robin); IMPs: A +9, C +1, B 0.
    matches = [
        MatchRecord("A", "B", 12, 8, 5, 2),
        MatchRecord("B", "C", 12, 8, 5, 2),
        MatchRecord("C", "A", 12, 8, 5, 2),
        MatchRecord("A", "D", 10, 10, 9, 0),
        MatchRecord("B", "D", 10, 10, 0, 0),
        MatchRecord("C", "D", 10, 10, 1, 0),
    ]
    rows = ranked(matches, round_robin=True)
    assert table(rows)[:3] == [("A", "1", 30), ("C", "2", 30), ("B", "3", 30)]


def test_ebu_in_a_round_robin_skips_opponents_scores():
    # A and B, level and with the same IMP difference (+24), share first place when the
    # opponents' scores step is left out.
    rows = ranked(swiss_four_rounds(), round_robin=True)
    assert table(rows)[:2] == [("A", "1=", 40), ("B", "1=", 40)]


def test_three_level_teams_that_have_not_all_met_skip_head_to_head():
    matches = [
        MatchRecord("A", "B", 5, 15, 0, 10),  # B beat A, but C met neither
        MatchRecord("C", "D", 10, 10, 0, 0),
        MatchRecord("A", "D", 15, 5, 30, 0),
        MatchRecord("B", "E", 5, 15, 0, 20),
        MatchRecord("C", "E", 10, 10, 0, 0),
    ]
    totals = {s.team: s.vps for s in ranked(matches)}
    assert totals["A"] == totals["B"] == totals["C"] == 20
    # Opponents' final scores: A (B 20, D 15) 35, B (A 20, E 25) 45, C (D 15, E 25) 40.
    level = [s.team for s in ranked(matches) if s.vps == 20]
    assert level == ["B", "C", "A"]


def test_a_split_starts_again_from_head_to_head():
    # A, B and C level on 20; C met neither. Opponents' scores: A (B 20, D 25) 45, B (A 20,
    # E 25) 45, C (F 34, G 36) 70: C first. A and B start again from head to head: A won their
    # match, although B's IMP difference (+29 against 0) is the better.
    matches = [
        MatchRecord("A", "B", 11, 9, 2, 1),
        MatchRecord("A", "D", 9, 11, 0, 1),
        MatchRecord("B", "E", 11, 9, 30, 0),
        MatchRecord("C", "F", 10, 10, 0, 0),
        MatchRecord("C", "G", 10, 10, 0, 0),
        MatchRecord("D", "G", 14, 6, 9, 0),
        MatchRecord("E", "F", 16, 4, 12, 0),
        MatchRecord("F", "H", 20, 0, 50, 0),
        MatchRecord("G", "H", 20, 0, 50, 0),
    ]
    rows = ranked(matches)
    assert table(rows) == [
        ("G", "1", 36),
        ("F", "2", 34),
        ("D", "3", 25),  # D's opponents 56, E's 54
        ("E", "4", 25),
        ("C", "5", 20),
        ("A", "6", 20),
        ("B", "7", 20),
        ("H", "8", 0),
    ]


# --- CBAI ------------------------------------------------------------------------------------


def test_cbai_imp_quotient_after_head_to_head():
    matches = [
        MatchRecord("A", "C", 10, 10, 30, 30),  # A: 30 won, 30 lost; quotient 1.0
        MatchRecord("B", "D", 10, 10, 10, 8),  # B: 10 won, 8 lost; quotient 1.25
    ]
    assert order(ranked(matches, tie_break="cbai"))[:2] == ["B", "A"]
    # The EBU's last step, the IMP difference, puts them the same way round (+2 against 0).


def test_cbai_head_to_head_first():
    matches = [MatchRecord("A", "B", 10, 10, 3, 5), MatchRecord("A", "C", 10, 10, 20, 0)]
    matches.append(MatchRecord("B", "D", 10, 10, 0, 0))
    # Level on VPs; B won the IMPs of their match though A has the better quotient.
    assert order(ranked(matches, tie_break="cbai"))[:2] == ["B", "A"]


def test_cbai_margin_against_the_highest_placed_common_opponent():
    matches = [
        MatchRecord("A", "C", 12, 8, 10, 5),
        MatchRecord("A", "D", 8, 12, 5, 10),
        MatchRecord("B", "C", 11, 9, 6, 4),
        MatchRecord("B", "D", 9, 11, 4, 6),
    ]
    # A and B: 20 VPs each, never met, IMP quotients 15/15 and 10/10. D (23 VPs) is the
    # highest common opponent: A lost to it by 5, B by 2, though A did better against C.
    rows = ranked(matches, tie_break="cbai")
    assert table(rows) == [("D", "1", 23), ("B", "2", 20), ("A", "3", 20), ("C", "4", 17)]
    # The EBU order finds them level all the way: opponents' scores 40 each, IMP difference 0.
    assert table(ranked(matches))[1:3] == [("A", "2=", 20), ("B", "2=", 20)]


# --- Refusals and invariants -----------------------------------------------------------------


def test_unknown_tie_break_and_strangers_are_refused():
    with pytest.raises(ScoringError, match="Unknown tie-break"):
        standings(["A"], [], tie_break="fifa")
    with pytest.raises(ScoringError, match="'Z' played a match"):
        standings(["A"], [MatchRecord("A", "Z", 10, 10)])
    with pytest.raises(ScoringError, match="twice"):
        standings(["A", "A"], [])
    with pytest.raises(ScoringError, match="'Z' has an adjustment"):
        standings(["A"], [], adjustments={"Z": 12})
    assert set(TIE_BREAKS) == {"ebu", "cbai", "none"}


@st.composite
def events(draw):
    n = draw(st.integers(2, 7))
    teams = [f"T{k}" for k in range(n)]
    matches = []
    for _ in range(draw(st.integers(0, 12))):
        home, away = draw(st.permutations(teams))[:2]
        vps = draw(st.integers(0, 20))
        imps = draw(st.tuples(st.integers(0, 40), st.integers(0, 40)))
        matches.append(MatchRecord(home, away, vps, 20 - vps, *imps))
    return teams, matches


@given(events(), st.sampled_from(sorted(TIE_BREAKS)))
def test_standings_rank_by_vps_and_share_only_equal_places(event, tie_break):
    teams, matches = event
    rows = standings(teams, matches, tie_break=tie_break)
    assert sorted(s.team for s in rows) == sorted(teams)
    assert [s.vps for s in rows] == sorted((s.vps for s in rows), reverse=True)
    assert sum(s.vps for s in rows) == 20 * len(matches)
    for position, s in enumerate(rows, start=1):
        number = int(s.place.rstrip("="))
        assert number <= position
        shared = [o for o in rows if o.place == s.place]
        assert (len(shared) > 1) == s.place.endswith("=")
        assert len({o.vps for o in shared}) == 1
    assert standings(teams, matches, tie_break=tie_break) == rows
