"""An individual event: players seated by the movement, scored with the sides they sat in."""

import io
import random

import openpyxl
import pytest
from django.urls import reverse
from django.utils import translation

from events.formats import FORMATS
from events.models import Board, Change, Event, IndividualPlayer, Player, Result, Seat
from events.services.competitions import CompetitionRefused, add_session, create_competition
from events.services.entry import LineRefused, board_meetings, save_line, save_recorded_line
from events.services.exports import export_file
from events.services.history import UndoRefused, recording, undo_change
from events.services.history_text import change_lines
from events.services.individuals import (
    create_individual_event,
    name_players,
    player_guides,
    player_ranking,
    player_scorecard,
)
from events.services.line_fixes import confirm_line
from scoring import mitchell, parse_traveller_line
from scoring.movements.individual import complete_individual, rainbow_individual

pytestmark = pytest.mark.django_db

CONTRACTS = ["4S N 10", "4S N 11", "3NT S 9", "4H E 10", "2D W 8", "4S N 9", "3NT N 10"]


def play_every_board(event, seed=1):
    """Key a line for every meeting; returns {(board, round, table): NS score}."""
    rng = random.Random(seed)
    scores = {}
    for board in Board.objects.filter(section__event=event).select_related("section__event"):
        for meeting in board_meetings(board=board):
            result = save_line(
                board=board,
                line=parse_traveller_line(rng.choice(CONTRACTS)),
                ns_pair=meeting.ns,
                ew_pair=meeting.ew,
            )
            scores[board.number, meeting.round, meeting.table] = result.score_ns
    return scores


def counted_matchpoints(movement, scores):
    """Each player's matchpoints and top total, counted by hand: on each board an NS score
    gets 2 for every NS score it beats and 1 for every one it ties; EW gets the rest."""
    totals = {p: [0, 0] for p in range(1, movement.players + 1)}
    seating = {(s.round, s.table): s for s in movement.seatings}
    for (board, round, table), score in scores.items():
        others = [v for (b, r, t), v in scores.items() if b == board and (r, t) != (round, table)]
        ns = sum(2 if score > o else 1 if score == o else 0 for o in others)
        top = 2 * len(others)
        s = seating[round, table]
        for player, points in (
            (s.north, ns),
            (s.south, ns),
            (s.east, top - ns),
            (s.west, top - ns),
        ):
            totals[player][0] += points
            totals[player][1] += top
    return totals


def test_laying_out_an_individual_seats_every_player_in_their_sides(club):
    movement = rainbow_individual(5, 2, rounds=3)
    event = create_individual_event(
        club=club, movement=movement, name="Individual", date="2026-11-23"
    )
    section = event.sections.get()
    assert event.kind == Event.Kind.INDIVIDUAL and event.winners == 1
    assert IndividualPlayer.objects.filter(section=section).count() == 20
    assert section.pairs.count() == len(movement.sides) == 30
    for side in movement.sides:
        seated = Seat.objects.filter(side__section=section, side__number=side.number)
        assert sorted(s.individual.number for s in seated) == sorted(side.players)
    assert section.boards.count() == 10
    # The usual table-round lines: the sides of a table meet on that table's boards.
    assert section.table_rounds.count() == 15


def test_each_player_scores_the_matchpoints_of_the_sides_they_sat_in(club):
    movement = rainbow_individual(5, 1, rounds=3)
    event = create_individual_event(club=club, movement=movement, name="Ind", date="2026-11-23")
    section = event.sections.get()
    counted = counted_matchpoints(movement, play_every_board(event))
    ranking = player_ranking(section=section)
    assert len(ranking) == 20
    for standing in ranking:
        score, top = counted[standing.individual.number]
        assert standing.score == pytest.approx(score)
        assert standing.percentage == pytest.approx(100 * score / top)
        assert standing.boards_played == 3
    percentages = [s.percentage for s in ranking]
    assert percentages == sorted(percentages, reverse=True)
    assert ranking[0].place in ("1", "1=")


