"""Drawing a teams event's rounds: the Swiss with its options, round robins, knock-outs, a
director's swap and taking a draw back."""

import random
from decimal import Decimal
from itertools import combinations

import pytest

from events.models import Change, Event, Match, Team, TeamRound
from events.services.history import undo_change
from events.services.notes import note_text
from events.services.teams.lines import save_match_line
from events.services.teams.matches import adjust_match, create_match, save_captains_totals
from events.services.teams.registration import register_team
from events.services.teams.rounds import (
    DrawRefused,
    RematchWarning,
    delete_round,
    draw_next_round,
    draw_plan,
    round_matches,
    swap_teams,
)
from events.services.teams.standings import team_standings
from scoring import parse_traveller_line, random_draw

pytestmark = pytest.mark.django_db


def team(event, number) -> Team:
    return event.teams.get(number=number)


def names(matches) -> list[tuple[str, str | None]]:
    return [(m.home.name, m.away.name if m.away_id else None) for m in matches]


def finish(event, round, margins=None, rng=None):
    """Captains' totals for every match of the round still open: margins by table, else random."""
    for match in round_matches(event=event, round=round):
        if match.finished or (margins and match.table not in margins):
            continue
        margin = margins[match.table] if margins else rng.randint(-30, 30)
        save_captains_totals(match=match, home_imps=max(margin, 0), away_imps=max(-margin, 0))


def meetings(event) -> list[frozenset]:
    return [
        frozenset((m.home_id, m.away_id)) for m in Match.objects.filter(event=event) if m.away_id
    ]


def test_round_one_is_drawn_at_random_from_the_stored_seed_and_repeats(make_team_event):
    event = make_team_event(teams=8, draw_seed=2026)
    drawn = names(draw_next_round(event=event))
    by_id = {t.pk: t.name for t in event.teams.all()}
    order = [t.pk for t in event.teams.order_by("number")]
    random.Random(2026).shuffle(order)
    assert drawn == [(by_id[h], by_id[a]) for h, a in random_draw(order, 2026)]
    assert sorted(n for pair in drawn for n in pair) == sorted(by_id.values())
    delete_round(event=event, round=1)
    assert names(draw_next_round(event=event)) == drawn
    assert (
        note_text(TeamRound.objects.get(event=event, number=1).note)
        == "Round 1 drawn at random from seed 2026."
    )


def test_round_one_seeded_by_strength_puts_the_top_half_against_the_bottom(make_team_event):
    event = make_team_event(teams=7, first_round="seeded")
    for number, seed in zip(range(1, 8), [3, 1, None, 2, 5, 4, 6], strict=True):
        Team.objects.filter(event=event, number=number).update(seed=seed)
    # By seed: Team 2, 4, 1, 6, 5, 7 then the unseeded Team 3, who has the bye.
    assert names(draw_next_round(event=event)) == [
        ("Team 2", "Team 6"),
        ("Team 4", "Team 5"),
        ("Team 1", "Team 7"),
        ("Team 3", None),
    ]


def test_a_thirteen_team_swiss_of_seven_rounds_has_no_rematch_and_a_bye_to_a_new_team_each_round(
    make_team_event,
):
    event = make_team_event(teams=13, rounds=7, boards_per_match=6, bye_vps=12)
    rng = random.Random(7)
    byes = []
    for number in range(1, 8):
        matches = draw_next_round(event=event)
        assert {m.round for m in matches} == {number}
        bye = [m for m in matches if m.is_bye]
        assert len(bye) == 1 and bye[0].table == 7
        bye[0].refresh_from_db()
        assert (bye[0].home_vps, bye[0].finished) == (Decimal(12), True)
        byes.append(bye[0].home_id)
        finish(event, number, rng=rng)
    met = meetings(event)
    assert len(met) == len(set(met)) == 6 * 7
    assert len(set(byes)) == 7
    with pytest.raises(DrawRefused, match="plays 7 rounds, and all are drawn"):
        draw_next_round(event=event)
    # Each later round was drawn from the standings before it: its bye went to the lowest
    # team that had not had one.
    for number in range(2, 8):
        standings = team_standings(event=event, rounds=number - 1)
        due = [line.team.pk for line in standings if line.team.pk not in byes[: number - 1]]
        assert byes[number - 1] == due[-1]


