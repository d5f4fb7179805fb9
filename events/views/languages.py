"""The JavaScript catalog: the scripts' words in the page's language, drawn once a language."""

from django.http import HttpRequest, HttpResponse
from django.utils import translation
from django.views.decorators.cache import cache_page
from django.views.decorators.http import require_GET
from django.views.i18n import JavaScriptCatalog

from events.services.languages import supported_language

# The server keeps each language's catalog, and the browser its copy, for an hour: the page
# asks for the one of its own language (?language=), so that a switch fetches the new one.
_catalog = cache_page(3600)(JavaScriptCatalog.as_view())


@require_GET
def javascript_catalog(request: HttpRequest) -> HttpResponse:
    """Django's JavaScript catalog in the language the page names (a club's page may be in its
    club's language, which the request alone does not tell), else the request's."""
    language = supported_language(request.GET.get("language")) or translation.get_language()
    with translation.override(language):
        return _catalog(request)
