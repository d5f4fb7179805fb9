"""`manage.py load_demo [--reset]`: the demo club. It speaks the site's language
(LANGUAGE_CODE), in which the demo is made."""

from django.core.management.base import CommandError
from django.db import transaction
from django.utils.translation import gettext, gettext_lazy

from events.management.base import TranslatedCommand
from events.services.demo import DemoRefused, demo_club, load_demo, reset_demo


class Command(TranslatedCommand):
    help = gettext_lazy(
        "Load the demo club (director/director) unless it is loaded already: a demo club and "
        "whatever was made in it are left as they are. --reset deletes it and loads it afresh."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--reset",
            action="store_true",
            help=gettext(
                "delete the demo club, the events made in it included, and load it afresh"
            ),
        )

    def handle(self, *args, **options):
        with transaction.atomic():
            if options["reset"]:
                for deleted in reset_demo():
                    self.stdout.write(gettext("Deleted %(what)s") % {"what": deleted})
            elif (kept := demo_club()) is not None:
                self.stdout.write(
                    gettext(
                        "Demo club kept as it is: %(club)s (%(events)d events); "
                        "load_demo --reset deletes it and loads it afresh"
                    )
                    % {"club": kept.name, "events": kept.events.count()}
                )
                return
            try:
                club = load_demo()
            except DemoRefused as refused:
                raise CommandError(
                    gettext("Demo not loaded: %(reason)s.") % {"reason": refused}
                ) from None
        self.stdout.write(
            gettext("Demo club loaded: %(club)s (%(events)d events)")
            % {"club": club.name, "events": club.events.count()}
        )