def test_a_player_scorecard_names_partner_and_opponents_round_by_round(club):
    movement = complete_individual(8, 2, rounds=3)
    event = create_individual_event(club=club, movement=movement, name="Ind", date="2026-11-23")
    section = event.sections.get()
    play_every_board(event)
    player = section.individuals.get(number=8)
    lines = player_scorecard(individual=player)
    assert [line.round for line in lines] == [1, 1, 2, 2, 3, 3]
    for line in lines:
        s = next(s for s in movement.seatings if s.round == line.round and 8 in s.players)
        assert line.seat == "N"  # player 8 stays North at table 1
        assert line.partner.number == s.south
        assert {o.number for o in line.opponents} == {s.east, s.west}
    total = sum(line.line.points for line in lines)
    standing = next(s for s in player_ranking(section=section) if s.individual == player)
    assert standing.score == pytest.approx(total)


def test_naming_players_names_their_sides_for_the_travellers(club):
    movement = complete_individual(8, 2, rounds=2)
    event = create_individual_event(club=club, movement=movement, name="Ind", date="2026-11-23")
    section = event.sections.get()
    name_players(section=section, names={8: "Ann North", 5: "Bob South", 3: " "})
    side = section.pairs.get(number=1)  # round 1, table 1, NS: players 8 and 5
    assert side.names == "8 Ann North & 5 Bob South"
    assert section.pairs.get(number=2).names == "3 & 2"
    assert section.individuals.get(number=8).player.name == "Ann North"
    name_players(section=section, names={8: ""})
    assert section.pairs.get(number=1).names == "8 & 5 Bob South"


def test_the_director_sets_up_an_individual_names_players_and_players_read_it(
    director_client, club
):
    response = director_client.post(
        f"/director/clubs/{club.slug}/new-individual/",
        {
            "name": "Thursday Individual",
            "date": "2026-11-26",
            "scoring": "mp",
            "mp_scale": 2,
            "mp_rounding": "none",
            "adjusted_scores": "session",
            "datum_method": "drop-one",
            "cross_imp_mode": "cross2",
            "reveal": "always",
            "movement": "rainbow-5",
            "boards_per_round": 2,
            "rounds": 3,
        },
    )
    event = Event.objects.get(name="Thursday Individual")
    assert response.status_code == 302 and event.is_individual
    assert event.sections.get().movement == "5-table Rainbow individual"
    names = {f"player-{n}": "" for n in range(1, 21)} | {"player-1": "Ann North"}
    director_client.post(f"/director/events/{event.pk}/players/", names)
    section = event.sections.get()
    assert section.individuals.get(number=1).name == "Ann North"
    play_every_board(event)
    event.status = Event.Status.PUBLISHED
    event.save()
    page = director_client.get(f"/events/{event.pk}/").content.decode()
    assert "player-ranking" in page and "Ann North" in page
    card = director_client.get(f"/events/{event.pk}/A/players/1/").content.decode()
    # Player 1 sits North: partners 11, 12 (South moves up two a round) ... as the movement says.
    assert "<title>Scorecard of player 1 · " in card and ">Ann North</a></h1>" in card
    assert card.count('<td class="num points">') == 6 * 2  # 6 boards, MPs and %
    traveller = director_client.get(f"/events/{event.pk}/A/boards/1/").content.decode()
    assert "1 Ann North &amp; 11" in traveller
    assert director_client.get(f"/events/{event.pk}/A/players/21/").status_code == 404
    event.status = Event.Status.RUNNING
    event.save()
    # The entry grid shows each side by its players' numbers: round 1, table 1 is 1+11 v 6+16.
    entry = director_client.get(f"/director/events/{event.pk}/boards/1/").content.decode()
    assert '<td class="num">1+11</td><td class="num">6+16</td>' in entry
    director = director_client.get(f"/director/events/{event.pk}/").content.decode()
    assert "Players and names" in director and "player-ranking" in director
    assert director_client.get(f"/director/events/{event.pk}/players/").status_code == 200


