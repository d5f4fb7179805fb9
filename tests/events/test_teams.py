"""Teams events: registration, both tables' lines, captains' totals, adjustments, standings."""

import io
from decimal import Decimal

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from events.models import Change, Match, MatchLine, Player, RoundDeal, Team
from events.services.backup import backup_bytes, restore_club
from events.services.clubs import ClubRefused, merge_players, remove_player
from events.services.entry import LineRefused
from events.services.history import undo_change
from events.services.teams.lines import delete_match_line, save_match_card, save_match_line
from events.services.teams.matches import (
    MatchRefused,
    adjust_match,
    assign_board_imps,
    create_match,
    save_captains_totals,
)
from events.services.teams.problems import match_problems
from events.services.teams.registration import delete_team, register_team, update_team
from events.services.teams.setup import TeamRefused, update_team_settings
from events.services.teams.standings import Meeting, team_standings, vp_cross_table
from scoring import parse_traveller_line

pytestmark = pytest.mark.django_db


def team(event, number) -> Team:
    return event.teams.get(number=number)


def enter(match, board, table, text):
    return save_match_line(
        match=match, board_number=board, table=table, line=parse_traveller_line(text)
    )


def play(match, boards):
    """Enter each board's two lines: {board: (table 1's line, table 2's line)}."""
    for number, (table1, table2) in boards.items():
        enter(match, number, 1, table1)
        enter(match, number, 2, table2)
    match.refresh_from_db()
    return match


# Four boards (dealer and vulnerability by Law 2: 1 None, 2 NS, 3 EW, 4 All). The home team
# sits NS at table 1 and EW at table 2. Board 1: +420 and +50, 470 -> 10 IMPs; 2: +600 and
# -600, 0; 3: -110 and +110, 0; 4: +1430 and -680, 750 -> 13. The home team wins 23-0.
A_V_B = {1: ("4S N 10", "4S N 9"), 2: ("3NT S 9", "3NT S =")}
A_V_B |= {3: ("2H E 8", "2H E 8"), 4: ("6S N 12", "4S N +2")}
# Board 1: -50 and -430, -480 -> -10 IMPs; the others passed out at both tables.
B_V_D = {1: ("3NT N 8", "3NT N 10"), 2: ("P", "P"), 3: ("P", "P"), 4: ("P", "P")}


@pytest.fixture
def event(make_team_event):
    return make_team_event(teams=4, boards_per_match=4, vp_scale="20-table")


def test_a_match_entered_at_both_tables_scores_each_board_then_the_match(event):
    match = create_match(event=event, round=1, table=1, home=team(event, 1), away=team(event, 2))
    enter(match, 1, 1, "4S N 10")
    board = match.match_boards.get(number=1)
    assert board.home_imps is None  # one table in: nothing to score yet
    enter(match, 1, 2, "4S N 9")
    board.refresh_from_db()
    assert board.home_imps == 10
    match.refresh_from_db()
    # Running: the VPs of the boards in so far, the match not finished.
    assert (match.home_imps, match.away_imps, match.boards_scored) == (10, 0, 1)
    assert (match.home_vps, match.away_vps, match.finished) == (14, 6, False)
    play(match, A_V_B)
    assert [b.home_imps for b in match.match_boards.all()] == [10, 0, 0, 13]
    assert (match.home_imps, match.away_imps) == (23, 0)
    assert (match.home_vps, match.away_vps, match.finished) == (18, 2, True)


def test_a_line_is_stored_as_the_pairs_entry_stores_it(event):
    match = create_match(event=event, round=1, table=1, home=team(event, 1), away=team(event, 2))
    line = enter(match, 2, 2, "3NT S 9 HK # slow play")
    line.refresh_from_db()
    assert (line.contract, line.declarer, line.tricks, line.lead) == ("3NT", "S", 9, "HK")
    assert (line.score_ns, line.note, line.table) == (600, "slow play", 2)
    assert Change.objects.filter(kind=Change.Kind.RESULT).count() == 1


