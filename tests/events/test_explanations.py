""" "Explain this score": every explanation arrives at the stored score, never for a hidden
board; a hidden traveller says when it will be shown."""

import re

import pytest
from django.db.models import Q
from django.test import Client
from django.urls import reverse

from events.models import Board, Event, Result
from events.services.explanations import explain_score
from events.services.individuals import create_individual_event, name_players
from events.services.scoring import rescore_board
from events.services.status import change_status
from scoring import mitchell
from scoring.movements.individual import rainbow_individual
from tests.events.test_individuals import play_every_board
from tests.events.test_public_views import enter

pytestmark = pytest.mark.django_db


def explain_url(event, board, pair):
    return reverse("explain-score", args=[event.pk, "A", board, pair])


def played_event(make_event, **settings):
    """A 3-table Mitchell (each board played 3 times): a split score, artificial scores, an
    assigned 70/30, and boards with a result missing (Neuberg)."""
    event = make_event(mitchell(3, 2), **settings)
    enter(event, 1, "4S N 10", "4S N 9", "+420 / +170")
    enter(event, 2, "A+ A-", "3NT S 9", "3NT S 8")
    enter(event, 3, "4H E 10", "2S N 8")  # the third table's line is missing
    enter(event, 4, "A", "1NT N 7", "NP")
    enter(event, 5, "6NT S 12", "6NT S 12", "6NT S 11")
    assigned = Result.objects.get(board__section__event=event, board__number=4, ns_adjustment="A")
    Result.objects.filter(pk=assigned.pk).update(ns_percent=70, ew_percent=30)
    rescore_board(board=assigned.board)
    return event


SETTINGS = {
    "EBU rounding, Law 12C2(c) averages": {"mp_rounding": "ebu", "adjusted_scores": "session"},
    "ACBL 1 per beat, fixed averages": {
        "mp_scale": 1,
        "mp_rounding": "acbl",
        "adjusted_scores": "fixed",
    },
    "unrounded": {"mp_rounding": "none"},
    "Butler, drop one": {"scoring": "butler", "datum_method": "drop-one"},
    "Butler, ACBL datum": {"scoring": "butler", "datum_method": "acbl"},
    "cross-IMPs averaged": {"scoring": "cross-imps", "cross_imp_mode": "cross2"},
    "cross-IMPs summed": {"scoring": "cross-imps", "cross_imp_mode": "cross"},
}


@pytest.mark.parametrize("settings", SETTINGS.values(), ids=SETTINGS.keys())
def test_every_explanation_arrives_at_the_stored_score(make_event, settings):
    event = played_event(make_event, status="published", **settings)
    explained = 0
    for result in Result.objects.filter(board__section__event=event).select_related(
        "board__section__event", "ns_pair", "ew_pair"
    ):
        for pair, stored in (
            (result.ns_pair, result.ns_points),
            (result.ew_pair, result.ew_points),
        ):
            explanation = explain_score(board=result.board, pair=pair)
            assert explanation.final == stored, (result, pair)
            explained += stored is not None
    assert explained == 2 * 13  # 14 lines, one not played


def test_a_matchpoint_explanation_shows_who_beat_whom(client, make_event):
    event = played_event(make_event, status="published")
    ns = Result.objects.get(board__section__event=event, board__number=1, tricks=9).ns_pair
    page = client.get(explain_url(event, 1, ns.number)).content.decode()
    assert "This score beat 0, tied with 0 and lost to 2." in page
    assert '<p class="sum">0 × 2 + 0 × 1 = 0 matchpoints</p>' in page
    assert "0 / 4 = 0.00%" in page


def test_a_neuberged_score_shows_the_formula_with_its_numbers(client, make_event):
    event = played_event(make_event, status="published")
    line = Result.objects.get(board__section__event=event, board__number=3, contract="2S")
    page = client.get(explain_url(event, 3, line.ns_pair.number)).content.decode()
    assert "The movement expects 3 results on this board and 2 were compared" in page
    assert "(2 + 1) × 3 / 2 − 1 = 3.5000" in page  # +110 beat -420: 2 of a top of 2


