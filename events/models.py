"""The club's data: clubs, players, events, the movement, boards and traveller lines.

Models stay thin: the rules live in `scoring`, the database work in `events.services`.
"""

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone
from simple_history.models import HistoricalRecords

from scoring.adjusted_scores import ADJUSTED_SCORE_RULES
from scoring.carry_over import CARRY_OVER_METHODS
from scoring.cross_imps import CROSS_IMP_MODES
from scoring.datum import DATUM_METHODS
from scoring.matchpoints import MISSING_RESULT_RULES, ROUNDING_RULES
from scoring.pair_labels import label_slug, printed_number
from scoring.weighted_scores import weighted_text

SEATS = [("N", "North"), ("E", "East"), ("S", "South"), ("W", "West")]


class ChangeRecord(models.Model):
    """What every historical row carries besides the row: the director's change it belongs to."""

    change = models.ForeignKey(
        "events.Change", null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )

    class Meta:
        abstract = True


def tracked(*derived: str) -> HistoricalRecords:
    """The history of a model's rows, tied to changes; `derived` fields (scores that rescoring
    recomputes) are left out of it."""
    return HistoricalRecords(bases=[ChangeRecord], excluded_fields=list(derived))


class Club(models.Model):
    name = models.CharField(max_length=120)
    slug = models.SlugField(max_length=60, unique=True)
    directors = models.ManyToManyField(settings.AUTH_USER_MODEL, related_name="clubs", blank=True)
    # The demo `load_demo` makes: the only club it may delete and make again.
    is_demo = models.BooleanField(default=False, editable=False)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("club", kwargs={"slug": self.slug})


class Player(models.Model):
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="players")
    name = models.CharField(max_length=120)
    member_number = models.CharField("national member number", max_length=30, blank=True)
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


class Event(models.Model):
    class Kind(models.TextChoices):
        PAIRS = "pairs", "Pairs"

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
    missing_results = models.CharField(
        "boards played fewer times",
        max_length=8,
        choices=list(MISSING_RESULT_RULES.items()),
        default="neuberg",
        help_text="How a board with fewer results than the movement expects is matchpointed.",
    )
    reveal = models.CharField(max_length=8, choices=Reveal, default=Reveal.ALWAYS)
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
    def is_imps(self) -> bool:
        return self.scoring != self.Scoring.MATCHPOINTS

    @property
    def is_published(self) -> bool:
        return self.status == self.Status.PUBLISHED

    @property
    def is_locked(self) -> bool:
        """Published and not reopened: nothing may change until the director reopens it."""
        return self.is_published and self.reopened_on is None