def card(boards):
    """save_match_card's lines: {(board, table): line} from {board: (table 1's, table 2's)}."""
    return {
        (number, table): parse_traveller_line(text)
        for number, texts in boards.items()
        for table, text in enumerate(texts, start=1)
    }


def test_a_whole_match_card_scores_as_its_lines_one_by_one_in_one_change(event):
    match = create_match(event=event, round=1, table=1, home=team(event, 1), away=team(event, 2))

    save_match_card(match=match, lines=card(A_V_B))

    match.refresh_from_db()
    assert [b.home_imps for b in match.match_boards.all()] == [10, 0, 0, 13]
    assert (match.home_imps, match.away_imps, match.home_vps, match.finished) == (23, 0, 18, True)
    assert MatchLine.objects.filter(board__match=match).count() == 8
    assert Change.objects.filter(kind=Change.Kind.RESULT).count() == 1


def test_a_match_card_with_a_line_refused_saves_nothing(event):
    match = create_match(event=event, round=1, table=1, home=team(event, 1), away=team(event, 2))
    lines = card(A_V_B) | {(5, 1): parse_traveller_line("4S N 10")}

    with pytest.raises(LineRefused, match="this match plays boards 1 to 4, not board 5"):
        save_match_card(match=match, lines=lines)

    assert not MatchLine.objects.exists() and not match.match_boards.exists()
    enter(match, 1, 1, "4S N 10")
    with pytest.raises(LineRefused, match="has boards entered already"):
        save_match_card(match=match, lines=card(A_V_B))
    assert MatchLine.objects.count() == 1


def test_a_second_line_at_a_table_replaces_the_first(event):
    match = create_match(event=event, round=1, table=1, home=team(event, 1), away=team(event, 2))
    enter(match, 1, 1, "4S N 10")
    enter(match, 1, 2, "4S N 10")
    enter(match, 1, 1, "4S N 11")
    assert MatchLine.objects.filter(board__match=match).count() == 2
    match.refresh_from_db()
    assert (match.home_imps, match.away_imps) == (1, 0)  # +450 v +420: 30 -> 1 IMP


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("1 2 4S N 10", "type the result alone"),
        ("+420 / +170", "split score"),
        ("A60 A40", r"A\+, A or A-"),
        ("40% 4S N 10 + 60% 4S N 9", "weighted score"),
        ("+10", "not a possible score"),
    ],
)
def test_lines_a_match_cannot_score_are_refused_and_nothing_is_saved(event, text, message):
    match = create_match(event=event, round=1, table=1, home=team(event, 1), away=team(event, 2))
    with pytest.raises(LineRefused, match=message):
        enter(match, 1, 1, text)
    assert not MatchLine.objects.exists()
    assert not Change.objects.filter(kind=Change.Kind.RESULT).exists()


def test_a_board_outside_the_match_or_a_third_table_is_refused(event):
    match = create_match(event=event, round=1, table=1, home=team(event, 1), away=team(event, 2))
    with pytest.raises(LineRefused, match="boards 1 to 4, not board 5"):
        enter(match, 5, 1, "4S N 10")
    with pytest.raises(LineRefused, match="tables 1 and 2, not 3"):
        enter(match, 1, 3, "4S N 10")


def test_law_86a_average_plus_at_one_table_is_3_imps(event):
    match = create_match(event=event, round=1, table=1, home=team(event, 1), away=team(event, 2))
    enter(match, 1, 1, "A+")
    enter(match, 1, 2, "4S N 10")
    assert match.match_boards.get().home_imps == 3


def test_captains_totals_score_a_match_and_the_boards_overrule_them_once_all_in(event):
    match = create_match(event=event, round=1, table=1, home=team(event, 1), away=team(event, 2))
    match = save_captains_totals(match=match, home_imps=20, away_imps=3)
    assert (match.home_vps, match.away_vps, match.finished) == (17, 3, True)  # 17 to 19: 17
    assert match_problems(event=event) == []
    play(match, A_V_B)
    assert (match.home_imps, match.away_imps, match.home_vps) == (23, 0, 18)
    [problem] = match_problems(event=event)
    assert problem.severity == "error"
    assert problem.message == (
        "Round 1, table 1, Team 1 v Team 2: the captains' totals 20–3 differ from the boards' 23–0"
    )


