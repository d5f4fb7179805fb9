"""`manage.py export_results ID --format F [-o FILE]`: an event's results in a download format."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from events.formats import FORMATS, Format, formats_for
from events.models import Event
from events.services.exports import export_file

# Formats a terminal can show; the others (Excel) only go to a file.
TEXT_TYPES = ("text/", "application/json", "application/xml")


class Command(BaseCommand):
    help = (
        "Write an event's results in one of the download formats: to FILE with -o, or to "
        "standard output for the text formats."
    )

    def add_arguments(self, parser):
        parser.add_argument("event_id", type=int, help="the event's id (as in its page address)")
        parser.add_argument(
            "--format",
            dest="format_key",
            required=True,
            metavar="FORMAT",
            help=f"one of {', '.join(FORMATS)}",
        )
        parser.add_argument("-o", "--output", metavar="FILE", help="the file to write")

    def handle(self, *args, event_id, format_key, output, **options):
        fmt = self._format(format_key)
        if output is None and not is_text(fmt):
            raise CommandError(
                f"{fmt.label} is not text: give the file to write with -o FILE, "
                f"e.g. -o results.{fmt.extension}"
            )
        try:
            event = Event.objects.select_related("club").get(pk=event_id)
        except Event.DoesNotExist:
            raise CommandError(f"There is no event with id {event_id}.") from None
        if (format_key, fmt) not in formats_for(teams=event.is_teams):
            known = ", ".join(key for key, _ in formats_for(teams=event.is_teams))
            raise CommandError(f"A teams event has no {fmt.label} file: choose one of {known}.")
        data = export_file(event=event, format_key=format_key)
        if output is None:
            self.stdout.write(data.decode("utf-8"), ending="")
        else:
            Path(output).write_bytes(data)
            self.stdout.write(f"Wrote {event.name} ({fmt.label}, {len(data)} bytes) to {output}")

    def _format(self, key: str) -> Format:
        if key not in FORMATS:
            raise CommandError(f"Unknown format {key!r}: choose one of {', '.join(FORMATS)}.")
        return FORMATS[key]


def is_text(fmt: Format) -> bool:
    return fmt.content_type.startswith(TEXT_TYPES)
