"""What the site's commands share: `--help` in the language the command speaks."""

from django.core.management.base import BaseCommand


class TranslatedCommand(BaseCommand):
    """A command whose `--help` speaks the site's language (LANGUAGE_CODE, the one Django runs
    every command in), as the rest of what it says does.

    Its `help` is marked with gettext_lazy (a class's attribute is read before any language is
    chosen), and its arguments' help is put through gettext in add_arguments, which runs as the
    parser is made. argparse formats plain strings only (a lazy one raises a TypeError), so the
    description is read into the language here."""

    def create_parser(self, prog_name, subcommand, **kwargs):
        parser = super().create_parser(prog_name, subcommand, **kwargs)
        parser.description = str(self.help) if self.help else None
        return parser