def test_a_board_at_one_table_only_is_a_problem(event):
    match = create_match(event=event, round=1, table=1, home=team(event, 1), away=team(event, 2))
    enter(match, 3, 2, "P")
    [problem] = match_problems(event=event)
    assert (problem.kind, problem.board) == ("missing", 3)


# North holds the top honours, East the next ones: a lead of the ♥K by East (4♠ by North) is
# not his to lead, the ♥J is.
DEAL = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"


def test_a_lead_the_player_on_lead_did_not_hold_is_a_question(event):
    """As on a pairs event's panel (events.services.problems._leads): the round's hand record
    (RoundDeal) against the lead the table or the director typed."""
    match = create_match(event=event, round=1, table=1, home=team(event, 1), away=team(event, 2))
    RoundDeal.objects.create(event=event, round=1, number=2, deal=DEAL)
    enter(match, 1, 1, "4S N 10 HK")  # board 1 has no hand record: nothing to check
    enter(match, 2, 1, "4S N 10 HK")
    enter(match, 2, 2, "4S N 10 HJ")
    [lead] = [problem for problem in match_problems(event=event) if problem.kind == "lead"]
    assert (lead.severity, lead.board, lead.round, lead.table, lead.match_id) == (
        "question",
        2,
        1,
        1,
        match.pk,
    )
    assert lead.message == (
        "Round 1, table 1, Team 1 v Team 2, board 2 at table 1, 4S by N: East, on lead, does "
        "not hold the ♥K. Is the lead, the declarer or the hand record right?"
    )


def test_assigned_scores_and_penalties(event):
    match = create_match(event=event, round=1, table=1, home=team(event, 1), away=team(event, 2))
    play(match, A_V_B)
    match = assign_board_imps(match=match, number=4, imps=-3)
    assert (match.home_imps, match.away_imps, match.home_vps) == (10, 3, 13)  # 5 to 7: 13
    match = adjust_match(match=match, assigned_vps=(12, 6), penalties=(1, 0))
    assert (match.home_vps, match.away_vps) == (12, 6)
    [first, *_] = team_standings(event=event)
    assert (first.team.name, first.vps, first.penalties) == ("Team 1", 11, 1)
    with pytest.raises(MatchRefused, match="at most 20 VPs"):
        adjust_match(match=match, assigned_vps=(15, 6))
    with pytest.raises(MatchRefused, match="both teams"):
        adjust_match(match=match, assigned_imps=(15, None))


def test_a_bye_scores_the_events_bye_vps(event):
    match = create_match(event=event, round=1, table=3, home=team(event, 3))
    assert (match.home_vps, match.finished) == (12, True)
    with pytest.raises(LineRefused, match="has a bye"):
        enter(match, 1, 1, "4S N 10")


def test_a_team_plays_once_a_round(event):
    create_match(event=event, round=1, table=1, home=team(event, 1), away=team(event, 2))
    with pytest.raises(MatchRefused, match="a team plays once a round"):
        create_match(event=event, round=1, table=2, home=team(event, 3), away=team(event, 2))


