"""The rubber and Chicago score pads."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET


@require_GET
def rubber_pad(request: HttpRequest) -> HttpResponse:
    return render(request, "pads/pad.html", {"kind": "rubber"})


@require_GET
def chicago_pad(request: HttpRequest) -> HttpResponse:
    return render(request, "pads/pad.html", {"kind": "chicago"})
