"""Each request starts in the site's time zone: a club's page switches to its club's
(events.services.club_settings.use_club_time_zone), and no later request on the thread
inherits it."""

from django.utils import timezone


def site_time_zone(get_response):
    def middleware(request):
        timezone.deactivate()
        try:
            return get_response(request)
        finally:
            timezone.deactivate()

    return middleware