def test_every_page_and_download_of_an_individual_answers_without_an_error(director_client, club):
    movement = rainbow_individual(5, 2, rounds=2)
    event = create_individual_event(club=club, movement=movement, name="Ind", date="2026-11-23")
    section = event.sections.get()
    name_players(section=section, names={1: "Ann North"})
    event.status = Event.Status.RUNNING
    event.save()
    play_every_board(event)
    player = section.individuals.get(number=1).player
    pages = [
        f"/director/events/{event.pk}/",
        f"/director/events/{event.pk}/panels/",
        f"/director/events/{event.pk}/repair/",
        f"/director/events/{event.pk}/players/",
        f"/director/events/{event.pk}/settings/",
        f"/director/events/{event.pk}/cards/",
        f"/director/events/{event.pk}/hands/",
        f"/director/events/{event.pk}/history/",
        f"/director/events/{event.pk}/boards/3/",
        f"/director/events/{event.pk}/rounds/2/tables/4/",
        f"/director/clubs/{club.slug}/players/{player.pk}/",
        f"/clubs/{club.slug}/players/{player.pk}/",
        f"/events/{event.pk}/",
        f"/events/{event.pk}/ranking/",
        f"/events/{event.pk}/A/boards/3/",
        f"/events/{event.pk}/A/boards/3/explain/3/",
        f"/events/{event.pk}/A/pairs/5/",
        f"/events/{event.pk}/A/players/7/",
        *(f"/events/{event.pk}/download/{key}/" for key in FORMATS),
    ]
    for url in pages:
        assert director_client.get(url).status_code == 200, url
    # An individual's players are named on its players page, not as pairs.
    assert director_client.get(f"/director/events/{event.pk}/pairs/").status_code == 302


def test_the_table_cards_seat_each_player_and_give_each_a_guide_card(director_client, club):
    movement = complete_individual(9, 2)
    event = create_individual_event(club=club, movement=movement, name="Ind", date="2026-11-23")
    section = event.sections.get()
    name_players(section=section, names={8: "Ann North"})
    guides = dict(player_guides(section=section))
    for individual, lines in guides.items():
        sat_out = [line.round for line in lines if line.table is None]
        assert sat_out == [r for r in range(1, 10) if individual.number in movement.sit_outs(r)]
        for line in lines:
            if line.table is not None:
                s = next(
                    s for s in movement.seatings if (s.round, s.table) == (line.round, line.table)
                )
                assert s.seat_of(individual.number) == line.seat
                assert {individual.number, line.partner.number} in (
                    {s.north, s.south},
                    {s.east, s.west},
                )
    page = director_client.get(f"/director/events/{event.pk}/cards/").content.decode()
    assert "Player 8 Ann North" in page and "sit out" in page
    first = next(s for s in movement.seatings if (s.round, s.table) == (1, 1))
    assert f"{first.north}+{first.south} v {first.east}+{first.west}" in page


def test_an_individual_is_no_session_of_a_multi_session_pairs_event(club):
    event = create_individual_event(
        club=club, movement=complete_individual(8, 2, rounds=1), name="Ind", date="2026-11-23"
    )
    competition = create_competition(
        club=club, name="Series", carry_over="sum-percent", best_of=None, user=None
    )
    with pytest.raises(CompetitionRefused, match="Ind is an individual"):
        add_session(competition=competition, event=event)
    assert not competition.sessions.exists()


def test_a_line_names_its_four_players_where_the_row_does_not(club, make_event):
    movement = rainbow_individual(5, 1, rounds=2)
    event = create_individual_event(club=club, movement=movement, name="Ind", date="2026-11-23")
    first = next(s for s in movement.seatings if (s.round, s.table) == (1, 3))
    board = Board.objects.select_related("section__event").get(section__event=event, number=3)

    def save(text):
        return save_line(board=board, line=parse_traveller_line(text))

    # North and South either way round; the sides are the ones the movement seats there.
    result = save(f"{first.south} {first.north} {first.east} {first.west} 4S N 10")
    assert (result.round, result.table) == (1, 3)
    seated = {s.seat: s.individual.number for s in Seat.objects.filter(side=result.ns_pair)}
    assert seated == {"N": first.north, "S": first.south}
    with pytest.raises(LineRefused, match=f"players {first.north} and {first.east} never sit"):
        save(f"{first.north} {first.east} {first.south} {first.west} 4S N 10")
    with pytest.raises(LineRefused, match=r"^there is no player 99 in this event$"):
        save(f"{first.north} {first.south} {first.east} 99 4S N 10")
    pairs = make_event(mitchell(3, 2))
    with pytest.raises(LineRefused, match="in a pairs event start the line with the NS and EW"):
        save_line(
            board=Board.objects.select_related("section__event").get(
                section__event=pairs, number=1
            ),
            line=parse_traveller_line("1 2 3 4 4S N 10"),
        )


