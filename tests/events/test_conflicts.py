"""Writes that the database gave up on for a conflict are tried again, unseen by the director."""

import psycopg
import pytest
from django.db import OperationalError, transaction

from events.services.conflicts import ATTEMPTS, retry_on_conflict


def conflict(kind) -> OperationalError:
    """The error Django raises for a PostgreSQL error of this kind."""
    error = OperationalError(kind.__name__)
    error.__cause__ = kind()
    return error


def failing(times, kind=psycopg.errors.DeadlockDetected):
    calls = []

    @retry_on_conflict
    def write():
        calls.append(1)
        if len(calls) <= times:
            raise conflict(kind)
        return "saved"

    return write, calls


@pytest.mark.parametrize(
    "kind", [psycopg.errors.DeadlockDetected, psycopg.errors.SerializationFailure]
)
def test_a_conflict_is_tried_again_until_it_saves(kind):
    write, calls = failing(ATTEMPTS - 1, kind)
    assert write() == "saved"
    assert len(calls) == ATTEMPTS


def test_a_conflict_that_does_not_clear_is_raised():
    write, calls = failing(ATTEMPTS)
    with pytest.raises(OperationalError, match="DeadlockDetected"):
        write()
    assert len(calls) == ATTEMPTS


def test_other_errors_are_not_tried_again():
    write, calls = failing(1, psycopg.errors.QueryCanceled)
    with pytest.raises(OperationalError):
        write()
    assert len(calls) == 1


@pytest.mark.django_db
def test_inside_another_transaction_the_conflict_goes_up_to_it():
    write, calls = failing(1)
    with pytest.raises(OperationalError), transaction.atomic():
        write()
    assert len(calls) == 1
