from django.core.management.base import BaseCommand

from events.services.demo import load_demo


class Command(BaseCommand):
    help = "Load the demo club: a finished Mitchell and a running Howell (director/director)."

    def handle(self, *args, **options):
        club = load_demo()
        self.stdout.write(f"Demo club loaded: {club.name} ({club.events.count()} events)")