def test_the_directors_round_grid_and_slip_name_each_side_by_its_players(director_client, club):
    """Round 1, table 1 of a 5-table Rainbow is players 1+11 v 6+16: not sides "1 v 2"."""
    event = create_individual_event(
        club=club, movement=rainbow_individual(5, 2), name="Ind", date="2026-11-23"
    )
    Event.objects.filter(pk=event.pk).update(status=Event.Status.RUNNING)
    director = director_client.get(f"/director/events/{event.pk}/").content.decode()
    slip_url = f"/director/events/{event.pk}/rounds/1/tables/1/"
    assert f'<a href="{slip_url}">1+11 v 6+16</a>' in director
    assert ">1 v 2</a>" not in director
    slip = director_client.get(slip_url).content.decode()
    assert '<span class="muted">1+11 NS v 6+16 EW</span></h1>' in slip


def test_the_new_individual_page_asks_nothing_about_sections_winners_or_numbering(
    director_client, club
):
    page = director_client.get(f"/director/clubs/{club.slug}/new-individual/").content.decode()
    assert 'name="movement"' in page
    for field in ("section_scoring", "winners", "ew_numbered_on"):
        assert f'name="{field}"' not in page


def test_an_individual_s_history_names_each_side_by_its_players(director_client, club, director):
    movement = rainbow_individual(5, 2, rounds=2)
    event = create_individual_event(
        club=club, movement=movement, name="Ind", date="2026-11-23", status="running"
    )
    board = Board.objects.select_related("section__event").get(section__event=event, number=1)
    meeting = board_meetings(board=board)[0]
    result = save_recorded_line(
        event=event,
        user=director,
        board=board,
        line=parse_traveller_line("4S N 10"),
        ns_pair=meeting.ns,
        ew_pair=meeting.ew,
    )
    confirm_line(
        result=Result.objects.select_related("board__section__event", "ns_pair", "ew_pair").get(
            pk=result.pk
        ),
        user=director,
    )
    s = next(s for s in movement.seatings if (s.round, s.table) == (meeting.round, meeting.table))
    ns, ew = f"{s.north}+{s.south}", f"{s.east}+{s.west}"

    page = director_client.get(f"/director/events/{event.pk}/history/").content.decode()

    # As the entry grid shows the sides, never by the numbers the app keeps them by.
    assert f"Board 1, NS {ns} v EW {ew}: entered 4S N 10 (+420)" in page
    assert f"Board 1, {ns} v {ew}: 4S N 10 is right" in page
    assert f"NS {meeting.ns} v EW {meeting.ew}" not in page


def named(section):
    """What naming players sets: each player's name and club player, and each side's names."""
    return (
        list(section.individuals.values_list("number", "name", "player__name")),
        dict(section.pairs.values_list("number", "names")),
    )


def test_players_named_read_one_line_a_player_in_the_history_and_are_undone_with_their_sides(
    director_client, club, director
):
    movement = rainbow_individual(5, 2, rounds=2)
    event = create_individual_event(
        club=club, movement=movement, user=director, name="Ind", date="2026-11-23"
    )
    section = event.sections.get()
    Player.objects.create(club=club, name="Ann North")
    url = reverse("director-players", args=[event.pk])
    unnamed = {f"player-{n}": "" for n in range(1, 21)}
    director_client.post(url, unnamed | {"player-5": "P5", "player-7": "P7"})
    before = named(section)
    director_client.post(
        url, unnamed | {"player-1": "Ann North", "player-5": "Peter Gardner", "player-7": "P7"}
    )
    change = Change.objects.filter(event=event).first()  # the newest
    assert section.individuals.get(number=5).name == "Peter Gardner"

    # One line a player renamed, as the players page names them; the sides' names follow
    # their players and are not the director's words.
    assert change_lines(change=change) == [
        "Player 1: (no name) -> Ann North",
        "Player 5: P5 -> Peter Gardner",
        "New players: Peter Gardner",
    ]
    with translation.override("fr"):
        assert change_lines(change=change)[:2] == [
            "Joueur 1\u00a0: (sans nom) -> Ann North",
            "Joueur 5\u00a0: P5 -> Peter Gardner",
        ]
    with translation.override("nb"):
        assert change_lines(change=change)[:2] == [
            "Spiller 1: (uten navn) -> Ann North",
            "Spiller 5: P5 -> Peter Gardner",
        ]
    page = director_client.get(reverse("director-history", args=[event.pk])).content.decode()
    assert "Player 5: P5 -&gt; Peter Gardner" in page
    assert "Player 5: (no name) -&gt; P5" in page and "Player 7: (no name) -&gt; P7" in page
    assert "Pair " not in page and "-&gt; 5 Peter Gardner" not in page

    director_client.post(reverse("director-undo", args=[event.pk, change.pk]), {"note": ""})

    # The players' names and the sides' together, as they were; the guest made for it gone.
    assert named(section) == before
    assert not Player.objects.filter(club=club, name="Peter Gardner").exists()
    assert Player.objects.filter(club=club, name="Ann North").exists()
    undo = Change.objects.get(kind=Change.Kind.UNDO)
    assert change_lines(change=undo) == [
        f"Undo of change #{change.pk} (Pairs and names)",
        "Player 1: Ann North -> (no name)",
        "Player 5: Peter Gardner -> P5",
    ]


