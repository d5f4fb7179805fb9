"""A table's accepted line whose saved line is gone: deleted by the director, or taken back by
an undo. It goes with its result, as if the director had discarded it, so that the table's page
and the room both show the board open again.

Not put back to wait for the opponents: the tables' lines are the evening's working state, not
recorded in the history (nor backed up), so a disputed line would come back as merely entered,
and the undo of that deletion would put the result back beside a line still waiting for it. The
result put back is then the director's, like any the director enters.
"""

from events.models import TableLine


def drop_unsaved_lines(*, event_id: int) -> None:
    """Delete the event's accepted table lines that no longer have a saved line."""
    TableLine.objects.filter(
        access__event_id=event_id,
        state=TableLine.State.ACCEPTED,
        result__isnull=True,
        match_line__isnull=True,
    ).delete()
