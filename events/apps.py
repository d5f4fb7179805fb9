from django.apps import AppConfig
from django.utils.translation import gettext

from scoring.errors import set_translator


class EventsConfig(AppConfig):
    name = "events"
    verbose_name = "Events"

    def ready(self) -> None:
        # Ties every historical row to the director's change being recorded.
        from events.services import history  # noqa: F401

        # The engine's messages are read in the language of the request that shows them.
        set_translator(gettext)