def test_a_player_renamed_since_stops_an_earlier_naming_from_being_undone(club, director):
    movement = rainbow_individual(5, 2, rounds=2)
    event = create_individual_event(club=club, movement=movement, name="Ind", date="2026-11-23")
    section = event.sections.get()

    def naming(names):
        with recording(club=club, event=event, user=director, kind=Change.Kind.PAIRS) as change:
            name_players(section=section, names=names)
        return change

    first = naming({1: "Zed Young"})
    # Players 1 and 2 both sit North, never in one side: the second naming touches no side the
    # first did, and names player 2 as the guest the first made.
    second = naming({2: "Zed Young"})
    third = naming({1: "Amy Lee"})
    renamed = named(section)

    with pytest.raises(UndoRefused) as refused:
        undo_change(change=first)

    assert f"#{third.pk} (" in str(refused.value)
    assert named(section) == renamed
    undo_change(change=third)
    undo_change(change=first)
    # Player 1 unnamed again; the guest stays, player 2 plays as them.
    assert section.individuals.get(number=1).player is None
    assert section.individuals.get(number=2).player.name == "Zed Young"
    sides = section.pairs.filter(seats__individual__number__in=[1, 2]).order_by("names")
    assert [names.split(" & ")[0] for names in sides.values_list("names", flat=True)] == [
        "1",
        "1",
        "2 Zed Young",
        "2 Zed Young",
    ]
    assert second.pk not in Change.objects.filter(kind="undo").values_list("undoes", flat=True)


def test_an_individual_s_movement_undone_takes_its_players_and_seats_with_its_sides(club, director):
    movement = rainbow_individual(5, 2, rounds=2)
    event = create_individual_event(
        club=club, movement=movement, user=director, name="Ind", date="2026-11-23"
    )
    section = event.sections.get()
    assert (section.individuals.count(), Seat.objects.filter(side__section=section).count()) == (
        20,
        40,
    )

    undo_change(change=Change.objects.get(event=event, kind=Change.Kind.MOVEMENT))

    assert section.pairs.count() == 0
    assert (section.individuals.count(), Seat.objects.filter(side__section=section).count()) == (
        0,
        0,
    )


def test_an_individual_s_movement_reads_in_its_players_on_the_history_page_and_its_undo(
    director_client, club, director
):
    movement = rainbow_individual(5, 2, rounds=2)
    event = create_individual_event(
        club=club, movement=movement, user=director, name="Ind", date="2026-11-23"
    )
    change = Change.objects.get(event=event, kind=Change.Kind.MOVEMENT)

    # The players the movement numbers, as the director set it up: its sides and their seats
    # are the app's own.
    assert change_lines(change=change) == [
        "Movement: (none) -> 5-table Rainbow individual",
        "Players added: 1-20",
        "10 boards added",
        "10 table-rounds added",
    ]
    with translation.override("fr"):
        assert change_lines(change=change)[1] == "Joueurs ajoutés\u00a0: 1-20"
    with translation.override("nb"):
        assert change_lines(change=change)[1] == "Spillere lagt til: 1-20"
    page = director_client.get(reverse("director-history", args=[event.pk])).content.decode()
    assert "Players added: 1-20" in page and "pairs added" not in page

    director_client.post(reverse("director-undo", args=[event.pk, change.pk]), {"note": ""})

    assert not event.sections.get().individuals.exists()
    undo = Change.objects.get(event=event, kind=Change.Kind.UNDO)
    assert change_lines(change=undo) == [
        f"Undo of change #{change.pk} (Movement)",
        "Movement: 5-table Rainbow individual -> (none)",
        "Players removed: 1-20",
        "10 boards removed",
        "10 table-rounds removed",
    ]
    page = director_client.get(reverse("director-history", args=[event.pk])).content.decode()
    assert "Players removed: 1-20" in page and "Pairs removed" not in page


