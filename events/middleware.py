"""The site's own middleware: each request starts in the site's time zone, a public page
kept in the cache is served before the rest of the middleware runs, and a page is in the
reader's language (a director's own, a club's for its public pages)."""

from django.conf import settings
from django.contrib.auth.signals import user_logged_in
from django.contrib.messages.storage.cookie import CookieStorage
from django.dispatch import receiver
from django.middleware.csrf import CsrfViewMiddleware
from django.utils import timezone, translation
from django.utils.cache import patch_vary_headers

from events.services.languages import (
    SESSION_KEY,
    chosen_language,
    club_language,
    remember_language,
    saved_language,
)
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


@receiver(user_logged_in, dispatch_uid="director-language-at-login")
def _director_language_at_login(sender, request, user, **kwargs):
    """A director who logs in gets the language they last chose (ReadersLanguage sets the
    cookie): kept in the session, so that no later request reads it again."""
    if request is None:
        return
    language = saved_language(user)
    if language:
        request.session[SESSION_KEY] = language
        request.language_at_login = language


class ReadersLanguage:
    """After LocaleMiddleware (which took the switch's cookie, else the browser's language):
    a logged-in director without the cookie gets their own language; a public page of a club's
    event, to a reader who chose no language and whose browser asks for none of the site's,
    the club's; a director's choice with the switch is kept on their account."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        request.chosen_language = chosen_language(request)
        own = None
        if settings.LANGUAGE_COOKIE_NAME not in request.COOKIES and hasattr(request, "session"):
            own = request.session.get(SESSION_KEY)
        if own:
            request.chosen_language = own
            self._use(request, own)
        response = self.get_response(request)
        if at_login := getattr(request, "language_at_login", None):
            self._use(request, at_login)
            response.set_cookie(
                settings.LANGUAGE_COOKIE_NAME,
                at_login,
                max_age=settings.LANGUAGE_COOKIE_AGE,
                samesite=settings.LANGUAGE_COOKIE_SAMESITE,
                secure=settings.LANGUAGE_COOKIE_SECURE,
                httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
            )
        elif settings.LANGUAGE_COOKIE_NAME in response.cookies and request.user.is_authenticated:
            # The switch (Django's set_language) answered: the director's choice is theirs.
            chosen = response.cookies[settings.LANGUAGE_COOKIE_NAME].value
            if chosen and chosen != request.session.get(SESSION_KEY):
                remember_language(request.user, chosen)
                request.session[SESSION_KEY] = chosen
        return response

    def process_view(self, request, view_func, view_args, view_kwargs):
        public = not request.path.startswith("/director/")
        if request.chosen_language is None and public and (language := club_language(view_kwargs)):
            self._use(request, language)

    @staticmethod
    def _use(request, language: str) -> None:
        translation.activate(language)
        request.LANGUAGE_CODE = language
