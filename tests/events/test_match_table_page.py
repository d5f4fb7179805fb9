"""A teams match's table pages (issue 23, item 11), in HTTP requests as the phone's script
sends them: both tables of a match enter and accept their lines; each sees the other table's
result and the board's IMPs only once both have played it, and the match's VPs at its end."""

import uuid

import pytest
from django.test import Client
from django.urls import reverse

from events.models import Change, Event, Match, MatchLine, RoundDeal, TableLine
from events.services.notes import note_text
from events.services.tables.access import event_tables
from events.services.teams.rounds import draw_next_round
from tests.events.test_hidden_hands import DEAL, DOUBLE_DUMMY, HAND
from tests.events.test_table_safety import run_together

pytestmark = pytest.mark.django_db


@pytest.fixture
def match_tables(make_team_event):
    """Round 1 of a Swiss of four teams, four boards a match: the match at table 1, its two
    tables' accesses, and the match at table 2's table 1."""
    event = make_team_event(teams=4, boards_per_match=4, vp_scale="20-table")
    draw_next_round(event=event)
    tables = {(a.table, a.half): a for a in event_tables(event=event)}
    match = Match.objects.get(event=event, round=1, table=1)
    return match, tables[1, 1], tables[1, 2], tables[2, 1]


def enter(client, access, board, text, key=None, round=1, **extra):
    key = key or uuid.uuid4()
    data = {"key": key, "round": round, "board": board, "text": text, **extra}
    return client.post(reverse("table-line", args=[access.token]), data), key


def accept(client, access, key, pin=""):
    return client.post(reverse("table-accept", args=[access.token, key]), {"pin": pin})


def play(client, access, board, text, pin=""):
    response, key = enter(client, access, board, text)
    assert response.status_code == 200, response.content
    response = accept(client, access, key, pin)
    assert response.json()["state"] == "accepted", response.content


def page(client, access) -> str:
    return client.get(reverse("table", args=[access.token])).content.decode()


def test_each_table_of_the_match_names_its_teams_and_lists_the_boards(client, match_tables):
    match, first, second, _ = match_tables
    html = page(client, first)
    assert "Table 1 of match 1" in html
    assert f"Round 1: {match.home.name} v {match.away.name}" in html
    home = match.home.number
    assert ", ".join(f"Player {home}{s}" for s in "abcd") in html
    assert [n for n in range(1, 9) if f'data-board="{n}"' in html] == [1, 2, 3, 4]
    assert "Your team's PIN" not in html  # the event asks for no PIN
    # North-South at table 2 is the away team.
    html = page(client, second)
    assert "Table 2 of match 1" in html
    seats = html[html.index('id="seats"') : html.index("</dl>")]
    assert seats.index(match.away.name) < seats.index("East-West") < seats.index(match.home.name)


def test_a_line_from_either_table_is_the_matchs_once_accepted(client, match_tables):
    match, _first, second, _ = match_tables
    response, key = enter(client, second, 3, "1H N 6")
    assert response.json() == {
        "key": str(key),
        "round": 1,
        "board": 3,
        "text": "1H N 6",
        "state": "entered",
    }
    assert not MatchLine.objects.exists()
    assert accept(client, second, key).json()["state"] == "accepted"
    saved = MatchLine.objects.get()
    assert (saved.board.match, saved.board.number, saved.table) == (match, 3, 2)
    assert (saved.contract, saved.declarer, saved.tricks, saved.score_ns) == ("1H", "N", 6, -50)
    note = note_text(Change.objects.filter(event=match.event).latest("pk").note)
    assert note == f"entered at table 2 of match 1, accepted by {match.home.name}"
    assert TableLine.objects.get(key=key).match_line == saved


def test_the_same_line_sent_twice_is_one_line(client, match_tables):
    _, first, _, _ = match_tables
    key = uuid.uuid4()
    for _ in range(2):
        response, _ = enter(client, first, 1, "4S N 10", key=key)
        assert response.json()["state"] == "entered"
    for _ in range(2):
        assert accept(client, first, key).json()["state"] == "accepted"
    # The line sent again after its acceptance (a lost answer) is answered as it stands.
    response, _ = enter(client, first, 1, "4S N 10", key=key)
    assert response.json()["state"] == "accepted"
    assert (TableLine.objects.count(), MatchLine.objects.count()) == (1, 1)