def test_an_individual_s_players_taken_away_are_named_by_number_and_name(club, director):
    """A movement for fewer players takes the last ones away, with every side they sit in and
    the table-rounds of those sides."""
    movement = rainbow_individual(5, 2, rounds=2)
    event = create_individual_event(club=club, movement=movement, name="Ind", date="2026-11-23")
    section = event.sections.get()
    name_players(section=section, names={17: "Ann Able", 3: "Bob Best"})
    with recording(club=club, event=event, user=director, kind=Change.Kind.MOVEMENT) as change:
        section.pairs.filter(seats__individual__number__gt=16).delete()
        section.individuals.filter(number__gt=16).delete()

    assert change_lines(change=change) == [
        "Players removed: 17-20; with names: 17 (Ann Able)",
        "8 table-rounds removed",
    ]
    with translation.override("fr"):
        assert change_lines(change=change)[0] == (
            "Joueurs retirés\u00a0: 17-20\u00a0; avec noms\u00a0: 17 (Ann Able)"
        )
    with translation.override("nb"):
        assert change_lines(change=change)[0] == "Spillere fjernet: 17-20; med navn: 17 (Ann Able)"

    undo = undo_change(change=change, user=director)

    assert change_lines(change=undo) == [
        f"Undo of change #{change.pk} (Movement)",
        "Players added: 17-20",
        "8 table-rounds added",
    ]
    assert section.individuals.get(number=17).name == "Ann Able"
    with recording(club=club, event=event, user=director, kind=Change.Kind.MOVEMENT) as change:
        section.pairs.filter(seats__individual__number=20).delete()
        section.individuals.filter(number=20).delete()
    assert change_lines(change=change) == ["Player removed: 20", "2 table-rounds removed"]


def test_a_players_seat_is_printed_as_the_readers_language_prints_seats(director_client, club):
    """Norwegian Ø and V for East and West, French O for West: on the player's scorecard, the
    guide cards and the club's workbook (locale/GLOSSARY.md)."""
    movement = complete_individual(8, 2, rounds=3)
    event = create_individual_event(club=club, movement=movement, name="Ind", date="2026-11-23")
    first = next(s for s in movement.seatings if (s.round, s.table) == (1, 1))
    play_every_board(event)
    event.status = Event.Status.PUBLISHED
    event.save()
    norwegian = {"headers": {"accept-language": "nb"}}
    card = director_client.get(f"/events/{event.pk}/A/players/{first.west}/", **norwegian)
    assert ">V</td>" in card.content.decode() and ">W</td>" not in card.content.decode()
    guides = director_client.get(f"/director/events/{event.pk}/cards/", **norwegian)
    assert "<td>Ø</td>" in guides.content.decode() and "<td>E</td>" not in guides.content.decode()
    club.language = "fr"
    club.save()
    book = openpyxl.load_workbook(io.BytesIO(export_file(event=event, format_key="xlsx")))
    seats = {row[2] for row in book["Feuilles de marque"].iter_rows(min_row=3, values_only=True)}
    assert {"N", "E", "S", "O"} <= seats and "W" not in seats


def test_an_individuals_movement_is_not_offered_a_pairs_movement(director_client, club, director):
    """The movement page lays out pairs movements: an individual's page does not link it, and
    the page refuses the individual, whose players keep their sides and seats."""
    event = create_individual_event(
        club=club,
        movement=rainbow_individual(5, 2, rounds=2),
        user=director,
        name="Ind",
        date="2026-11-23",
        status="running",
    )
    seats = Seat.objects.filter(side__section__event=event).count()
    url = reverse("director-movement", args=[event.pk])

    page = director_client.get(reverse("director-event", args=[event.pk])).content.decode()
    assert url not in page
    assert director_client.get(url).status_code == 404
    response = director_client.post(url, {"tables": "4", "choice": 0})

    assert response.status_code == 404
    assert Seat.objects.filter(side__section__event=event).count() == seats > 0
