from django.apps import AppConfig


class EventsConfig(AppConfig):
    name = "events"
    verbose_name = "Events"

    def ready(self) -> None:
        # Ties every historical row to the director's change being recorded.
        from events.services import history  # noqa: F401
