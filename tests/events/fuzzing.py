"""What the fuzz tests share: garbage to type, a client that answers 500s instead of raising, and
a snapshot of every table a refusal must leave as it was."""

import os

from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from events.formats import FORMATS
from events.models import (
    Board,
    Club,
    Event,
    Pair,
    Partnership,
    Player,
    Result,
    Section,
    TableRound,
)

# Every example of a test runs in the test's one transaction, on the rows its fixtures made once.
# FUZZ_EXAMPLES=500 for a longer hunt than the suite's.
FUZZ = settings(
    max_examples=int(os.environ.get("FUZZ_EXAMPLES", "40")),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

SPECIAL = [
    "",
    " ",
    "\x00",
    "Ann\x00Able",
    "nan",
    "NaN",
    "inf",
    "-inf",
    "1e400",
    "-1",
    "0",
    "32767",
    "32768",
    "2147483648",
    "99999999999999999999",
    "9" * 5000,
    "x" * 60000,
    "½",
    "²",
    "٣",
    "6.5",
    "\r\n",
    "\t",
    "\x1b[31m",
    "\u2028",
    "é",
    "💥",
    "<script>alert(1)</script>",
    "' OR 1=1 --",
    "=1+2",
    "@SUM(A1)",
]
GARBAGE = st.one_of(
    st.sampled_from(SPECIAL),
    st.text(max_size=40),
    st.integers(min_value=-(10**30), max_value=10**30).map(str),
    st.floats().map(str),
)


def maybe(valid: str):
    """Mostly garbage, sometimes the valid value, so that the other fields are checked too."""
    return st.one_of(st.just(valid), GARBAGE)


def fuzz_client(user=None) -> Client:
    """A client that returns the 500 page (to be asserted on) rather than raising."""
    client = Client(raise_request_exception=False)
    if user is not None:
        client.force_login(user)
    return client


MODELS = [Club, Player, Event, Section, Pair, Partnership, Board, TableRound, Result]


def snapshot() -> dict:
    """Every row of every table an input could change."""
    return {model.__name__: list(model.objects.order_by("pk").values_list()) for model in MODELS}


def answered(response) -> str:
    """The page, after checking that the server answered without a server error."""
    assert response.status_code < 500, response.content[:3000]
    return response.content.decode(errors="replace")


def refused(page: str) -> bool:
    """The page says what to fix."""
    return 'class="errorlist' in page or 'role="alert"' in page or 'class="error"' in page


def downloads_work(client, event) -> None:
    """Every format of the event downloads: what was saved can be written out."""
    for key in FORMATS:
        response = client.get(reverse("download", args=[event.pk, key]))
        answered(response)
        assert response.status_code == 200, key
