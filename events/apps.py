from django.apps import AppConfig
from django.db.models import fields
from django.utils.translation import gettext, gettext_lazy

from scoring.errors import set_translator


class EventsConfig(AppConfig):
    name = "events"
    verbose_name = "Events"

    def ready(self) -> None:
        # Ties every historical row to the director's change being recorded.
        from events.services import history  # noqa: F401

        # The engine's messages are read in the language of the request that shows them.
        set_translator(gettext)

        # An empty choice of a select (a club's national body, the player a merge keeps): the
        # catalogue's words, for Django's own have no Norwegian.
        fields.BLANK_CHOICE_LABEL = gettext_lazy("- Select an option -")