def test_standings_against_a_hand_computation(event):
    """Round 1: Team 1 v 2 by the boards (23-0: 18-2 on the 20-VP table), Team 3 v 4 by the
    captains (15-20: 7-13). Round 2: Team 1 v 3 by the captains (10-10), Team 2 v 4 by the
    boards (0-10: 6-14). By hand: Team 1 18+10 = 28 VPs, IMPs 33-10; Team 4 13+14 = 27, 30-15;
    Team 3 7+10 = 17, 25-30; Team 2 2+6 = 8, 0-33."""
    t1, t2, t3, t4 = (team(event, n) for n in (1, 2, 3, 4))
    play(create_match(event=event, round=1, table=1, home=t1, away=t2), A_V_B)
    save_captains_totals(
        match=create_match(event=event, round=1, table=2, home=t3, away=t4),
        home_imps=15,
        away_imps=20,
    )
    save_captains_totals(
        match=create_match(event=event, round=2, table=1, home=t1, away=t3),
        home_imps=10,
        away_imps=10,
    )
    play(create_match(event=event, round=2, table=2, home=t2, away=t4), B_V_D)
    standings = team_standings(event=event)
    assert [(s.place, s.team.name, s.vps, s.imps_for, s.imps_against) for s in standings] == [
        ("1", "Team 1", 28, 33, 10),
        ("2", "Team 4", 27, 30, 15),
        ("3", "Team 3", 17, 25, 30),
        ("4", "Team 2", 8, 0, 33),
    ]
    assert standings[0].opponents == [t2.pk, t3.pk]
    after_round_1 = team_standings(event=event, rounds=1)
    assert [(s.team.name, s.vps) for s in after_round_1] == [
        ("Team 1", 18),
        ("Team 4", 13),
        ("Team 3", 7),
        ("Team 2", 2),
    ]
    # A VP penalty of 1 to Team 1 ties it with Team 4 on 27. They have not met, and their
    # opponents' scores are equal (Teams 2 and 3: 8 + 17 = 25 each), so the EBU's last step
    # splits them: the IMP difference, +23 against +15.
    adjust_match(match=Match.objects.get(round=1, table=1), penalties=(1, 0))
    tied = team_standings(event=event)
    assert [(s.place, s.team.name, s.vps) for s in tied[:2]] == [
        ("1", "Team 1", 27),
        ("2", "Team 4", 27),
    ]
    update_team_settings(event=event, tie_break="none")
    event.team_settings.refresh_from_db()
    assert [s.place for s in team_standings(event=event)] == ["1=", "1=", "3", "4"]
    cross = {row.team.name: row for row in vp_cross_table(event=event)}
    assert cross["Team 1"].cells == [[], [Meeting(1, 18)], [Meeting(2, 10)], []]
    assert cross["Team 4"].total == 27


def test_changing_the_scale_rescores_every_match(event):
    match = play(
        create_match(event=event, round=1, table=1, home=team(event, 1), away=team(event, 2)),
        A_V_B,
    )
    update_team_settings(event=event, vp_scale="wbf")
    match.refresh_from_db()
    # WBF continuous, 4 boards (blitz 30): 10 + 10 (1 - R^(23/30)) / (1 - R), R = √5 - 2.
    assert match.home_vps == Decimal("18.76")
    with pytest.raises(TeamRefused, match="4-board matches"):
        update_team_settings(event=event, vp_scale="10-4board", boards_per_match=8)


def test_registration_takes_club_players_and_makes_guests_in_one_step(event, club):
    member = Player.objects.create(club=club, name="Jane Member")
    new = register_team(
        event=event,
        name="Members",
        players=["jane member", "Guest One", "Guest Two", "Guest Three"],
        captain="Guest Two",
        seed=1,
    )
    assert [m.player.name for m in new.members.all()] == [
        "Jane Member",
        "Guest One",
        "Guest Two",
        "Guest Three",
    ]
    assert (new.number, new.captain.name, new.seed) == (5, "Guest Two", 1)
    assert Player.objects.get(name="Guest One").guest
    assert new.members.first().player == member


@pytest.mark.parametrize(
    ("players", "message"),
    [
        (["A", "B", "C"], "4 to 6 players, not 3"),
        (["A", "B", "C", "D", "E", "F", "G"], "4 to 6 players, not 7"),
        (["A", "B", "C", "a"], "named twice"),
        (["A", "B", "C", "Player 1a"], "already plays for Team 1"),
    ],
)
def test_registration_refusals_change_nothing(event, players, message):
    guests = Player.objects.count()
    with pytest.raises(TeamRefused, match=message):
        register_team(event=event, name="Newcomers", players=players)
    assert Player.objects.count() == guests
    assert not Team.objects.filter(name="Newcomers").exists()


