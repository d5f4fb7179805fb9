"""The demo `make run` loads, and what deleting a club takes with it."""

import datetime
import io

import pytest
from django.core.management import CommandError, call_command
from django.db.models import RestrictedError
from django.urls import reverse
from django_tasks_db.models import DBTaskResult

from events.models import Board, Club, Event, MatchLine, Player, Result
from events.services.competitions import cumulative_standings
from events.services.demo import load_demo
from events.services.hand_records import analyse_event_hands
from events.services.individuals import player_ranking
from events.services.setup import create_pairs_event, name_pair
from scoring import mitchell

pytestmark = pytest.mark.django_db


def test_demo_has_a_finished_mitchell_a_running_howell_an_individual_and_a_championship(
    django_capture_on_commit_callbacks,
):
    with django_capture_on_commit_callbacks(execute=True):
        club = load_demo()
    finished = club.events.get(name="Tuesday Pairs")
    running = club.events.get(name="Thursday Howell")
    assert (finished.status, running.status) == (Event.Status.PUBLISHED, Event.Status.RUNNING)
    assert finished.sections.get().movement == "7-table Mitchell"
    assert Result.objects.filter(board__section__event=finished).count() == 147
    assert 0 < Result.objects.filter(board__section__event=running).count() < 84
    # The individual: 20 named players, three of its five rounds in.
    individual = club.events.get(name="Friday Individual")
    assert individual.is_individual and individual.status == Event.Status.RUNNING
    ranking = player_ranking(section=individual.sections.get())
    assert len(ranking) == 20 and all(s.individual.name for s in ranking)
    assert {s.boards_played for s in ranking} == {9}
    # The hands are dealt; their double-dummy tables are the worker's, queued an event each.
    board = Board.objects.filter(section__event=finished).first()
    assert board.deal.startswith("N:") and (board.par, board.double_dummy) == ("", None)
    queued = DBTaskResult.objects.filter(task_path="events.tasks.analyse_hands")
    assert sorted(task.args_kwargs["kwargs"]["event_id"] for task in queued) == sorted(
        club.events.exclude(name="Saturday Swiss Teams").values_list("pk", flat=True)
    )
    assert analyse_event_hands(event=finished) == 21
    board.refresh_from_db()
    assert board.par and board.double_dummy["tricks"]["N"]
    # The championship's sessions are played by the same partnerships at other tables.
    standings = cumulative_standings(competition=club.competitions.get(), public=True)
    assert [c.event.name for c in standings.columns] == [
        "Autumn Championship, session 1",
        "Autumn Championship, session 2",
    ]
    assert len(standings.rows) == 6
    assert all(row.played == 2 for row in standings.rows)
    top = standings.rows[0]
    assert top.total == sum(cell.score.percentage for cell in top.cells)
    # A Swiss teams afternoon: three rounds played, the fourth drawn and waiting.
    swiss = club.events.get(name="Saturday Swiss Teams")
    assert (swiss.status, swiss.teams.count()) == (Event.Status.RUNNING, 13)
    matches = list(swiss.matches.all())
    assert [m.round for m in matches if m.is_bye] == [1, 2, 3, 4]
    assert len({m.home_id for m in matches if m.is_bye}) == 4
    assert all(m.finished for m in matches if m.round <= 3)
    assert not any(m.finished for m in matches if m.round == 4 and not m.is_bye)
    met = [frozenset((m.home_id, m.away_id)) for m in matches if not m.is_bye]
    assert len(met) == len(set(met)) == 24
    entered = MatchLine.objects.filter(board__match__event=swiss).count()
    captains = [m for m in matches if m.home_captain_imps is not None]
    assert (entered, len(captains)) == (3 * 4 * 6 * 2, 3 * 2)


def test_demo_has_a_two_section_evening_scored_across_the_field():
    club = load_demo()
    evening = club.events.get(name="Congress Evening")
    assert [(s.letter, s.movement) for s in evening.sections.all()] == [
        ("A", "7-table Mitchell"),
        ("B", "7-table Mitchell"),
    ]
    assert evening.section_scoring == "field" and evening.status == Event.Status.PUBLISHED
    lines = Result.objects.filter(board__section__event=evening, board__number=5)
    assert lines.count() == 14 and {line.top for line in lines} == {26}
    a5, b5 = Board.objects.filter(section__event=evening, number=5).order_by("section__letter")
    assert a5.deal == b5.deal != ""