def test_later_rounds_are_drawn_top_against_top_from_the_standings(make_team_event):
    # SPEC's six-team example: after A–B, C–D, E–F and B–C, A–F, D–E with A > B > … > F, round 3
    # is A–C, B–E, D–F (top-down would leave E–F, a rematch).
    event = make_team_event(teams=6)
    a, b, c, d, e, f = (team(event, n) for n in range(1, 7))
    for round, pairs in ((1, [(a, b), (c, d), (e, f)]), (2, [(b, c), (a, f), (d, e)])):
        for table, (home, away) in enumerate(pairs, start=1):
            create_match(event=event, round=round, table=table, home=home, away=away)
    # Assigned VPs that rank A (31) > B (28) > C (21) > D (20) > E (15) > F (5).
    vps = {(1, 1): 11, (1, 2): 20, (1, 3): 15, (2, 1): 19, (2, 2): 20, (2, 3): 20}
    for match in Match.objects.filter(event=event):
        home = vps[(match.round, match.table)]
        adjust_match(match=match, assigned_vps=(home, 20 - home))
    ranking = [line.team.name for line in team_standings(event=event)]
    assert ranking == ["Team 1", "Team 2", "Team 3", "Team 4", "Team 5", "Team 6"]
    assert names(draw_next_round(event=event)) == [
        ("Team 1", "Team 3"),
        ("Team 2", "Team 5"),
        ("Team 4", "Team 6"),
    ]
    assert TeamRound.objects.get(event=event, number=3).standings_after == 2


def test_the_next_round_waits_for_the_last_unless_drawn_late_leaving_the_slow_match_out(
    make_team_event,
):
    event = make_team_event(teams=6)
    draw_next_round(event=event)
    finish(event, 1, margins={1: 20, 2: 0, 3: -10})
    draw_next_round(event=event)
    slow = round_matches(event=event, round=2)[1]
    finish(event, 2, margins={1: 12, 3: 3})
    with pytest.raises(DrawRefused, match=r"round 2 is still being played: table 2 \(Team"):
        draw_next_round(event=event)
    plan = draw_plan(event=event)
    assert plan.late_possible and plan.unfinished == [slow]
    third = draw_next_round(event=event, late=True)
    # Drawn from the standings of the finished matches, the slow one left out.
    finished = team_standings(event=event, rounds=2, finished_only=True)
    assert third[0].home_id == finished[0].team.pk
    note = (
        "Round 3 drawn from the standings after round 2. "
        f"Drawn late, leaving out table 2 ({slow.home} v {slow.away})."
    )
    assert note_text(TeamRound.objects.get(event=event, number=3).note) == note
    assert [note_text(c.note) for c in Change.objects.filter(event=event)].count(note) == 1
    assert frozenset((slow.home_id, slow.away_id)) not in {
        frozenset((m.home_id, m.away_id)) for m in third
    }


def test_one_round_in_arrears_draws_round_n_plus_2_from_the_standings_after_round_n(
    make_team_event,
):
    event = make_team_event(teams=8, arrears=True)
    draw_next_round(event=event)
    second = draw_next_round(event=event)  # round 1 is still being played
    assert TeamRound.objects.get(event=event, number=2).standings_after == 0
    first_pairs = {frozenset((m.home_id, m.away_id)) for m in round_matches(event=event, round=1)}
    assert not first_pairs & {frozenset((m.home_id, m.away_id)) for m in second}
    with pytest.raises(DrawRefused, match="round 1 is still being played"):
        draw_next_round(event=event)
    finish(event, 1, margins={1: 30, 2: 10, 3: -5, 4: -25})
    third = draw_next_round(event=event)  # round 2 not started: drawn from round 1's standings
    assert TeamRound.objects.get(event=event, number=3).standings_after == 1
    leader = team_standings(event=event, rounds=1)[0].team
    assert leader.pk in (third[0].home_id, third[0].away_id)
    assert len(set(meetings(event))) == 12


