"""The site's own middleware: each request starts in the site's time zone, and a public page
kept in the cache is served before the rest of the middleware runs."""

from django.conf import settings
from django.contrib.messages.storage.cookie import CookieStorage
from django.middleware.csrf import CsrfViewMiddleware
from django.utils import timezone
from django.utils.cache import patch_vary_headers

from events.services.page_cache import served_from_cache


def site_time_zone(get_response):
    """Each request starts in the site's time zone: a club's page switches to its club's
    (events.services.club_settings.use_club_time_zone), and no later request on the thread
    inherits it."""

    def middleware(request):
        timezone.deactivate()
        try:
            return get_response(request)
        finally:
            timezone.deactivate()

    return middleware


class CachedPublicPages:
    """A public page kept in the cache (events.services.page_cache), served before the session,
    authentication, messages and the view run: to a GET of a reader who carries no session and
    no messages, so who is not logged in. The reader's CSRF token is put in the page and its
    cookie set as CsrfViewMiddleware would; the headers of the middleware before this one
    (security, content security policy, frames) are added as for any page."""

    def __init__(self, get_response):
        self.get_response = get_response
        self.csrf = CsrfViewMiddleware(get_response)

    def __call__(self, request):
        if request.method == "GET" and not any(
            name in request.COOKIES
            for name in (settings.SESSION_COOKIE_NAME, CookieStorage.cookie_name)
        ):
            self.csrf.process_request(request)
            response = served_from_cache(request)
            if response is not None:
                patch_vary_headers(response, ("Cookie",))
                return self.csrf.process_response(request, response)
        return self.get_response(request)
