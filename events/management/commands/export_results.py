"""`manage.py export_results ID --format F [-o FILE]`: an event's results in a download format.
It speaks the site's language (LANGUAGE_CODE) until it has found the event, then its club's
own, in which a file with words of its own (the Excel workbook) is written too."""

from pathlib import Path

from django.core.management.base import CommandError
from django.utils.translation import gettext, gettext_lazy, ngettext

from events.formats import FORMATS, Format, formats_for
from events.management.base import TranslatedCommand
from events.models import Event
from events.services.exports import export_file
from events.services.languages import speaking_for_club

# Formats a terminal can show; the others (Excel) only go to a file.
TEXT_TYPES = ("text/", "application/json", "application/xml")


class Command(TranslatedCommand):
    help = gettext_lazy(
        "Write an event's results in one of the download formats: to FILE with -o, or to "
        "standard output for the text formats."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "event_id", type=int, help=gettext("the event's id (as in its page address)")
        )
        parser.add_argument(
            "--format",
            dest="format_key",
            required=True,
            metavar="FORMAT",
            help=gettext("one of %(formats)s") % {"formats": ", ".join(FORMATS)},
        )
        parser.add_argument("-o", "--output", metavar="FILE", help=gettext("the file to write"))

    def handle(self, *args, event_id, format_key, output, **options):
        fmt = self._format(format_key)
        if output is None and not is_text(fmt):
            raise CommandError(
                gettext(
                    "%(format)s is not text: give the file to write with -o FILE, "
                    "e.g. -o results.%(extension)s"
                )
                % {"format": fmt.label, "extension": fmt.extension}
            )
        try:
            event = Event.objects.select_related("club").get(pk=event_id)
        except Event.DoesNotExist:
            raise CommandError(
                gettext("There is no event with id %(id)d.") % {"id": event_id}
            ) from None
        with speaking_for_club(event.club):
            self._export(event, format_key, fmt, output)

    def _export(self, event: Event, format_key: str, fmt: Format, output: str | None) -> None:
        if (format_key, fmt) not in formats_for(teams=event.is_teams):
            known = ", ".join(key for key, _ in formats_for(teams=event.is_teams))
            raise CommandError(
                gettext("A teams event has no %(format)s file: choose one of %(formats)s.")
                % {"format": fmt.label, "formats": known}
            )
        data = export_file(event=event, format_key=format_key)
        if output is None:
            self.stdout.write(data.decode("utf-8"), ending="")
            return
        Path(output).write_bytes(data)
        self.stdout.write(
            ngettext(
                "Wrote %(event)s (%(format)s, %(bytes)d byte) to %(file)s",
                "Wrote %(event)s (%(format)s, %(bytes)d bytes) to %(file)s",
                len(data),
            )
            % {"event": event.name, "format": fmt.label, "bytes": len(data), "file": output}
        )

    def _format(self, key: str) -> Format:
        if key not in FORMATS:
            raise CommandError(
                gettext("Unknown format '%(format)s': choose one of %(formats)s.")
                % {"format": key, "formats": ", ".join(FORMATS)}
            )
        return FORMATS[key]


def is_text(fmt: Format) -> bool:
    return fmt.content_type.startswith(TEXT_TYPES)