def test_a_team_keeps_its_members_in_order_when_they_change(event):
    first = team(event, 1)
    update_team(
        team=first, name="Renamed", players=["Player 1d", "Player 1a", "Newcomer", "Player 1c"]
    )
    assert [m.player.name for m in first.members.all()] == [
        "Player 1d",
        "Player 1a",
        "Newcomer",
        "Player 1c",
    ]
    assert first.captain.name == "Player 1d"


def test_a_saved_line_is_undone_and_the_match_rescored(event, director):
    match = create_match(event=event, round=1, table=1, home=team(event, 1), away=team(event, 2))
    play(match, A_V_B)
    enter(match, 4, 2, "6S N 12")  # the other table bid the slam too: 0 IMPs
    match.refresh_from_db()
    assert match.home_imps == 10
    undo_change(change=Change.objects.filter(kind=Change.Kind.RESULT).first(), user=director)
    match.refresh_from_db()
    assert (match.home_imps, match.home_vps) == (23, 18)


def test_a_deleted_line_leaves_the_board_waiting(event):
    match = play(
        create_match(event=event, round=1, table=1, home=team(event, 1), away=team(event, 2)),
        A_V_B,
    )
    delete_match_line(match=match, board_number=4, table=2)
    match.refresh_from_db()
    assert (match.home_imps, match.boards_scored, match.finished) == (10, 3, False)


def test_a_published_event_takes_no_line(event):
    match = create_match(event=event, round=1, table=1, home=team(event, 1), away=team(event, 2))
    event.status = event.Status.PUBLISHED
    event.save()
    with pytest.raises(LineRefused, match="published"):
        enter(match, 1, 1, "4S N 10")


def test_a_player_in_a_team_is_not_removed_from_the_club(event):
    player = Player.objects.get(name="Player 2b")
    with pytest.raises(ClubRefused, match="plays for Team 2 in Swiss Teams"):
        remove_player(player=player)
    assert Player.objects.filter(pk=player.pk).exists()


def test_merging_a_duplicate_moves_its_team_seat_and_captaincy(event, club):
    keep = Player.objects.create(club=club, name="Jo Smith")
    duplicate = Player.objects.get(name="Player 3a")  # Team 3's first player and captain
    merge_players(keep=keep, duplicates=[duplicate])
    team = event.teams.get(number=3)
    assert team.members.first().player.name == "Jo Smith"
    assert team.captain == keep
    with pytest.raises(ClubRefused, match="two players of one team"):
        merge_players(keep=keep, duplicates=[Player.objects.get(name="Player 3b")])


def test_a_club_backup_holds_its_teams_matches_and_lines(event, club):
    match = create_match(event=event, round=1, table=1, home=team(event, 1), away=team(event, 2))
    play(match, A_V_B)
    summary = restore_club(source=io.BytesIO(backup_bytes(club=club)), slug="test-club-copy")
    copied = summary.club.events.get()
    assert (copied.kind, copied.team_settings.vp_scale) == ("teams", "20-table")
    assert [m.player.name for m in copied.teams.get(number=1).members.all()] == [
        "Player 1a",
        "Player 1b",
        "Player 1c",
        "Player 1d",
    ]
    copy = copied.matches.get()
    assert (copy.home.name, copy.home_imps, copy.home_vps) == ("Team 1", 23, 18)
    assert MatchLine.objects.filter(board__match=copy).count() == 8


def test_a_saved_line_costs_as_many_queries_whatever_the_field(make_team_event):
    counts = []
    for size in (4, 12):
        event = make_team_event(teams=size, boards_per_match=4, name=f"Teams of {size}")
        teams = list(event.teams.all())
        match = create_match(event=event, round=1, table=1, home=teams[0], away=teams[1])
        play(match, A_V_B)
        with CaptureQueriesContext(connection) as queries:
            enter(match, 4, 2, "6S N 12")
        counts.append(len(queries))
    assert counts[0] == counts[1]