class Section(models.Model):
    """One movement's worth of tables; matchpoints are compared within a section."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="sections")
    letter = models.CharField(max_length=2, default="A")
    movement = models.CharField(max_length=80, blank=True)
    tables = models.PositiveSmallIntegerField(default=0)
    rounds = models.PositiveSmallIntegerField(default=0)
    boards_per_round = models.PositiveSmallIntegerField(default=0)
    history = tracked()

    class Meta:
        ordering = ["letter"]
        constraints = [
            models.UniqueConstraint(fields=["event", "letter"], name="section_letter_unique")
        ]

    def __str__(self) -> str:
        return f"Section {self.letter}"


class Pair(models.Model):
    class Direction(models.TextChoices):
        NS = "NS", "North-South"
        EW = "EW", "East-West"
        ANY = "", "Either"

    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="pairs")
    number = models.PositiveSmallIntegerField()
    direction = models.CharField(max_length=2, choices=Direction, blank=True)
    # What players see: "3 NS" / "3 EW" in a Mitchell numbered per direction, else the number
    # (scoring.pair_labels; kept by events.services.pair_labels).
    label = models.CharField(max_length=12, blank=True)
    players = models.ManyToManyField(Player, through="Partnership", related_name="pairs")
    names = models.CharField(max_length=250, blank=True)
    # Kept up to date on every saved result, so that rankings are one indexed read.
    score = models.FloatField(default=0)
    top_total = models.FloatField(default=0)
    boards_played = models.PositiveSmallIntegerField(default=0)
    history = tracked("score", "top_total", "boards_played")

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["section", "number"], name="pair_number_unique")
        ]

    def __str__(self) -> str:
        return f"Pair {self.name}"

    def save(self, *args, **kwargs):
        # A pair has a label from its first save; events.services.pair_labels gives a Mitchell's.
        self.label = self.label or str(self.number)
        super().save(*args, **kwargs)

    @property
    def name(self) -> str:
        """The label players know the pair by."""
        return self.label or str(self.number)

    @property
    def printed(self) -> str:
        """The number alone, for a column that already says NS or EW."""
        return printed_number(self.name)

    @property
    def file_id(self) -> str:
        """The pair in a results file: "3NS", "3EW" (as Compscore writes them) or "3"."""
        return self.name.replace(" ", "")

    @property
    def slug(self) -> str:
        """The pair in a URL: "3ns", "3ew" or "3"."""
        return label_slug(self.name)

    @property
    def percentage(self) -> float | None:
        return 100 * self.score / self.top_total if self.top_total else None


class Partnership(models.Model):
    pair = models.ForeignKey(Pair, on_delete=models.CASCADE)
    # RESTRICT: a player in a pair stays, unless the pair goes too (a whole club or event).
    player = models.ForeignKey(Player, on_delete=models.RESTRICT)
    seat = models.PositiveSmallIntegerField(default=1)
    history = tracked()

    class Meta:
        ordering = ["seat"]
        constraints = [
            models.UniqueConstraint(fields=["pair", "seat"], name="partnership_seat_unique")
        ]

    def __str__(self) -> str:
        return f"{self.player} in {self.pair}"


class TableRound(models.Model):
    """Who the movement puts at a table in a round, and which boards they play."""

    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="table_rounds")
    round = models.PositiveSmallIntegerField()
    table = models.PositiveSmallIntegerField()
    ns_pair = models.ForeignKey(Pair, on_delete=models.CASCADE, related_name="+", null=True)
    ew_pair = models.ForeignKey(Pair, on_delete=models.CASCADE, related_name="+", null=True)
    low_board = models.PositiveSmallIntegerField(null=True)
    high_board = models.PositiveSmallIntegerField(null=True)
    history = tracked()

    class Meta:
        ordering = ["round", "table"]
        constraints = [
            models.UniqueConstraint(
                fields=["section", "round", "table"], name="table_round_unique"
            ),
            models.CheckConstraint(
                condition=Q(low_board__lte=models.F("high_board")), name="table_round_boards"
            ),
        ]

    def __str__(self) -> str:
        return f"Round {self.round}, table {self.table}"


class Board(models.Model):
    """A board as one section plays it: its conditions, hand record and traveller."""

    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="boards")
    number = models.PositiveSmallIntegerField()
    dealer = models.CharField(max_length=1, choices=SEATS)
    vulnerability = models.CharField(
        max_length=4, choices=[(v, v) for v in ("None", "NS", "EW", "All")]
    )
    deal = models.CharField("deal (PBN)", max_length=80, blank=True)
    double_dummy = models.JSONField(null=True, blank=True)
    par = models.CharField(max_length=80, blank=True)
    # How many times the movement schedules this board: the E of the Neuberg formula.
    expected_results = models.PositiveSmallIntegerField(default=0)
    history = tracked()

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["section", "number"], name="board_number_unique")
        ]

    def __str__(self) -> str:
        return f"Board {self.number}"


class Result(models.Model):
    """One traveller line: a board played (or adjusted) between an NS and an EW pair."""

    class Adjustment(models.TextChoices):
        NONE = "", "—"
        AVE_PLUS = "A+", "Average plus"
        AVE = "A", "Average"
        AVE_MINUS = "A-", "Average minus"

    board = models.ForeignKey(Board, on_delete=models.CASCADE, related_name="results")
    ns_pair = models.ForeignKey(Pair, on_delete=models.CASCADE, related_name="ns_results")
    ew_pair = models.ForeignKey(Pair, on_delete=models.CASCADE, related_name="ew_results")
    round = models.PositiveSmallIntegerField(null=True, blank=True)
    table = models.PositiveSmallIntegerField(null=True, blank=True)
    contract = models.CharField(max_length=8, blank=True)  # "4SX", "3NT", "PASS"; "" if none
    declarer = models.CharField(max_length=1, choices=SEATS, blank=True)
    lead = models.CharField(max_length=3, blank=True)
    tricks = models.PositiveSmallIntegerField(null=True, blank=True)
    score_ns = models.IntegerField(null=True, blank=True)
    # An assigned split score: each side is scored as if it had this NS score.
    score_ew = models.IntegerField(null=True, blank=True)
    ns_adjustment = models.CharField(max_length=2, choices=Adjustment, blank=True)
    ew_adjustment = models.CharField(max_length=2, choices=Adjustment, blank=True)
    # An artificial score other than Law 12C2's 60/50/40 (USEBIO "A7030", a session
    # percentage under Law 12C2(c)): each side's percent of the top. Blank: the code's percent.
    ns_percent = models.FloatField(null=True, blank=True)
    ew_percent = models.FloatField(null=True, blank=True)
    not_played = models.BooleanField(default=False)
    # A weighted score (Law 12C1(c)): its parts, each [percent, contract, declarer, tricks,
    # NS score] (scoring.weighted_scores); score_ns then holds their weighted mean.
    weights = models.JSONField(null=True, blank=True)
    note = models.CharField(max_length=200, blank=True)
    ns_points = models.FloatField(null=True, blank=True)
    ew_points = models.FloatField(null=True, blank=True)
    top = models.FloatField(null=True, blank=True)
    updated = models.DateTimeField(auto_now=True)
    history = tracked("ns_points", "ew_points", "top", "updated")

    class Meta:
        ordering = ["board__number", "ns_pair__number"]
        constraints = [
            models.UniqueConstraint(fields=["board", "ns_pair"], name="result_board_ns_once"),
            models.UniqueConstraint(fields=["board", "ew_pair"], name="result_board_ew_once"),
            models.CheckConstraint(
                condition=Q(tricks__isnull=True) | Q(tricks__lte=13), name="result_tricks_0_13"
            ),
            models.CheckConstraint(
                condition=Q(declarer__in=["", "N", "E", "S", "W"]), name="result_declarer_seat"
            ),
            models.CheckConstraint(
                condition=~Q(ns_pair=models.F("ew_pair")), name="result_pairs_differ"
            ),
            # A line is exactly one of: a played score, an adjustment, or not played.
            models.CheckConstraint(
                condition=(
                    Q(not_played=True, score_ns__isnull=True, ns_adjustment="", ew_adjustment="")
                    | Q(
                        not_played=False, score_ns__isnull=False, ns_adjustment="", ew_adjustment=""
                    )
                    | Q(
                        not_played=False,
                        score_ns__isnull=True,
                        score_ew__isnull=True,
                        ns_adjustment__in=["A+", "A", "A-"],
                        ew_adjustment__in=["A+", "A", "A-"],
                    )
                ),
                name="result_one_kind",
            ),
            # A weighted line is a played line of its own kind: no contract, no split.
            models.CheckConstraint(
                condition=Q(weights__isnull=True)
                | Q(not_played=False, score_ns__isnull=False, score_ew__isnull=True, contract=""),
                name="result_weighted_is_played",
            ),
        ]

    def __str__(self) -> str:
        return f"Board {self.board.number}: {self.ns_pair.name} v {self.ew_pair.name}"

    @property
    def is_adjusted(self) -> bool:
        return bool(self.ns_adjustment)

    @property
    def weighted_text(self) -> str:
        """ "40% 4S N =, 60% 4S N -1" for a weighted line, else ""."""
        return weighted_text(self.weights) if self.weights else ""


class Competition(models.Model):
    """A multi-session event or a series: existing events of the club as its sessions, in
    order, and how each pair's sessions carry over into one cumulative ranking. Pairs are the
    same entrant across sessions when they are the same two players."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="competitions")
    name = models.CharField(max_length=120)
    carry_over = models.CharField(
        "carry-over",
        max_length=16,
        choices=list(CARRY_OVER_METHODS.items()),
        default="sum-percent",
    )
    best_of = models.PositiveSmallIntegerField(
        "best sessions counted",
        null=True,
        blank=True,
        validators=[MinValueValidator(1)],
        help_text="For a series: only each pair's best n sessions count. Blank: every session.",
    )
    created = models.DateTimeField(auto_now_add=True)
    history = tracked()

    class Meta:
        ordering = ["-created", "name"]
        constraints = [
            models.CheckConstraint(
                condition=Q(best_of__isnull=True) | Q(best_of__gte=1), name="competition_best_of"
            )
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("competition", kwargs={"competition_id": self.pk})


class CompetitionSession(models.Model):
    """One event as a session of a competition, at its place in the order."""

    competition = models.ForeignKey(Competition, on_delete=models.CASCADE, related_name="sessions")
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="+")
    position = models.PositiveSmallIntegerField()
    history = tracked()

    class Meta:
        ordering = ["position", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["competition", "event"], name="competition_session_once"
            )
        ]

    def __str__(self) -> str:
        return f"Session {self.position} of {self.competition}"


