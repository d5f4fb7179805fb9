"""A pairs session's movement and play: sections, pairs, table-rounds, boards and results."""

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy

from scoring.pair_labels import label_slug, printed_number, without_section
from scoring.weighted_scores import weighted_text

from .base import SEATS, TravellerLineFields, new_pin, tracked, traveller_line_checks
from .clubs import Player
from .event import Event


class Section(models.Model):
    """One movement's worth of tables; matchpoints are compared within a section."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="sections")
    letter = models.CharField(max_length=2, default="A")
    movement = models.CharField(max_length=80, blank=True)
    tables = models.PositiveSmallIntegerField(default=0)
    rounds = models.PositiveSmallIntegerField(default=0)
    boards_per_round = models.PositiveSmallIntegerField(default=0)
    # Sections with the same set play the same deals: across the field they are compared.
    board_set = models.PositiveSmallIntegerField(default=1)
    # Every table plays the round's boards from its own copy (scoring.movements.barometer): a
    # ranking goes up after each round.
    barometer = models.BooleanField(default=False)
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
        NS = "NS", gettext_lazy("North-South")
        EW = "EW", gettext_lazy("East-West")
        ANY = "", gettext_lazy("Either")

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
    # The PIN the pair accepts its opponents' lines with at the table, when the event asks for
    # one (Event.table_pin): printed on its guide card.
    pin = models.CharField(max_length=6, default=new_pin)
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
        """The pair in a results file: "3NS", "3EW" (as Compscore writes them) or "3"; the
        section, if any, is the file's to say apart."""
        return without_section(self.name).replace(" ", "")

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
    deal = models.CharField(gettext_lazy("deal (PBN)"), max_length=80, blank=True)
    double_dummy = models.JSONField(null=True, blank=True)
    par = models.CharField(max_length=80, blank=True)
    # How many times the movement schedules this board, two pairs at a table: the E of the
    # Neuberg formula, and the count of results that makes the board all in.
    expected_results = models.PositiveSmallIntegerField(default=0)
    # How many times the movement would have it played with a phantom's or sit-out's table
    # counted, where that is more (0 otherwise): its E when the event factors to the
    # movement's tables (Event.factor_to; events.services.scoring.expected_results).
    movement_results = models.PositiveSmallIntegerField(default=0)
    history = tracked()

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["section", "number"], name="board_number_unique")
        ]

    def __str__(self) -> str:
        return f"Board {self.number}"


class Result(TravellerLineFields):
    """One traveller line: a board played (or adjusted) between an NS and an EW pair."""

    board = models.ForeignKey(Board, on_delete=models.CASCADE, related_name="results")
    ns_pair = models.ForeignKey(Pair, on_delete=models.CASCADE, related_name="ns_results")
    ew_pair = models.ForeignKey(Pair, on_delete=models.CASCADE, related_name="ew_results")
    round = models.PositiveSmallIntegerField(null=True, blank=True)
    table = models.PositiveSmallIntegerField(null=True, blank=True)
    # An assigned split score: the NS score EW are scored with (score_ns still scores NS).
    score_ew = models.IntegerField(null=True, blank=True)
    # An artificial score other than Law 12C2's 60/50/40 (USEBIO "A7030", a session
    # percentage under Law 12C2(c)): each side's percent of the top. Blank: the code's percent.
    ns_percent = models.FloatField(null=True, blank=True)
    ew_percent = models.FloatField(null=True, blank=True)
    # A weighted score (Law 12C1(c)): its parts, each [percent, contract, declarer, tricks,
    # NS score] (scoring.weighted_scores); score_ns then holds their weighted mean.
    weights = models.JSONField(null=True, blank=True)
    # What the director typed (a str), or the site's sentences (an import's reason for keeping
    # the line as it did), read in the reader's language (events.services.notes).
    note = models.JSONField(default=str, blank=True)
    ns_points = models.FloatField(null=True, blank=True)
    ew_points = models.FloatField(null=True, blank=True)
    top = models.FloatField(null=True, blank=True)
    # A fixed score, flagged: the points another program printed for the line, kept as they
    # are because they fit no rule we score by (or its contract could not be read). Rescoring
    # keeps them; the director's edit of the line replaces them with a scored line.
    fixed_ns_points = models.FloatField(null=True, blank=True)
    fixed_ew_points = models.FloatField(null=True, blank=True)
    # The director looked at the problems panel's question about this line and said it is
    # right; an edit of the line clears it.
    confirmed = models.BooleanField(default=False)
    history = tracked("ns_points", "ew_points", "top", "updated")

    class Meta:
        ordering = ["board__number", "ns_pair__number"]
        constraints = [
            models.UniqueConstraint(fields=["board", "ns_pair"], name="result_board_ns_once"),
            models.UniqueConstraint(fields=["board", "ew_pair"], name="result_board_ew_once"),
            *traveller_line_checks("result"),
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
            models.CheckConstraint(
                condition=Q(fixed_ns_points__isnull=True, fixed_ew_points__isnull=True)
                | Q(not_played=False, fixed_ns_points__isnull=False, fixed_ew_points__isnull=False),
                name="result_fixed_points_both",
            ),
        ]

    def __str__(self) -> str:
        return f"Board {self.board.number}: {self.ns_pair.name} v {self.ew_pair.name}"

    @property
    def is_fixed(self) -> bool:
        """Whether the line's points are fixed as another program printed them."""
        return self.fixed_ns_points is not None

    @property
    def weighted_text(self) -> str:
        """ "40% 4S N =, 60% 4S N -1" for a weighted line, else ""."""
        return weighted_text(self.weights) if self.weights else ""