def test_danish_rounds_let_the_top_half_meet_again_at_the_end(make_team_event):
    event = make_team_event(teams=6, rounds=3, danish_rounds=1)
    a, b, c, d, e, f = (team(event, n) for n in range(1, 7))
    for round, pairs in ((1, [(a, b), (c, d), (e, f)]), (2, [(a, c), (b, e), (d, f)])):
        for table, (home, away) in enumerate(pairs, start=1):
            match = create_match(event=event, round=round, table=table, home=home, away=away)
            save_captains_totals(match=match, home_imps=20 - 3 * table, away_imps=0)
    ranking = [line.team for line in team_standings(event=event)]
    assert ranking[:2] == [a, b]  # they met in round 1: the Danish last round's final
    assert names(draw_next_round(event=event))[0] == ("Team 1", "Team 2")


def test_without_danish_rounds_the_top_two_do_not_meet_again(make_team_event):
    event = make_team_event(teams=6, rounds=3)
    a, b, c, d, e, f = (team(event, n) for n in range(1, 7))
    for round, pairs in ((1, [(a, b), (c, d), (e, f)]), (2, [(a, c), (b, e), (d, f)])):
        for table, (home, away) in enumerate(pairs, start=1):
            match = create_match(event=event, round=round, table=table, home=home, away=away)
            save_captains_totals(match=match, home_imps=20 - 3 * table, away_imps=0)
    assert names(draw_next_round(event=event))[0] != ("Team 1", "Team 2")
    assert len(set(meetings(event))) == 9


def test_an_odd_field_plays_a_three_way_once_a_team_when_the_director_prefers_one(
    make_team_event,
):
    event = make_team_event(teams=7, odd_field="three-way", boards_per_match=8)
    rng = random.Random(3)
    trios = []
    for number in range(1, 3):
        matches = draw_next_round(event=event)
        assert not any(m.is_bye for m in matches)
        three_way = [m for m in matches if m.three_way]
        assert [m.boards for m in three_way] == [4, 4, 4]
        assert {m.table for m in three_way} == {3}  # after two four-team matches
        trio = {m.home_id for m in three_way} | {m.away_id for m in three_way}
        assert len(trio) == 3
        trios.append(trio)
        finish(event, number, rng=rng)
        for match in three_way:
            match.refresh_from_db()
            assert match.home_vps + match.away_vps == 10  # the half scale of the WBF's 20
    assert not trios[0] & trios[1]


def test_a_director_swaps_two_teams_and_is_warned_of_a_rematch(make_team_event, director):
    event = make_team_event(teams=4)
    t1, t2, t3, t4 = (team(event, n) for n in range(1, 5))
    for table, (home, away) in enumerate([(t1, t2), (t3, t4)], start=1):
        create_match(event=event, round=1, table=table, home=home, away=away)
    finish(event, 1, margins={1: 10, 2: 5})
    draw_next_round(event=event)
    assert names(round_matches(event=event, round=2)) == [
        ("Team 1", "Team 3"),
        ("Team 4", "Team 2"),
    ]
    with pytest.raises(RematchWarning, match="Team 1 and Team 2 met in round 1: a rematch"):
        swap_teams(event=event, round=2, first=t3, second=t2)
    assert names(round_matches(event=event, round=2))[0] == ("Team 1", "Team 3")
    swap_teams(event=event, round=2, first=t3, second=t2, insist=True, user=director)
    assert names(round_matches(event=event, round=2)) == [
        ("Team 1", "Team 2"),
        ("Team 4", "Team 3"),
    ]
    change = Change.objects.filter(event=event).first()
    assert note_text(change.note) == (
        "Round 2: Team 3 and Team 2 swapped, the director insisting (Team 1 and Team 2 met in "
        "round 1: a rematch; Team 4 and Team 3 met in round 1: a rematch)."
    )
    assert change.user == director
    assert note_text(change.note) in note_text(TeamRound.objects.get(event=event, number=2).note)
    undo_change(change=change)
    assert names(round_matches(event=event, round=2)) == [
        ("Team 1", "Team 3"),
        ("Team 4", "Team 2"),
    ]