def test_the_other_tables_result_shows_once_both_have_played_the_board(client, match_tables):
    match, first, second, _ = match_tables
    play(client, first, 1, "4S N 10")
    html = page(client, second)
    assert "Other table" not in html and "+420" not in html and "IMPs to" not in html
    # Table 2's own line waiting for acceptance shows nothing of table 1's either.
    _response, key = enter(client, second, 1, "4S S 9")
    assert "+420" not in page(client, second)
    accept(client, second, key)

    html = page(client, second)
    assert "Other table: 4♠ N 10 · NS +420" in html.replace('<span class="black">', "")
    assert f"IMPs to {match.away.name}: -10" in html
    assert f"IMPs to {match.home.name}: +10" in page(client, first)
    assert 'id="match-result"' not in html


# East holds the hearts, West the spades (tests/events/test_table_page.py's deal).
LEADS_DEAL = "N:AKQJ.AKQ.AKQ.AKQ T98.JT98765432.. 765432..JT98.JT9 ..765432.8765432"


def test_a_table_sees_the_hand_of_a_board_once_it_has_played_it(client, match_tables):
    match, first, second, _ = match_tables
    RoundDeal.objects.create(
        event=match.event, round=1, number=1, deal=DEAL, double_dummy=DOUBLE_DUMMY
    )
    assert HAND not in page(client, first)
    _response, key = enter(client, first, 1, "7S N 13")
    assert HAND not in page(client, first)  # waiting for East-West

    accept(client, first, key)

    html = page(client, first)
    shown = html[html.index('id="match-board-1"') : html.index('id="match-board-2"')]
    assert "Hand of board 1" in shown and HAND in shown and 'class="makeable"' in shown
    assert html.count(HAND) == 1
    assert HAND not in page(client, second)  # table 2 has not played it
    Event.objects.filter(pk=match.event_id).update(table_shows_hand=False)
    assert HAND not in page(client, first)


def test_a_round_without_hand_records_shows_no_hand(client, match_tables):
    match, first, _, _ = match_tables
    RoundDeal.objects.create(event=match.event, round=2, number=1, deal=DEAL)
    play(client, first, 1, "7S N 13")
    assert HAND not in page(client, first)


def test_a_lead_the_leader_does_not_hold_is_refused_at_a_teams_table(client, match_tables):
    match, first, _, _ = match_tables
    RoundDeal.objects.create(event=match.event, round=1, number=1, deal=LEADS_DEAL)

    response, _ = enter(client, first, 1, "4S N 10 SK")

    assert response.status_code == 422
    assert response.json()["error"] == "East does not hold the ♠K on board 1"
    assert not TableLine.objects.exists()
    play(client, first, 1, "4S N 10 HJ")
    assert MatchLine.objects.get().lead == "HJ"


def test_the_matchs_vps_show_once_its_last_board_is_in(client, match_tables):
    match, first, second, _ = match_tables
    for board, text in ((1, "4S N 10"), (2, "3NT E 8"), (3, "PASS"), (4, "6D S 12")):
        play(client, first, board, text)
    for board, text in ((1, "4S S 9"), (2, "3NT W 9"), (3, "1H N 7")):
        play(client, second, board, text)
    html = page(client, first)
    assert 'id="match-result"' not in html and 'id="match-waiting"' in html
    play(client, second, 4, "5D N 12")

    match.refresh_from_db()
    assert match.finished and match.home_vps + match.away_vps == 20
    for access in (first, second):
        html = page(client, access)
        result = html[html.index('id="match-result"') :]
        home = f"<td>{match.home.name}</td><td>{match.home_imps.normalize():f}</td>"
        assert home + f"<td>{match.home_vps.normalize():f}</td>" in result


def test_a_token_enters_only_its_own_matchs_boards_and_lines(client, match_tables):
    _match, first, _, elsewhere = match_tables
    response, _ = enter(client, first, 5, "4S N 10")
    assert response.status_code == 422
    assert response.json()["error"] == "this match plays boards 1 to 4, not board 5"
    response, _ = enter(client, first, 1, "4S N 10", round=2)
    assert response.json()["error"] == "this table is not playing round 2 now"
    # Another match's table cannot accept this table's line, nor send one under its key.
    _, key = enter(client, first, 1, "4S N 10")
    response = accept(client, elsewhere, key)
    assert response.status_code == 422
    assert response.json()["error"] == "this line belongs to another table"
    assert not MatchLine.objects.exists()


def test_a_wrong_pin_is_refused(client, match_tables):
    match, first, _, _ = match_tables
    Event.objects.filter(pk=match.event_id).update(table_pin=True)
    assert "Your team's PIN" in page(client, first)
    _, key = enter(client, first, 1, "4S N 10")
    wrong = "0000" if match.away.pin != "0000" else "1111"
    response = accept(client, first, key, pin=wrong)
    assert response.status_code == 422
    assert response.json() == {
        "error": f"wrong PIN: {match.away.name} type the PIN printed on their guide card",
        "again": True,
    }
    assert not MatchLine.objects.exists()
    assert accept(client, first, key, pin=match.away.pin).json()["state"] == "accepted"


