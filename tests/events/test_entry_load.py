"""Eight directors keying a 100-table Mitchell in at once through the entry view, on PostgreSQL.

Averages among the lines make each save touch other boards (Law 12C2(c): a pair's average
follows its session percentage), the path that used to deadlock. Every save must be reported
saved, every line stored once, and the scores equal to scoring the event again from scratch.
"""

import random

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse

from events.models import Board, Pair, Result, TableRound
from events.services.rescoring import rescore_event
from scoring import mitchell
from tests.events.test_entry_concurrency import run_together

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="SQLite lets one writer in at a time"
    ),
]

WRITERS = 8
PLAYED = ["4S N 10", "4S N 11", "4S N 9", "3NT S 9", "4SX N 9", "5D E 10", "2H W 8", "P"]
ADJUSTED = ["A+ A-", "A- A+", "A A", "A+ A"]


def scores(event):
    """Every line's points and every pair's totals, to the last float bit summing may move."""
    lines = {
        r.pk: (round(r.ns_points, 9), round(r.ew_points, 9))
        for r in Result.objects.filter(board__section__event=event)
    }
    pairs = {p.pk: (round(p.score, 9), p.top_total, p.boards_played) for p in Pair.objects.all()}
    return lines, pairs


def post_line(client, event, slip, number, text):
    return client.post(
        reverse("line-save", args=[event.pk, number]),
        {
            "line": text,
            "ns": slip.ns_pair.number,
            "ew": slip.ew_pair.number,
            "mode": f"slip:{slip.round}:{slip.table}",
        },
        HTTP_HX_REQUEST="true",
    )


def logged_in(director) -> Client:
    client = Client()
    client.force_login(director)
    return client


def test_eight_directors_at_once_lose_no_save(make_event, director):
    event = make_event(mitchell(100, 2, rounds=10))  # 2,000 lines: 250 for each director
    slips = list(
        TableRound.objects.filter(section__event=event, ns_pair__isnull=False)
        .select_related("ns_pair", "ew_pair")
        .order_by("round", "table")
    )
    lines = [
        (slip, number) for slip in slips for number in range(slip.low_board, slip.high_board + 1)
    ]
    assert len(lines) == WRITERS * 250
    rng = random.Random(9)
    rng.shuffle(lines)
    typed = {
        key: rng.choice(ADJUSTED) if rng.random() < 0.1 else rng.choice(PLAYED) for key in lines
    }
    answers = []

    def writer(share):
        def task():
            client = logged_in(director)
            for slip, number in share:
                response = post_line(client, event, slip, number, typed[slip, number])
                answers.append((response.status_code, response.headers.get("HX-Trigger")))

        return task

    errors = run_together([writer(lines[i::WRITERS]) for i in range(WRITERS)])

    assert errors == []
    assert answers.count((200, '{"result-saved": {}}')) == len(lines)
    stored = Result.objects.filter(board__section__event=event)
    assert stored.count() == len(lines)
    assert {
        (r.board.number, r.ns_pair_id, r.ew_pair_id) for r in stored.select_related("board")
    } == {(number, slip.ns_pair_id, slip.ew_pair_id) for slip, number in lines}
    saved = scores(event)
    rescore_event(event=event)  # scoring again from scratch changes nothing
    assert scores(event) == saved
    assert Board.objects.filter(section__event=event).count() == 200


def test_the_same_line_from_eight_directors_at_once_is_stored_once(make_event, director):
    event = make_event(mitchell(7, 3))
    slip = TableRound.objects.select_related("ns_pair", "ew_pair").get(
        section__event=event, round=1, table=1
    )
    clients = [logged_in(director) for _ in range(WRITERS)]
    answers = []

    def writer(client):
        return lambda: answers.append(post_line(client, event, slip, 1, "4S N 10"))

    errors = run_together([writer(client) for client in clients])

    assert errors == []
    saved = [a for a in answers if a.headers.get("HX-Trigger") == '{"result-saved": {}}']
    refused = [a for a in answers if "already entered" in a.content.decode()]
    assert (len(saved), len(refused)) == (1, WRITERS - 1)
    assert Result.objects.get(board__number=1).score_ns == 420