def test_a_swap_adds_its_note_to_a_long_draw_note_whole(make_team_event):
    # A round's note keeps every line its draw and swaps wrote, however long the names.
    event = make_team_event(teams=0)
    for n in range(1, 7):
        name = f"{n} " + "Bridgewater and District Contract Bridge Club " * 3
        register_team(event=event, name=name[:120].strip(), players=[f"P{n}{s}" for s in "abcd"])
    draw_next_round(event=event)
    finish(event, 1, margins={1: 10})
    draw_next_round(event=event, late=True)
    drawn = note_text(TeamRound.objects.get(event=event, number=2).note)
    first, second = round_matches(event=event, round=2)[:2]
    swap_teams(event=event, round=2, first=first.away, second=second.home, insist=True)
    swapped = f"Round 2: {first.away.name} and {second.home.name} swapped"
    note = note_text(TeamRound.objects.get(event=event, number=2).note)
    assert note.startswith(f"{drawn} {swapped}")
    assert len(note) > 400


def test_a_swap_moves_the_bye_and_is_refused_within_one_match(make_team_event):
    event = make_team_event(teams=5, draw_seed=1)
    matches = draw_next_round(event=event)
    bye_team, playing = matches[-1].home, matches[0]
    with pytest.raises(DrawRefused, match=f"{playing.home} and {playing.away} already play"):
        swap_teams(event=event, round=1, first=playing.home, second=playing.away)
    swap_teams(event=event, round=1, first=bye_team, second=playing.home)
    after = round_matches(event=event, round=1)
    assert (after[0].home, after[0].away) == (bye_team, playing.away)
    bye = after[-1]
    assert (bye.home, bye.home_vps, bye.finished) == (playing.home, Decimal(12), True)
    with pytest.raises(DrawRefused, match="Team 1 does not play round 2"):
        swap_teams(event=event, round=2, first=team(event, 1), second=team(event, 2))


def test_a_round_that_has_started_is_neither_swapped_nor_taken_back(make_team_event):
    event = make_team_event(teams=4, boards_per_match=4)
    first, second = draw_next_round(event=event)
    save_match_line(match=first, board_number=1, table=1, line=parse_traveller_line("4S N 10"))
    with pytest.raises(DrawRefused, match="has started: its results stand in the way"):
        swap_teams(event=event, round=1, first=first.home, second=second.home)
    with pytest.raises(DrawRefused, match="has started"):
        delete_round(event=event, round=1)
    assert Match.objects.filter(event=event).count() == 2


def test_a_draw_is_one_change_undone_like_any_other_and_only_the_last_round_is_taken_back(
    make_team_event,
):
    event = make_team_event(teams=6)
    draw_next_round(event=event)
    finish(event, 1, margins={1: 5, 2: 6, 3: 7})
    draw_next_round(event=event)
    with pytest.raises(DrawRefused, match="only the last round drawn, round 2, can be taken back"):
        delete_round(event=event, round=1)
    draw = Change.objects.filter(event=event).first()
    assert note_text(draw.note).startswith("Round 2 drawn from the standings after round 1")
    undo_change(change=draw)
    assert not Match.objects.filter(event=event, round=2).exists()
    assert not TeamRound.objects.filter(event=event, number=2).exists()
    draw_next_round(event=event)
    delete_round(event=event, round=2)
    assert not Match.objects.filter(event=event, round=2).exists()
    taken_back = Change.objects.filter(event=event).first()
    assert note_text(taken_back.note) == "Draw of round 2 taken back."
    undo_change(change=taken_back)
    assert Match.objects.filter(event=event, round=2).count() == 3


def test_a_published_event_draws_nothing(make_team_event):
    event = make_team_event(teams=4)
    Event.objects.filter(pk=event.pk).update(status=Event.Status.PUBLISHED)
    with pytest.raises(DrawRefused, match="published"):
        draw_next_round(event=event)


@pytest.mark.parametrize(("teams", "cycles", "rounds"), [(6, 1, 5), (6, 2, 10), (5, 1, 5)])
def test_a_round_robin_is_scheduled_whole_every_pair_meeting_once_a_cycle(
    make_team_event, teams, cycles, rounds
):
    event = make_team_event(teams=teams, format="round-robin", round_robin_cycles=cycles)
    matches = draw_next_round(event=event)
    assert max(m.round for m in matches) == rounds
    met = meetings(event)
    ids = [t.pk for t in event.teams.all()]
    assert sorted(met, key=sorted) == sorted(
        [frozenset(p) for p in combinations(ids, 2)] * cycles, key=sorted
    )
    assert TeamRound.objects.filter(event=event, stage="round-robin").count() == rounds
    with pytest.raises(DrawRefused, match="the schedule is made"):
        draw_next_round(event=event)
    delete_round(event=event, round=rounds)
    assert not Match.objects.filter(event=event).exists()


