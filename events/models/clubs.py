"""Clubs and their players."""

import zoneinfo

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext_lazy

from .base import tracked


def site_time_zone() -> str:
    """A new club's time zone: the site's."""
    return settings.TIME_ZONE


def validate_time_zone(value: str) -> None:
    """Refuse a name that is not one of the IANA time zones this machine knows."""
    if value not in zoneinfo.available_timezones():
        raise ValidationError(
            gettext_lazy(
                "%(value)s is not a time zone: give one such as Europe/London or Pacific/Auckland."
            ),
            code="invalid",
            params={"value": value[:60]},
        )


# The settings a club's new events start from: the event's fields of those names, and the
# boards a round of the movements offered first.
EVENT_DEFAULTS = ("scoring", "mp_scale", "mp_rounding", "ew_numbered_on", "reveal")
BOARDS_PER_ROUND = "boards_per_round"
# The players a team registered on the team form has, fewest and most (a file's squad, of any
# size, is imported as the file has it).
TEAM_MIN_PLAYERS, TEAM_MAX_PLAYERS = "team_min_players", "team_max_players"
SQUAD_LIMITS = {TEAM_MIN_PLAYERS: 4, TEAM_MAX_PLAYERS: 6}


def squad_limits(club: "Club") -> tuple[int, int]:
    """The fewest and most players the club's team form registers in a team."""
    defaults = {**SQUAD_LIMITS, **club.event_defaults}
    return defaults[TEAM_MIN_PLAYERS], defaults[TEAM_MAX_PLAYERS]


def validate_event_defaults(value) -> None:
    """The defaults for new events are plain values of those settings by name (a form checks
    each value: a wrong one is only a page's first choice, never an event's setting)."""
    names = {*EVENT_DEFAULTS, BOARDS_PER_ROUND, *SQUAD_LIMITS}
    if not isinstance(value, dict) or any(
        name not in names or not isinstance(setting, str | int) for name, setting in value.items()
    ):
        raise ValidationError(
            gettext_lazy("The defaults for new events are not a set of settings.")
        )


class Club(models.Model):
    class NationalBody(models.TextChoices):
        EBU = "ebu", gettext_lazy("English Bridge Union (EBU)")
        ACBL = "acbl", gettext_lazy("American Contract Bridge League (ACBL)")
        ABF = "abf", gettext_lazy("Australian Bridge Federation (ABF)")
        NBB = "nbb", gettext_lazy("Nederlandse Bridge Bond (NBB)")
        FFB = "ffb", gettext_lazy("Fédération Française de Bridge (FFB)")
        NBF = "nbf", gettext_lazy("Norsk Bridgeforbund (NBF)")
        OTHER = "other", gettext_lazy("Another national body")

    name = models.CharField(max_length=120)
    slug = models.SlugField(max_length=60, unique=True)
    directors = models.ManyToManyField(settings.AUTH_USER_MODEL, related_name="clubs", blank=True)
    # The demo `load_demo` makes: the only club it may delete and make again.
    is_demo = models.BooleanField(default=False, editable=False)
    # Dates, times and "today" on the club's pages follow it.
    time_zone = models.CharField(
        gettext_lazy("time zone"),
        max_length=64,
        default=site_time_zone,
        validators=[validate_time_zone],
    )
    national_body = models.CharField(
        gettext_lazy("national body"),
        max_length=8,
        choices=NationalBody,
        blank=True,
        default="",  # also for a backup made before clubs had one
        help_text=gettext_lazy("The body whose numbers the players' national member numbers are."),
    )
    # The language of its events' public pages for a reader who chose none and whose browser
    # asks for none of the site's (events.services.languages).
    language = models.CharField(
        gettext_lazy("language"),
        max_length=8,
        choices=settings.LANGUAGES,
        default=settings.LANGUAGE_CODE,
        help_text=gettext_lazy(
            "The language of the club's public pages for a reader whose browser asks for none "
            "of the site's languages; each reader can choose their own."
        ),
    )
    # What a new event's form starts from, by name (events.forms.club_settings checks them).
    event_defaults = models.JSONField(
        gettext_lazy("defaults for new events"),
        default=dict,
        blank=True,
        validators=[validate_event_defaults],
    )

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("club", kwargs={"slug": self.slug})


class Player(models.Model):
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="players")
    name = models.CharField(max_length=120)
    member_number = models.CharField(
        gettext_lazy("national member number"), max_length=30, blank=True
    )
    email = models.EmailField(gettext_lazy("email"), blank=True, default="")
    guest = models.BooleanField(default=False)
    history = tracked()

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(
                fields=["club", "member_number"],
                condition=~Q(member_number=""),
                name="player_member_number_unique_in_club",
            )
        ]

    def __str__(self) -> str:
        return self.name
