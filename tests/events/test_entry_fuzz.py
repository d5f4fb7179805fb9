"""No input, however malformed, gives a server error or loses a saved line."""

import pytest
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from events.models import Board, Result
from events.services.entry import board_meetings, save_line
from scoring import mitchell, parse_traveller_line

pytestmark = pytest.mark.django_db

TOKENS = st.sampled_from(
    [
        "1",
        "8",
        "4S",
        "4",
        "S",
        "X",
        "XX",
        "NT",
        "N",
        "E",
        "W",
        "10",
        "+1",
        "-2",
        "=",
        "P",
        "NP",
        "A+",
        "A-",
        "A",
        "HK",
        "♠",
        "/",
        "+420",
        "-50",
        "#",
        "x",
        "99",
        "0",
        "14",
        "-",
        "é",
        "\x00",
    ]
)
LINES = st.one_of(st.text(max_size=80), st.lists(TOKENS, max_size=8).map(" ".join))


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    text=LINES,
    ns=st.sampled_from(["", "1", "x", "-3", "99999999999"]),
    result=st.sampled_from(["", "saved", "abc", "0"]),
    mode=st.sampled_from(["board:1", "slip:1:1", "board:x", "slip:9:9", ""]),
)
def test_malformed_posts_never_fail_or_lose_a_line(
    director_client, make_event, text, ns, result, mode
):
    # Hypothesis runs every example inside the one test transaction: set up once, then keep
    # whatever the earlier examples saved, as a director's evening would.
    if not Board.objects.exists():
        make_event(mitchell(3, 2))
        board = Board.objects.select_related("section__event").get(number=1)
        meeting = board_meetings(board=board)[0]
        save_line(
            board=board,
            line=parse_traveller_line("4S N 10"),
            ns_pair=meeting.ns,
            ew_pair=meeting.ew,
        )
    event = Board.objects.select_related("section__event").first().section.event
    saved = Result.objects.order_by("pk").first()
    before = (saved.contract, saved.tricks, saved.score_ns)
    data = {
        "line": text,
        "ns": ns,
        "ew": "4",
        "mode": mode,
        "result": saved.pk if result == "saved" else result,
    }
    response = director_client.post(
        reverse("line-save", args=[event.pk, 1]), data, HTTP_HX_REQUEST="true"
    )
    assert response.status_code in (200, 404)
    assert Result.objects.filter(pk=saved.pk).exists()
    if 'role="alert"' in response.content.decode():
        saved.refresh_from_db()
        assert (saved.contract, saved.tricks, saved.score_ns) == before
    preview = director_client.get(reverse("line-preview", args=[event.pk, 1]), {"line": text})
    assert preview.status_code == 200