def test_a_teams_of_four_evening_plays_the_rounds_it_has_time_for(make_team_event):
    event = make_team_event(teams=8, format="evening", rounds=4, boards_per_match=3)
    matches = draw_next_round(event=event)
    assert (max(m.round for m in matches), len(matches)) == (4, 16)


def test_a_knock_out_after_a_qualifying_round_robin_carries_over_part_of_each_meeting(
    make_team_event,
):
    event = make_team_event(teams=4, format="knockout", carry_over="half-third")
    t1, t2, t3, t4 = (team(event, n) for n in range(1, 5))
    draw_next_round(event=event, qualifying=True)
    # Round robin of four: the results rank 1 > 2 > 3 > 4 (1 beats 4 by 21, 2 loses to 3 by 12).
    results = {
        frozenset((t1.pk, t2.pk)): (t1, 10),
        frozenset((t1.pk, t3.pk)): (t1, 15),
        frozenset((t1.pk, t4.pk)): (t1, 21),
        frozenset((t2.pk, t3.pk)): (t3, 12),
        frozenset((t2.pk, t4.pk)): (t2, 40),
        frozenset((t3.pk, t4.pk)): (t3, 1),
    }
    for match in Match.objects.filter(event=event):
        winner, margin = results[frozenset((match.home_id, match.away_id))]
        home_won = winner.pk == match.home_id
        save_captains_totals(
            match=match,
            home_imps=margin if home_won else 0,
            away_imps=0 if home_won else margin,
        )
    ranking = [line.team for line in team_standings(event=event)]
    assert ranking == [t1, t2, t3, t4]
    semis = draw_next_round(event=event)
    assert [(m.home, m.away, m.carry_over) for m in semis] == [
        (t1, t4, Decimal("10.5")),  # the higher-ranked won by 21: half
        (t2, t3, Decimal("-4")),  # it lost by 12: the other team starts a third up
    ]
    assert TeamRound.objects.get(event=event, number=4).stage == "knockout"
    semi = save_captains_totals(match=semis[0], home_imps=20, away_imps=28)
    assert (semi.home_imps, semi.away_imps) == (Decimal("30.5"), 28)
    save_captains_totals(match=semis[1], home_imps=30, away_imps=27)  # 30 to 31
    final = draw_next_round(event=event)
    assert [(m.home, m.away, m.carry_over) for m in final] == [(t1, t3, Decimal("7.5"))]
    save_captains_totals(match=final[0], home_imps=0, away_imps=50)
    assert draw_plan(event=event).refusal == "the knock-out has its winner"


def test_a_knock_out_from_the_seeds_gives_the_top_seeds_the_byes_and_waits_on_a_tie(
    make_team_event,
):
    event = make_team_event(teams=6, format="knockout")
    for number in range(1, 7):
        Team.objects.filter(event=event, number=number).update(seed=7 - number)
    first = draw_next_round(event=event)
    # Seeds 1..6 are teams 6..1; a bracket of eight, seeds 1 and 2 with byes.
    assert names(first) == [
        ("Team 6", None),
        ("Team 3", "Team 2"),
        ("Team 5", None),
        ("Team 4", "Team 1"),
    ]
    assert all(m.carry_over == 0 for m in first)
    save_captains_totals(match=first[1], home_imps=10, away_imps=10)
    save_captains_totals(match=first[3], home_imps=3, away_imps=33)
    with pytest.raises(DrawRefused, match=r"is tied at 10 IMPs each: play extra boards"):
        draw_next_round(event=event)
    save_captains_totals(match=first[1], home_imps=10, away_imps=13)
    assert names(draw_next_round(event=event)) == [("Team 6", "Team 2"), ("Team 5", "Team 1")]
