"""An event: one session of play, its scoring settings and its state."""

import datetime

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.formats import date_format
from django.utils.translation import gettext_lazy

from scoring.adjusted_scores import ADJUSTED_SCORE_RULES
from scoring.cross_imps import CROSS_IMP_MODES
from scoring.datum import DATUM_METHODS
from scoring.matchpoints import MISSING_RESULT_RULES, ROUNDING_RULES

from .base import labelled, tracked
from .clubs import Club


def event_label(name: str, day: datetime.date) -> str:
    """An event's name and date, the date as the reader's language writes one (its
    DATE_FORMAT: "5 Feb 2026", "5 février 2026", "5. februar 2026")."""
    return f"{name} ({date_format(day, 'DATE_FORMAT')})"


class Event(models.Model):
    class Kind(models.TextChoices):
        PAIRS = "pairs", gettext_lazy("Pairs")
        TEAMS = "teams", gettext_lazy("Teams")
        INDIVIDUAL = "individual", gettext_lazy("Individual")

    class Scoring(models.TextChoices):
        MATCHPOINTS = "mp", gettext_lazy("Matchpoints")
        BUTLER = "butler", gettext_lazy("IMPs against a datum (Butler)")
        CROSS_IMPS = "cross-imps", gettext_lazy("Cross-IMPs")

    class Scale(models.IntegerChoices):
        TWO_PER_BEAT = 2, gettext_lazy("2 per score beaten (EBU, WBF)")
        ONE_PER_BEAT = 1, gettext_lazy("1 per score beaten (ACBL)")

    class Reveal(models.TextChoices):
        ALWAYS = "always", gettext_lazy("Always: every result as it is entered")
        END_OF_ROUND = "round", gettext_lazy("At the end of each round")
        END_OF_SESSION = "session", gettext_lazy("When the director publishes")

    class Status(models.TextChoices):
        SETUP = "setup", gettext_lazy("Being set up")
        RUNNING = "running", gettext_lazy("Running")
        PUBLISHED = "published", gettext_lazy("Published")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="events")
    name = models.CharField(gettext_lazy("name"), max_length=120)
    date = models.DateField(gettext_lazy("date"))
    kind = models.CharField(gettext_lazy("kind"), max_length=10, choices=Kind, default=Kind.PAIRS)
    scoring = models.CharField(
        gettext_lazy("scoring"), max_length=12, choices=Scoring, default=Scoring.MATCHPOINTS
    )
    mp_scale = models.PositiveSmallIntegerField(
        gettext_lazy("matchpoint scale"), choices=Scale, default=Scale.TWO_PER_BEAT
    )
    mp_rounding = models.CharField(
        gettext_lazy("matchpoint rounding"),
        max_length=6,
        choices=labelled(ROUNDING_RULES),
        default="none",
        help_text=gettext_lazy(
            "How each board's matchpoints are rounded before they are added up."
        ),
    )
    datum_method = models.CharField(
        gettext_lazy("datum method"),
        max_length=12,
        choices=labelled(DATUM_METHODS),
        default="drop-one",
    )
    cross_imp_mode = models.CharField(
        gettext_lazy("cross-IMP method"),
        max_length=8,
        choices=labelled(CROSS_IMP_MODES),
        default="cross2",
    )
    adjusted_scores = models.CharField(
        gettext_lazy("average plus and minus"),
        max_length=8,
        choices=labelled(ADJUSTED_SCORE_RULES),
        default="session",
    )
    factor_totals = models.BooleanField(
        gettext_lazy("factor totals"),
        default=False,
        help_text=gettext_lazy(
            "Scale a pair's total up to the most boards any pair played (sit-outs)."
        ),
    )
    factor_boards = models.PositiveSmallIntegerField(
        gettext_lazy("factor totals to"),
        null=True,
        blank=True,
        help_text=gettext_lazy(
            "With factored totals: the number of boards every total is scaled to, e.g. all the "
            "boards when byes count (Magic Contest). Blank: the most boards any pair played."
        ),
    )
    winners = models.PositiveSmallIntegerField(
        gettext_lazy("winners"),
        choices=[(1, gettext_lazy("One winner")), (2, gettext_lazy("Two winners (NS and EW)"))],
        default=2,
    )
    ew_numbered_on = models.BooleanField(
        gettext_lazy("East-West numbered on"),
        default=False,
        help_text=gettext_lazy(
            "In a Mitchell, number the East-West pairs on from the North-South ones "
            '(9 to 16 with 8 tables). Off: each direction from 1, "1 NS" and "1 EW", as most '
            "clubs print them."
        ),
    )
    section_scoring = models.CharField(
        gettext_lazy("sections matchpointed"),
        max_length=8,
        choices=[
            ("section", gettext_lazy("Within each section")),
            (
                "field",
                gettext_lazy("Across the field: every section's results on the same board"),
            ),
        ],
        default="section",
        help_text=gettext_lazy(
            "With several sections on the same boards, a congress compares each board's "
            "results across the whole field (Neuberg where the sections' counts differ)."
        ),
    )
    missing_results = models.CharField(
        gettext_lazy("boards played fewer times"),
        max_length=8,
        choices=labelled(MISSING_RESULT_RULES),
        default="neuberg",
        help_text=gettext_lazy(
            "How a board with fewer results than the movement expects is matchpointed."
        ),
    )
    factor_to = models.CharField(
        gettext_lazy("boards factored to"),
        max_length=8,
        choices=[
            ("played", gettext_lazy("The tables where two pairs play the board")),
            (
                "movement",
                gettext_lazy("Every table of the movement, a phantom's or sit-out's counted"),
            ),
        ],
        default="played",
        help_text=gettext_lazy(
            "The count of results a board is matchpointed to (its top; the E of Neuberg's "
            "formula): the times two pairs meet on it, or also the table where a pair sits "
            "out, as some clubs count a phantom pair's table."
        ),
    )
    percentage_basis = models.CharField(
        gettext_lazy("percentages worked on"),
        max_length=10,
        choices=[
            ("scored", gettext_lazy("The matchpoints as scored")),
            (
                "unfactored",
                gettext_lazy(
                    "Each board's own results: the matchpoints before a short board is factored"
                ),
            ),
        ],
        default="scored",
        help_text=gettext_lazy(
            "A pair's percentage is its matchpoints over its boards' tops. Some programs work "
            "it on each board's own results, before factoring (an imported file's may)."
        ),
    )
    reveal = models.CharField(
        gettext_lazy("reveal"), max_length=8, choices=Reveal, default=Reveal.ALWAYS
    )
    # The players' entry at the table (events.services.tables): what it asks and what it shows.
    table_lead = models.BooleanField(
        gettext_lazy("lead asked at the table"),
        default=False,
        help_text=gettext_lazy("The players enter the opening lead with each result."),
    )
    table_pin = models.BooleanField(
        gettext_lazy("opponents accept with their PIN"),
        default=False,
        help_text=gettext_lazy(
            "The side accepting a result types its PIN, printed on its guide card."
        ),
    )
    table_shows_points = models.BooleanField(
        gettext_lazy("table sees its points"),
        default=True,
        help_text=gettext_lazy(
            "Once a board is played: the table's matchpoints or IMPs on it so far."
        ),
    )
    table_shows_traveller = models.BooleanField(
        gettext_lazy("table sees the traveller"),
        default=True,
        help_text=gettext_lazy(
            "Once a board is played: the results of the tables that have played it."
        ),
    )
    table_shows_hand = models.BooleanField(
        gettext_lazy("table sees the hand"),
        default=True,
        help_text=gettext_lazy("Once a board is played: its hand record and double-dummy table."),
    )
    # With both set, the problems panel counts a round as due once its time is up.
    start_time = models.TimeField(
        gettext_lazy("start time"),
        null=True,
        blank=True,
        help_text=gettext_lazy("When the first round starts, e.g. 19:30."),
    )
    round_minutes = models.PositiveSmallIntegerField(
        gettext_lazy("minutes a round"),
        null=True,
        blank=True,
        validators=[MinValueValidator(1), MaxValueValidator(240)],
        help_text=gettext_lazy(
            "With a start time: the problems panel then lists a round as missing once its "
            "time is up. Blank: only once later rounds are entered or most tables are in."
        ),
    )
    status = models.CharField(
        gettext_lazy("status"), max_length=10, choices=Status, default=Status.SETUP
    )
    # A published event is open for correction from `reopened_on` until it is published again;
    # `corrected_on` tells players when a published result last changed.
    reopened_on = models.DateTimeField(null=True, blank=True)
    corrected_on = models.DateTimeField(null=True, blank=True)
    # The SHA-256 of the results file an event was imported from: a second import says so.
    file_hash = models.CharField(max_length=64, blank=True, db_index=True)
    created = models.DateTimeField(auto_now_add=True)
    history = tracked()

    class Meta:
        ordering = ["-date", "name"]
        constraints = [
            models.CheckConstraint(condition=Q(mp_scale__in=[1, 2]), name="event_mp_scale_1_or_2"),
            models.CheckConstraint(condition=Q(winners__in=[1, 2]), name="event_winners_1_or_2"),
        ]

    def __str__(self) -> str:
        return event_label(self.name, self.date)

    def get_absolute_url(self) -> str:
        return reverse("event", kwargs={"event_id": self.pk})

    @property
    def across_field(self) -> bool:
        return self.section_scoring == "field"

    @property
    def is_imps(self) -> bool:
        return self.scoring != self.Scoring.MATCHPOINTS

    @property
    def is_teams(self) -> bool:
        return self.kind == self.Kind.TEAMS

    @property
    def is_individual(self) -> bool:
        return self.kind == self.Kind.INDIVIDUAL

    @property
    def is_published(self) -> bool:
        return self.status == self.Status.PUBLISHED

    @property
    def is_locked(self) -> bool:
        """Published and not reopened: nothing may change until the director reopens it."""
        return self.is_published and self.reopened_on is None