def test_a_score_compared_with_one_other_says_so_in_the_singular(client, make_event):
    event = make_event(mitchell(3, 2), status="published")
    enter(event, 3, "4H E 10")  # one line alone: it is compared with itself only
    line = Result.objects.get(board__section__event=event, board__number=3)
    url = explain_url(event, 3, line.ns_pair.number)

    english = client.get(url).content.decode()
    french = Client(headers={"accept-language": "fr"}).get(url).content.decode()

    assert "The movement expects 3 results on this board and 1 was compared," in english
    assert "Le mouvement prévoit 3 résultats sur cette donne et 1 a été comparé\u00a0:" in french


def test_an_artificial_score_shows_its_percentage_of_the_top(client, make_event):
    event = played_event(make_event, status="published", adjusted_scores="fixed")
    line = Result.objects.get(board__section__event=event, board__number=2, ns_adjustment="A+")
    page = client.get(explain_url(event, 2, line.ew_pair.number)).content.decode()
    assert "A- (average minus) is 40% of the top (Law 12C2): 40.00%" in page
    assert "40.00% × 4 (the top: 2 × (3 − 1)) = 1.6000" in page


def test_a_butler_explanation_shows_the_datum_and_the_imp_row(client, make_event):
    event = played_event(make_event, status="published", scoring="butler")
    line = Result.objects.get(board__section__event=event, board__number=5, tricks=11)
    page = client.get(explain_url(event, 5, line.ew_pair.number)).content.decode()
    # +1440 +1440 -100: one dropped at each end leaves +1440; -1540 is 17 IMPs to East-West.
    assert "<del>-100</del> +1440 <del>+1440</del>" in page
    assert "mean of 1 score = 1440 → datum +1440" in page
    assert "-100 − +1440 = -1540" in page
    assert "a difference of 1500–1740 is worth 17 IMPs to East-West." in page
    assert "sitting East-West, scores <strong>+17</strong>" in page
    french = Client(headers={"accept-language": "fr"}).get(
        explain_url(event, 5, line.ew_pair.number)
    )
    assert "<h2>IMP</h2>" in french.content.decode()


def test_a_cross_imp_explanation_lists_each_comparison(client, make_event):
    event = played_event(make_event, status="published", scoring="cross-imps")
    line = Result.objects.get(board__section__event=event, board__number=5, tricks=11)
    page = client.get(explain_url(event, 5, line.ns_pair.number)).content.decode()
    assert (
        page.count('<td class="num">+1440</td><td class="num">-1540</td><td class="num">-17</td>')
        == 2
    )
    assert '<p class="sum">-34 / 2 = -17 to North-South</p>' in page
    assert "sitting North-South: <strong>-17</strong>" in page
    french = Client(headers={"accept-language": "fr"}).get(
        explain_url(event, 5, line.ns_pair.number)
    )
    assert '<th class="num">IMP</th>' in french.content.decode()


def test_scores_link_to_their_explanation_from_scorecard_and_traveller(client, make_event):
    event = played_event(make_event, status="published")
    line = Result.objects.get(board__section__event=event, board__number=1, tricks=9)
    card = client.get(reverse("scorecard", args=[event.pk, "A", line.ns_pair.number]))
    assert explain_url(event, 1, line.ns_pair.number) in card.content.decode()
    assert 'id="explain-percentage"' in card.content.decode()
    traveller = client.get(reverse("traveller", args=[event.pk, "A", 1])).content.decode()
    assert explain_url(event, 1, line.ew_pair.number) in traveller


def test_a_pair_without_a_line_on_the_board_or_no_board_is_not_found(client, make_event):
    event = played_event(make_event, status="published")
    lines = Result.objects.filter(board__section__event=event, board__number=3)
    on_board = {n for line in lines for n in (line.ns_pair.number, line.ew_pair.number)}
    absent = min(set(range(1, 7)) - on_board)  # board 3's third table has no line
    assert client.get(explain_url(event, 3, absent)).status_code == 404
    assert client.get(explain_url(event, 99, 1)).status_code == 404
    assert client.get(reverse("traveller", args=[event.pk, "A", 99])).status_code == 404


