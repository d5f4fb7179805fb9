"""Garbage at every page anyone can open: the score pads, the calculator, an event's pages and
downloads. A clear message or a 4xx, never a 500; a refused deal leaves the pad as it was."""

from urllib.parse import quote

import pytest
from django.urls import reverse
from hypothesis import given
from hypothesis import strategies as st

from events.models import Board
from events.services.entry import board_meetings, save_line
from scoring import mitchell, parse_traveller_line
from tests.conftest import while_running
from tests.events.fuzzing import FUZZ, GARBAGE, answered, fuzz_client, maybe, refused, snapshot

pytestmark = pytest.mark.django_db

KINDS = st.one_of(
    st.sampled_from(["rubber", "chicago"]), GARBAGE.filter(lambda k: k and "/" not in k)
)
PAD_WORDS = st.sampled_from(
    ["4S", "4SX", "3NT", "7NTXX", "P", "we", "they", "10", "=", "+1", "-2", "hon", "150", "h100"]
)
PAD_LINES = st.one_of(GARBAGE, st.lists(PAD_WORDS, max_size=6).map(" ".join))


def pad(client, kind: str) -> dict:
    return client.session.get("pads", {}).get(kind, {})


@FUZZ
@given(kind=KINDS, line=PAD_LINES, action=st.sampled_from(["deal", "undo", "end", "new"]))
def test_score_pads(kind, line, action):
    client = fuzz_client()
    for text in ["4S we 10", "2H they 8"]:
        client.post(reverse("pad-deal", args=["rubber"]), {"line": text})
    before = pad(client, kind).get("deals", [])
    url = reverse(f"pad-{action}", args=[kind])
    response = client.post(url, {"line": line}, HTTP_HX_REQUEST="true")
    page = answered(response)
    after = pad(client, kind).get("deals", [])
    if kind not in ("rubber", "chicago"):
        assert response.status_code == 404
    elif action == "deal" and after == before:
        assert 'id="line-error" role="alert">' in page
    elif action == "deal":
        assert after[:-1] == before


@FUZZ
@given(
    contract=maybe("4S"),
    declarer=maybe("NS"),
    vulnerable=maybe("no"),
    tricks=maybe("10"),
    other=maybe(""),
    scores=maybe("420 450 -50"),
)
def test_calculator(contract, declarer, vulnerable, tricks, other, scores):
    data = {"contract": contract, "declarer": declarer, "vulnerable": vulnerable,
            "tricks": tricks, "other": other, "scores": scores}  # fmt: skip
    response = fuzz_client().get(reverse("calculator"), data)
    page = answered(response)
    assert response.status_code == 200
    assert refused(page) or "points" in page.lower()


@pytest.fixture
def published(make_event):
    event = make_event(mitchell(3, 2), status="published")
    board = Board.objects.select_related("section__event").get(section__event=event, number=1)
    meeting = board_meetings(board=board)[0]
    with while_running(event):
        save_line(board=board, line=parse_traveller_line("4S N 10 # =1+2"), ns_pair=meeting.ns,
                  ew_pair=meeting.ew)  # fmt: skip
    return event


def _in_section(url: str, section: str) -> str:
    """The URL for another section, whatever is typed for its letter."""
    return url.replace("/A/", f"/{quote(section, safe='')}/", 1)


SECTIONS = st.one_of(st.just("A"), GARBAGE.filter(lambda s: s and "/" not in s))
NUMBERS = st.one_of(st.integers(min_value=0, max_value=20), st.integers(min_value=0))


@FUZZ
@given(
    event_id=st.one_of(st.none(), NUMBERS),
    section=SECTIONS,
    number=NUMBERS,
    format_key=st.one_of(st.sampled_from(["xlsx", "csv", "pbn", "usebio", "json"]), SECTIONS),
    viewer=GARBAGE,
    slug=st.one_of(st.just("test-club"), SECTIONS),
)
def test_public_pages(published, event_id, section, number, format_key, viewer, slug):
    client = fuzz_client()
    pk = published.pk if event_id is None else event_id
    before = snapshot()
    for url, query in (
        (reverse("home"), {}),
        (reverse("club", args=[slug]) if slug.isascii() and slug.isalnum() else "/clubs/x/", {}),
        (reverse("event", args=[pk]), {}),
        (reverse("ranking-fragment", args=[pk]), {}),
        (_in_section(reverse("scorecard", args=[pk, "A", number]), section), {}),
        (_in_section(reverse("traveller", args=[pk, "A", number]), section), {"pair": viewer}),
        (_in_section(reverse("explain-score", args=[pk, "A", number, number]), section), {}),
        (reverse("player", args=["test-club", number]), {}),
        (reverse("download", args=[pk, format_key]), {}),
        (reverse("results-json", args=[pk]), {}),
    ):
        answered(client.get(url, query))
    assert snapshot() == before


def test_a_director_page_asks_an_anonymous_visitor_to_log_in(published):
    response = fuzz_client().post(reverse("director-status", args=[published.pk]), {"status": "x"})
    assert response.status_code == 302
    assert response.url.startswith(reverse("login"))


@pytest.mark.parametrize("letter", ["%00", "A%00", "ABC", "%F0%9F%92%A5"])
def test_a_section_that_is_no_letter_is_not_found(published, letter):
    response = fuzz_client().get(f"/events/{published.pk}/{letter}/pairs/1/")
    assert response.status_code == 404
    assert fuzz_client().get(f"/events/{published.pk}/A/pairs/1/").status_code == 200
