"""Work too slow for a request, run by the database-backed worker (`manage.py db_worker`)."""

from django.tasks import task

from events.models import Event
from events.services.hand_records import analyse_event_hands


@task()
def analyse_hands(*, event_id: int) -> int:
    """Double-dummy tables and par for the event's dealt boards; how many boards were analysed."""
    event = Event.objects.filter(pk=event_id).first()
    return analyse_event_hands(event=event) if event else 0  # deleted meanwhile: nothing to do