def test_board_a_match_scores_board_points(make_team_event):
    event = make_team_event(teams=2, boards_per_match=4, match_scoring="bam")
    match = play(
        create_match(event=event, round=1, table=1, home=team(event, 1), away=team(event, 2)),
        A_V_B,
    )
    # Boards 1 and 4 won, 2 and 3 tied (the same score at both tables): 1 + ½ + ½ + 1.
    assert (match.home_vps, match.away_vps) == (3, 1)
    [first, second] = team_standings(event=event)
    assert (first.team.name, first.vps, second.vps) == ("Team 1", 3, 1)


def test_patton_adds_the_aggregate_to_the_board_points(make_team_event):
    event = make_team_event(teams=2, boards_per_match=4, match_scoring="patton")
    match = play(
        create_match(event=event, round=1, table=1, home=team(event, 1), away=team(event, 2)),
        A_V_B,
    )
    # 2 + 1 + 1 + 2 board points, and the aggregate +470 + 750 = +1220: 8-0 from 1000 up.
    assert (match.home_vps, match.away_vps) == (14, 2)


def test_a_three_way_half_match_is_scored_on_the_10_vp_half_scale(event, make_team_event):
    wbf = make_team_event(teams=3, boards_per_match=8, vp_scale="wbf", name="Three")
    a, b, c = (team(wbf, n) for n in (1, 2, 3))
    first = create_match(event=wbf, round=1, table=1, home=a, away=b, boards=4, three_way=True)
    second = create_match(event=wbf, round=1, table=1, home=a, away=c, boards=4, three_way=True)
    first = save_captains_totals(match=first, home_imps=0, away_imps=0)
    assert (first.home_vps, first.away_vps) == (5, 5)
    assert second.pk != first.pk
    with pytest.raises(MatchRefused, match="a team plays once a round"):
        create_match(event=wbf, round=1, table=2, home=b, away=c)
    with pytest.raises(MatchRefused, match="give their number of boards"):
        create_match(event=wbf, round=2, table=1, home=b, away=c, three_way=True)
    with pytest.raises(MatchRefused, match="half scale"):
        create_match(
            event=event,
            round=2,
            table=1,
            home=team(event, 1),
            away=team(event, 2),
            boards=2,
            three_way=True,
        )


def test_a_knock_out_carry_over_counts_for_the_side_it_favours(make_team_event):
    event = make_team_event(teams=2, boards_per_match=4, format="knockout")
    match = create_match(
        event=event, round=1, table=1, home=team(event, 1), away=team(event, 2), carry_over="-5.5"
    )
    match = play(match, A_V_B)
    assert (match.home_imps, match.away_imps) == (23, Decimal("5.5"))


def test_a_removed_team_comes_back_with_its_players_on_undo(event, director):
    delete_team(team=team(event, 4), user=director)
    assert not event.teams.filter(number=4).exists()
    undo_change(change=Change.objects.filter(kind=Change.Kind.TEAMS).first(), user=director)
    assert [m.player.name for m in team(event, 4).members.all()] == [
        "Player 4a",
        "Player 4b",
        "Player 4c",
        "Player 4d",
    ]


def test_a_match_length_the_scale_has_no_row_for_is_refused(make_team_event):
    event = make_team_event(teams=2, boards_per_match=4, vp_scale="10-4board")
    with pytest.raises(MatchRefused, match="for matches of 4 boards, not 6"):
        create_match(event=event, round=1, table=1, home=team(event, 1), boards=6)
    assert not Match.objects.exists()
    # Board-a-match needs no VP scale: any length goes.
    update_team_settings(event=event, match_scoring="bam", boards_per_match=8)
    event.team_settings.refresh_from_db()
    assert event.team_settings.boards_per_match == 8