def test_a_traveller_hidden_until_publication_says_so(client, make_event):
    event = played_event(make_event, status="running", reveal="session")
    line = Result.objects.get(board__section__event=event, board__number=1, tricks=9)
    response = client.get(reverse("traveller", args=[event.pk, "A", 1]))
    page = response.content.decode()
    assert response.status_code == 200
    assert "Board 1 is shown when the event is published." in page
    assert "+420" not in page and "+170" not in page
    explanation = client.get(explain_url(event, 1, line.ns_pair.number)).content.decode()
    assert "Board 1 is shown when the event is published. Its scores are explained then." in (
        explanation
    )
    assert "matchpoints" not in explanation
    change_status(event=Event.objects.get(pk=event.pk), status="published")
    assert "+420" in client.get(reverse("traveller", args=[event.pk, "A", 1])).content.decode()


def test_a_traveller_shown_round_by_round_says_after_which_round(client, make_event):
    event = make_event(mitchell(3, 2), status="running", reveal="round")
    section = event.sections.get()
    board = Board.objects.get(section=section, number=1)
    last = max(tr.round for tr in section.table_rounds.all() if tr.low_board <= 1 <= tr.high_board)
    enter(event, 1, "4S N 10", "4S N 9")  # two of the board's three rounds
    page = client.get(reverse("traveller", args=[event.pk, "A", 1])).content.decode()
    assert f"Board 1 is shown once every table has played it, after round {last}." in page
    assert reverse("explain-score", args=[event.pk, "A", 1, 1]) not in page
    ns = board.results.order_by("round").last().ns_pair.number
    explanation = client.get(explain_url(event, 1, ns)).content.decode()
    assert "after round" in explanation and "This score beat" not in explanation


def test_a_split_score_reads_without_a_stray_comma(client, make_event):
    event = played_event(make_event, status="published")
    line = Result.objects.get(board__section__event=event, board__number=1, score_ew=170)
    page = client.get(explain_url(event, 1, line.ns_pair.number)).content.decode()
    assert (
        f"against pair {line.ew_pair.number}: +420 to North-South (+170 for East-West, "
        "a split score),"
    ) in page


def test_who_beat_whom_names_the_pairs_of_each_score(client, make_event):
    event = played_event(make_event, status="published")
    lines = Result.objects.filter(board__section__event=event, board__number=5).select_related(
        "ns_pair", "ew_pair"
    )
    mine = next(line for line in lines if line.tricks == 11)
    page = client.get(explain_url(event, 5, mine.ns_pair.number)).content.decode()
    for line in lines:
        score, outcome = ("-100", "this score") if line == mine else ("+1440", "lost to")
        assert (
            f'<td class="num">{score}</td><td>NS {line.ns_pair.number} v EW '
            f"{line.ew_pair.number}</td><td>{outcome}</td>"
        ) in page


def test_the_percentage_says_how_the_summary_rounds_it(client, make_event):
    event = played_event(make_event, status="published", mp_rounding="none")
    line = Result.objects.get(board__section__event=event, board__number=3, contract="2S")
    page = client.get(explain_url(event, 3, line.ns_pair.number)).content.decode()
    # 3.5 of a top of 4: 87.50% in the detail, 88% in the summary and on the scorecard.
    assert "of 4, 88%</strong>." in page
    assert '<p class="sum">3.5 / 4 = 87.50%, shown as 88%</p>' in page


