"""Whose language a page is in: the reader's choice (the switch's cookie), else the language
their browser asks for, if it is one of the site's; else, on a club's public pages, the club's
own; else the site's. A director's choice is kept on their account and applied when they log
in (events.middleware.ReadersLanguage)."""

from django.conf import settings
from django.http import HttpRequest
from django.utils.translation import get_supported_language_variant, override
from django.utils.translation.trans_real import language_code_re, parse_accept_lang_header

from events.models import Account, Club, Competition, Event, TableAccess

# The session's copy of a director's language, read on each request without a query.
SESSION_KEY = "director_language"


def supported_language(code: str | None) -> str | None:
    if not code or not language_code_re.search(code):
        return None
    try:
        return get_supported_language_variant(code)
    except LookupError:
        return None


def speaking_for_club(club: Club) -> override:
    """A `with` block in the club's own language (the site's, when the club's is not one the
    site speaks): how a management command that works on one club speaks once it has found it."""
    return override(supported_language(club.language) or settings.LANGUAGE_CODE)


def chosen_language(request: HttpRequest) -> str | None:
    """The reader's own language: the switch's cookie, else the first of their browser's
    languages the site speaks; None when neither names one (the page's club then decides)."""
    chosen = supported_language(request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME))
    if chosen:
        return chosen
    for code, _quality in parse_accept_lang_header(request.headers.get("Accept-Language", "")):
        if code == "*":
            break
        if found := supported_language(code):
            return found
    return None


def club_language(view_kwargs: dict) -> str | None:
    """The default language of the club whose public page the view's arguments name."""
    if "event_id" in view_kwargs:
        rows = Event.objects.filter(pk=view_kwargs["event_id"]).values_list("club__language")
    elif "competition_id" in view_kwargs:
        competitions = Competition.objects.filter(pk=view_kwargs["competition_id"])
        rows = competitions.values_list("club__language")
    elif "token" in view_kwargs:  # a table's page
        accesses = TableAccess.objects.filter(token=view_kwargs["token"])
        rows = accesses.values_list("event__club__language")
    elif "slug" in view_kwargs:
        rows = Club.objects.filter(slug=view_kwargs["slug"]).values_list("language")
    else:
        return None
    found = rows.first()
    return supported_language(found[0]) if found else None


def saved_language(user) -> str | None:
    """The language the director last chose with the switch, if any."""
    found = Account.objects.filter(user=user).values_list("language", flat=True).first()
    return supported_language(found)


def remember_language(user, language: str) -> None:
    """Keep the director's choice of language on their account."""
    Account.objects.update_or_create(user=user, defaults={"language": language})
