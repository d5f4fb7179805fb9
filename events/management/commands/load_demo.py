from django.core.management.base import BaseCommand, CommandError

from events.services.demo import DemoRefused, load_demo


class Command(BaseCommand):
    help = "Load the demo club: a finished Mitchell and a running Howell (director/director)."

    def handle(self, *args, **options):
        try:
            club = load_demo()
        except DemoRefused as refused:
            raise CommandError(f"Demo not loaded: {refused}.") from None
        self.stdout.write(f"Demo club loaded: {club.name} ({club.events.count()} events)")
