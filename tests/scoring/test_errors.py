"""The engine's error keeps its English template and values, and reads through the translator
the Django side installs (events.apps), at the time it is read."""

import pickle

import pytest

from scoring import errors
from scoring.errors import Message, ScoringError, set_translator
from scoring.leads import LeadNotHeld

FRENCH = {
    "deal %(number)s: %(error)s": "donne %(number)s : %(error)s",
    "the rubber is over": "la partie libre est terminée",
    "%(side)s are": "%(side)s sont",
}


@pytest.fixture
def french():
    """A translator reading FRENCH, put back as it was afterwards."""
    before = errors.translator
    yield lambda: set_translator(lambda message: FRENCH.get(message, message))
    set_translator(before)


def test_an_error_keeps_its_template_and_values_and_reads_them_filled_in():
    error = ScoringError("Board %(board)s is not played at table %(table)s.", board=3, table=2)

    assert error.message == "Board %(board)s is not played at table %(table)s."
    assert error.values == {"board": 3, "table": 2}
    assert str(error) == "Board 3 is not played at table 2."


def test_a_message_without_values_is_read_as_written_percent_signs_and_all():
    assert str(ScoringError("Average plus is 60% or more")) == "Average plus is 60% or more"


def test_the_translator_is_asked_when_the_message_is_read_not_when_raised(french):
    error = ScoringError(
        "deal %(number)s: %(error)s", number=2, error=ScoringError("the rubber is over")
    )
    french()

    assert str(error) == "donne 2 : la partie libre est terminée"


def test_a_translation_whose_placeholders_do_not_match_falls_back_to_the_english(french):
    set_translator(lambda message: "paire %(paire)s")  # the fixture puts the translator back

    assert str(ScoringError("pair %(pair)s", pair=4)) == "pair 4"


def test_words_of_the_engine_are_translated_when_read(french):
    french()

    assert str(Message("%(side)s are", side="NS")) == "NS sont"


def test_an_error_pickled_and_read_back_keeps_its_values():
    error = pickle.loads(pickle.dumps(LeadNotHeld(leader="W", card="SK", board=3)))

    assert isinstance(error, LeadNotHeld)
    assert (error.leader, error.card, error.board) == ("W", "SK", 3)
    assert str(error) == "West does not hold the ♠K on board 3"