def test_the_page_closes_once_the_event_is_published(client, match_tables):
    match, first, _, _ = match_tables
    _, key = enter(client, first, 1, "4S N 10")
    Event.objects.filter(pk=match.event_id).update(status=Event.Status.PUBLISHED)
    assert client.get(reverse("table", args=[first.token])).status_code == 404
    response = accept(client, first, key)
    assert response.status_code == 404 and response.json()["closed"] is True
    assert not MatchLine.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_two_phones_sending_one_line_at_once_make_one_row(make_team_event):
    event = make_team_event(teams=4, boards_per_match=4)
    draw_next_round(event=event)
    access = event_tables(event=event)[1]  # table 2 of match 1
    key = uuid.uuid4()
    answers = run_together(
        lambda: enter(Client(), access, 2, "3NT W 9", key=key)[0],
        lambda: enter(Client(), access, 2, "3NT W 9", key=key)[0],
    )
    assert [a.status_code for a in answers] == [200, 200]
    assert TableLine.objects.count() == 1
    answers = run_together(
        lambda: accept(Client(), access, key), lambda: accept(Client(), access, key)
    )
    assert [a.json()["state"] for a in answers] == ["accepted", "accepted"]
    assert MatchLine.objects.get().score_ns == -400


LINES = (
    ((1, "4S N 10"), (2, "3NT E 8"), (3, "PASS"), (4, "6D S 12")),
    ((1, "4S S 9"), (2, "3NT W 9"), (3, "1H N 7"), (4, "5D N 12")),
)


def play_match(client, *accesses):
    """Every board of the match at each of its two tables."""
    for access, lines in zip(accesses, LINES, strict=True):
        for board, text in lines:
            play(client, access, board, text)


def end_of_round(html: str) -> str:
    start = html.index('id="end-of-round"')
    return html[start : html.index("\n</section>", start)]


def test_a_match_tables_end_of_round_is_a_round_in_french_not_a_pairs_position(
    client, match_tables
):
    _match, first, second, _elsewhere = match_tables
    play_match(client, first, second)

    html = page(Client(headers={"accept-language": "fr"}), first)

    assert "<h2>Fin du tour 1</h2>" in end_of_round(html)


@pytest.mark.parametrize(
    ("reveal", "standings"),
    [("always", "played"), ("round", "round 1 open"), ("session", None)],
)
def test_a_match_played_at_both_tables_ends_the_round_with_its_result_and_the_standings(
    client, match_tables, reveal, standings
):
    match, first, second, elsewhere = match_tables
    Event.objects.filter(pk=match.event_id).update(reveal=reveal)
    play_match(client, first, second)
    assert 'id="end-of-round"' not in page(client, elsewhere)

    match.refresh_from_db()
    for access in (first, second):
        html = end_of_round(page(client, access))
        assert 'data-round="1"' in html and "End of round 1" in html
        result = html[html.index('id="match-result"') :]
        assert f"<td>{match.home.name}</td><td>{match.home_imps.normalize():f}</td>" in result
        ranking = html[html.index("Ranking so far") :] if standings else html
        if standings is None:
            assert "The ranking is shown when the event is published." in html
            assert 'id="table-ranking"' not in html
        elif standings == "played":
            # The match's two teams have its VPs; the other match's are still to play.
            rows = [f"<td>{match.home.name}</td><td>{match.home_vps.normalize():f} VPs</td>"]
            rows.append(f"<td>{match.away.name}</td><td>{match.away_vps.normalize():f} VPs</td>")
            assert all(row in ranking for row in rows)
            assert ranking.count("<td>—</td>") == 2
        else:
            # At the end of each round: nothing until the round's other match is in too.
            assert ranking.count("<td>—</td>") == 4


def test_the_next_matchs_players_seated_see_nothing_of_the_match_before(client, match_tables):
    match, first, second, _ = match_tables
    play_match(client, first, second)
    draw_next_round(event=match.event, late=True)
    html = page(client, first)
    assert 'id="end-of-round" data-round="1"' in html
    assert 'id="seated" data-round="2"' in html
    following = Match.objects.get(event=match.event, round=2, table=1)
    assert f"Round 2: {following.home.name} v {following.away.name}" in html

    seated = reverse("table-seated", args=[first.token])
    assert client.post(seated, {"round": 2}).json() == {"seated": 2}

    html = page(client, first)
    assert 'id="end-of-round"' not in html and 'id="match-result"' not in html
    assert f"Round 1: {match.home.name}" not in html
    response, _ = enter(client, first, 1, "4S N 11", correct="1")
    assert response.json()["error"] == (
        "round 1 is over at this table: call the director to correct board 1"
    )
