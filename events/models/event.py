"""An event: one session of play, its scoring settings and its state."""

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from scoring.adjusted_scores import ADJUSTED_SCORE_RULES
from scoring.cross_imps import CROSS_IMP_MODES
from scoring.datum import DATUM_METHODS
from scoring.matchpoints import MISSING_RESULT_RULES, ROUNDING_RULES

from .base import tracked
from .clubs import Club


class Event(models.Model):
    class Kind(models.TextChoices):
        PAIRS = "pairs", "Pairs"
        TEAMS = "teams", "Teams"
        INDIVIDUAL = "individual", "Individual"

    class Scoring(models.TextChoices):
        MATCHPOINTS = "mp", "Matchpoints"
        BUTLER = "butler", "IMPs against a datum (Butler)"
        CROSS_IMPS = "cross-imps", "Cross-IMPs"

    class Scale(models.IntegerChoices):
        TWO_PER_BEAT = 2, "2 per score beaten (EBU, WBF)"
        ONE_PER_BEAT = 1, "1 per score beaten (ACBL)"

    class Reveal(models.TextChoices):
        ALWAYS = "always", "Always: every result as it is entered"
        END_OF_ROUND = "round", "At the end of each round"
        END_OF_SESSION = "session", "When the director publishes"

    class Status(models.TextChoices):
        SETUP = "setup", "Being set up"
        RUNNING = "running", "Running"
        PUBLISHED = "published", "Published"

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="events")
    name = models.CharField(max_length=120)
    date = models.DateField()
    kind = models.CharField(max_length=10, choices=Kind, default=Kind.PAIRS)
    scoring = models.CharField(max_length=12, choices=Scoring, default=Scoring.MATCHPOINTS)
    mp_scale = models.PositiveSmallIntegerField(
        "matchpoint scale", choices=Scale, default=Scale.TWO_PER_BEAT
    )
    mp_rounding = models.CharField(
        "matchpoint rounding",
        max_length=6,
        choices=list(ROUNDING_RULES.items()),
        default="none",
        help_text="How each board's matchpoints are rounded before they are added up.",
    )
    datum_method = models.CharField(
        max_length=12, choices=list(DATUM_METHODS.items()), default="drop-one"
    )
    cross_imp_mode = models.CharField(
        "cross-IMP method", max_length=8, choices=list(CROSS_IMP_MODES.items()), default="cross2"
    )
    adjusted_scores = models.CharField(
        "average plus and minus",
        max_length=8,
        choices=list(ADJUSTED_SCORE_RULES.items()),
        default="session",
    )
    factor_totals = models.BooleanField(
        "factor totals",
        default=False,
        help_text="Scale a pair's total up to the most boards any pair played (sit-outs).",
    )
    factor_boards = models.PositiveSmallIntegerField(
        "factor totals to",
        null=True,
        blank=True,
        help_text="With factored totals: the number of boards every total is scaled to, e.g. "
        "all the boards when byes count (Magic Contest). Blank: the most boards any pair played.",
    )
    winners = models.PositiveSmallIntegerField(
        choices=[(1, "One winner"), (2, "Two winners (NS and EW)")], default=2
    )
    ew_numbered_on = models.BooleanField(
        "East-West numbered on",
        default=False,
        help_text="In a Mitchell, number the East-West pairs on from the North-South ones "
        '(9 to 16 with 8 tables). Off: each direction from 1, "1 NS" and "1 EW", as most '
        "clubs print them.",
    )
    section_scoring = models.CharField(
        "sections matchpointed",
        max_length=8,
        choices=[
            ("section", "Within each section"),
            ("field", "Across the field: every section's results on the same board"),
        ],
        default="section",
        help_text="With several sections on the same boards, a congress compares each board's "
        "results across the whole field (Neuberg where the sections' counts differ).",
    )
    missing_results = models.CharField(
        "boards played fewer times",
        max_length=8,
        choices=list(MISSING_RESULT_RULES.items()),
        default="neuberg",
        help_text="How a board with fewer results than the movement expects is matchpointed.",
    )
    reveal = models.CharField(max_length=8, choices=Reveal, default=Reveal.ALWAYS)
    # The players' entry at the table (events.services.tables): what it asks and what it shows.
    table_lead = models.BooleanField(
        _("lead asked at the table"),
        default=False,
        help_text=_("The players enter the opening lead with each result."),
    )
    table_pin = models.BooleanField(
        _("opponents accept with their PIN"),
        default=False,
        help_text=_("The side accepting a result types its PIN, printed on its guide card."),
    )
    table_shows_points = models.BooleanField(
        _("table sees its points"),
        default=True,
        help_text=_("Once a board is played: the table's matchpoints or IMPs on it so far."),
    )
    table_shows_traveller = models.BooleanField(
        _("table sees the traveller"),
        default=True,
        help_text=_("Once a board is played: the results of the tables that have played it."),
    )
    table_shows_hand = models.BooleanField(
        _("table sees the hand"),
        default=True,
        help_text=_("Once a board is played: its hand record and double-dummy table."),
    )
    # With both set, the problems panel counts a round as due once its time is up.
    start_time = models.TimeField(
        "start time", null=True, blank=True, help_text="When the first round starts, e.g. 19:30."
    )
    round_minutes = models.PositiveSmallIntegerField(
        "minutes a round",
        null=True,
        blank=True,
        validators=[MinValueValidator(1), MaxValueValidator(240)],
        help_text="With a start time: the problems panel then lists a round as missing once its "
        "time is up. Blank: only once later rounds are entered or most tables are in.",
    )
    status = models.CharField(max_length=10, choices=Status, default=Status.SETUP)
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
        return f"{self.name} ({self.date:%d %b %Y})"

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