def test_the_demo_refuses_a_real_club_at_its_address_and_leaves_it_alone(make_event):
    real = Club.objects.create(name="Riverside Real Club", slug="riverside")
    make_event(mitchell(3, 2)).club.delete()  # the fixture's club is not needed
    real_event = Event.objects.create(club=real, name="Monday Pairs", date="2026-11-16")

    with pytest.raises(CommandError) as refused:
        call_command("load_demo")

    assert str(refused.value) == (
        "Demo not loaded: the club 'Riverside Real Club' already uses the demo's address "
        "'riverside' and is not the demo: it was left alone and no demo was loaded."
    )
    assert list(Club.objects.values_list("name", "is_demo")) == [("Riverside Real Club", False)]
    assert list(real.events.all()) == [real_event]


def test_loading_the_demo_again_keeps_it_and_the_event_made_in_it(director):
    out = io.StringIO()
    call_command("load_demo", stdout=out)
    club = Club.objects.get(is_demo=True)
    demo_events = dict(club.events.values_list("pk", "name"))
    urls = [reverse("event", args=[pk]) for pk in demo_events]
    made = create_pairs_event(
        club=club, name="My Own Pairs", date=datetime.date(2026, 11, 25), movement=mitchell(3, 2)
    )

    call_command("load_demo", stdout=out)

    assert Club.objects.get(is_demo=True) == club
    assert dict(club.events.values_list("pk", "name")) == {**demo_events, made.pk: "My Own Pairs"}
    assert [reverse("event", args=[pk]) for pk in demo_events] == urls
    assert out.getvalue().splitlines()[-1] == (
        "Demo club kept as it is: Riverside Bridge Club (8 events); load_demo --reset deletes "
        "it and loads it afresh"
    )


def test_reset_says_what_it_deletes_and_loads_the_demo_afresh(club, make_event):
    make_event(mitchell(3, 2), name="Our Pairs")
    first = Club.objects.create(name="Riverside Bridge Club", slug="riverside", is_demo=True)
    old = Event.objects.create(club=first, name="Old demo event", date="2026-11-16")
    Player.objects.create(club=first, name="Ann Able")
    out = io.StringIO()

    call_command("load_demo", "--reset", stdout=out)

    assert out.getvalue().splitlines() == [
        "Deleted the club Riverside Bridge Club, its 1 player and the history of its changes",
        f"Deleted the event Old demo event of 2026-11-16 (id {old.pk})",
        "Demo club loaded: Riverside Bridge Club (7 events)",
    ]
    again = Club.objects.get(slug="riverside")
    assert not Club.objects.filter(pk=first.pk).exists()
    assert again.is_demo is True and club.is_demo is False
    assert sorted(Club.objects.values_list("slug", flat=True)) == ["riverside", "test-club"]
    assert list(club.events.values_list("name", flat=True)) == ["Our Pairs"]
    assert sorted(again.events.values_list("name", flat=True)) == [
        "Autumn Championship, session 1",
        "Autumn Championship, session 2",
        "Congress Evening",
        "Friday Individual",
        "Saturday Swiss Teams",
        "Thursday Howell",
        "Tuesday Pairs",
    ]


def test_deleting_a_club_takes_its_players_pairs_and_events(make_event, club):
    event = make_event(mitchell(3, 2))
    name_pair(pair=event.sections.get().pairs.get(number=1), names=["Ann Able", "Bob Best"])
    club.delete()
    assert not Player.objects.exists() and not Event.objects.exists()


def test_a_player_in_a_pair_cannot_be_deleted_alone(make_event):
    event = make_event(mitchell(3, 2))
    name_pair(pair=event.sections.get().pairs.get(number=1), names=["Ann Able", "Bob Best"])
    with pytest.raises(RestrictedError):
        Player.objects.get(name="Ann Able").delete()
    assert Club.objects.exists()


def test_the_demos_events_named_after_a_day_are_dated_on_that_day():
    club = load_demo()
    named = club.events.filter(name__regex=r"^(Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day ")
    assert sorted(named.values_list("name", flat=True)) == [
        "Friday Individual",
        "Saturday Swiss Teams",
        "Thursday Howell",
        "Tuesday Pairs",
    ]
    today = datetime.date.today()
    for event in named:
        assert (event.name, event.date.strftime("%A")) == (event.name, event.name.split()[0])
        assert today - datetime.timedelta(days=7) < event.date <= today
