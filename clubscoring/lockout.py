"""The page a director sees when django-axes refuses a login after too many wrong passwords."""

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


def locked_out(
    request: HttpRequest, response: HttpResponse | None = None, credentials: dict | None = None
) -> HttpResponse:
    """The login page's lockout notice: who is locked, for how long, and what to do (429)."""
    minutes = int(settings.AXES_COOLOFF_TIME.total_seconds() // 60)
    return render(
        request,
        "registration/locked_out.html",
        {
            "username": request.POST.get("username", ""),
            "failure_limit": settings.AXES_FAILURE_LIMIT,
            "minutes": minutes,
        },
        status=429,
    )