class Change(models.Model):
    """One director's action (a line saved, names typed, a movement or settings changed, an undo):
    the historical rows it wrote point to it."""

    class Kind(models.TextChoices):
        RESULT = "result", "Traveller line"
        PAIRS = "pairs", "Pairs and names"
        PLAYER = "player", "Player"
        MOVEMENT = "movement", "Movement"
        REPAIR = "repair", "Movement repair"
        SETTINGS = "settings", "Settings"
        STATUS = "status", "Status"
        IMPORT = "import", "Import"
        HANDS = "hands", "Hand records"
        EVENT = "event", "Event deleted"
        COMPETITION = "series", "Multi-session event"
        UNDO = "undo", "Undo"

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="changes")
    event = models.ForeignKey(
        Event, null=True, blank=True, on_delete=models.SET_NULL, related_name="changes"
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created = models.DateTimeField(default=timezone.now)
    kind = models.CharField(max_length=10, choices=Kind)
    note = models.CharField(max_length=200, blank=True)
    undoes = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="undos"
    )

    class Meta:
        ordering = ["-created", "-pk"]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} ({self.created:%d %b %Y %H:%M})"


class Upload(models.Model):
    """A results file a director uploaded: the preview and the confirmation refer to it by its
    id (the file is never posted back), and a large one is imported by the worker from here."""

    class Status(models.TextChoices):
        WAITING = "waiting", "Waiting for the director"
        QUEUED = "queued", "Being imported"
        IMPORTED = "imported", "Imported"
        FAILED = "failed", "Failed"

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="uploads")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    name = models.CharField(max_length=255)
    data = models.BinaryField()
    file_hash = models.CharField(max_length=64)
    created = models.DateTimeField(default=timezone.now)
    status = models.CharField(max_length=10, choices=Status, default=Status.WAITING)
    event = models.ForeignKey(
        Event, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    error = models.TextField(blank=True)

    def __str__(self) -> str:
        return self.name
