from django.urls import path

from events.views import calculator, director, pads, public

urlpatterns = [
    path("", public.home, name="home"),
    path("clubs/<slug:slug>/", public.club, name="club"),
    path("events/<int:event_id>/", public.event, name="event"),
    path("events/<int:event_id>/ranking/", public.ranking_fragment, name="ranking-fragment"),
    path(
        "events/<int:event_id>/<str:section>/pairs/<int:number>/",
        public.scorecard_view,
        name="scorecard",
    ),
    path(
        "events/<int:event_id>/<str:section>/boards/<int:number>/",
        public.traveller_view,
        name="traveller",
    ),
    # Score pads and calculator
    path("calculator/", calculator.calculator, name="calculator"),
    path("pad/rubber/", pads.rubber_pad, name="rubber-pad"),
    path("pad/chicago/", pads.chicago_pad, name="chicago-pad"),
    # Director pages
    path("director/", director.home, name="director-home"),
]