@pytest.mark.parametrize(
    "scoring, sentence",
    [
        ("mp", "{players} sat North-South against {opponents}: "),
        ("butler", "{players}, sitting North-South, score <strong>"),
        ("cross-imps", "{players}, sitting North-South: <strong>"),
    ],
    ids=["matchpoints", "Butler", "cross-IMPs"],
)
def test_an_individual_s_explanation_names_the_players_not_the_sides(
    client, club, scoring, sentence
):
    event = create_individual_event(
        club=club,
        movement=rainbow_individual(5, 2, rounds=2),
        name="Ind",
        date="2026-11-23",
        scoring=scoring,
    )
    section = event.sections.get()
    name_players(section=section, names={n: f"Player {n}" for n in range(1, 21)})
    play_every_board(event)
    Event.objects.filter(pk=event.pk).update(status=Event.Status.PUBLISHED)
    lines = list(
        Result.objects.filter(board__section=section, board__number=1).select_related(
            "ns_pair", "ew_pair"
        )
    )
    mine = lines[0]
    north, south = (s.individual for s in mine.ns_pair.seats.select_related("individual"))

    page = client.get(explain_url(event, 1, mine.ns_pair.number)).content.decode()

    # The sides are pairs inside the app only: the page names each by its players.
    assert not re.search(r"\b[Pp]air \d", page)
    assert not re.search(r"NS \d+ v EW \d+\b", page)
    players = f"{north.number} Player {north.number} &amp; {south.number} Player {south.number}"
    assert mine.ns_pair.names.replace("&", "&amp;") == players
    opponents = mine.ew_pair.names.replace("&", "&amp;")
    assert f"<h1>Board 1: how {players} scored</h1>" in page
    assert sentence.format(players=players, opponents=opponents) in page
    for player in (north, south):
        url = reverse("player-scorecard", args=[event.pk, "A", player.number])
        assert f'<a href="{url}">Scorecard of player {player.number}</a>' in page
    if scoring == "mp":
        for line in lines:
            ns, ew = (p.names.replace("&", "&amp;") for p in (line.ns_pair, line.ew_pair))
            assert f"<td>NS {ns} v EW {ew}</td>" in page


def test_an_individual_s_traveller_and_side_scorecard_name_the_players_not_the_sides(client, club):
    event = create_individual_event(
        club=club, movement=rainbow_individual(5, 2, rounds=2), name="Ind", date="2026-11-23"
    )
    section = event.sections.get()
    name_players(section=section, names={n: f"Player {n}" for n in range(1, 21)})
    play_every_board(event)
    Event.objects.filter(pk=event.pk).update(status=Event.Status.PUBLISHED)
    line = Result.objects.select_related("ns_pair", "ew_pair").get(
        board__section=section, board__number=1, round=1
    )
    players, opponents = (p.names.replace("&", "&amp;") for p in (line.ns_pair, line.ew_pair))

    traveller = client.get(reverse("traveller", args=[event.pk, "A", 1])).content.decode()
    card = client.get(reverse("scorecard", args=[event.pk, "A", line.ns_pair.number]))
    card = card.content.decode()

    points = f"{line.ns_points:g}"
    assert f'aria-label="Explain this score: {points} to {players}"' in traveller
    assert f"<title>Scorecard of {players} · Ind · " in card
    assert f"<h1>Scorecard of {players}</h1>" in card
    assert f'title="Scorecard of {opponents}">{opponents}</a>' in card
    for page in (traveller, card):
        assert not re.search(r"\b[Pp]air \d", page)


def test_an_individual_player_s_scorecard_links_each_score_to_its_explanation(client, club):
    event = create_individual_event(
        club=club, movement=rainbow_individual(5, 2, rounds=2), name="Ind", date="2026-11-23"
    )
    section = event.sections.get()
    play_every_board(event)
    Event.objects.filter(pk=event.pk).update(status=Event.Status.PUBLISHED)
    player = section.individuals.get(number=1)

    card = client.get(reverse("player-scorecard", args=[event.pk, "A", 1])).content.decode()

    sides = {seat.side_id: seat.side for seat in player.seats.select_related("side")}
    lines = Result.objects.filter(Q(ns_pair__in=sides) | Q(ew_pair__in=sides)).select_related(
        "board"
    )
    assert len(lines) == 4  # two rounds of two boards
    for line in lines:
        side = sides.get(line.ns_pair_id) or sides[line.ew_pair_id]
        url = explain_url(event, line.board.number, side.slug)
        assert f'<a href="{url}" title="Explain this score"' in card
        assert f'<a href="{url}#percentage" title="Explain this percentage"' in card
