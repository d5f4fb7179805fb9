"""Director pages: set up an event, choose its movement, name the pairs, publish."""

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET


@require_GET
@login_required
def home(request: HttpRequest) -> HttpResponse:
    clubs = request.user.clubs.prefetch_related("events")
    return render(request, "events/director/home.html", {"clubs": clubs})
