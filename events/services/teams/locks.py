"""A match held for a change: every write to a match queues on its row."""

from events.models import Match
from events.services.status import LOCKED
from events.services.teams.match_scoring import lock_match


def open_match(*, match: Match, refused: type[Exception]) -> Match:
    """`match` locked (lock_match) and open for change; `refused(LOCKED)` when its event is
    published: publishing takes every match's lock, so a save finishes first or sees it."""
    locked = lock_match(match=match)
    if locked.event.is_locked:
        raise refused(LOCKED)
    return locked
