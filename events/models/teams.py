"""A teams event: its settings, the teams and their members, the matches and both tables' lines.

A match is home v away (away blank: a bye). The home team sits North-South at table 1 and the
away team North-South at table 2, so the home team's net on a board is table 1's NS score less
table 2's. Derived values (a board's IMPs, a match's totals and VPs) are kept up to date by
events.services.teams on every save, and left out of the history: undo rescores them.
"""

import secrets

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext_lazy

from scoring import board_conditions
from scoring.tie_breaks import TIE_BREAKS
from scoring.victory_points import VP_SCALES

from .base import TravellerLineFields, labelled, new_pin, tracked, traveller_line_checks
from .clubs import Player
from .event import Event

_VPS = {"max_digits": 7, "decimal_places": 2}  # 12.34 VPs, or 5.5 board-a-match points
_IMPS = {"max_digits": 7, "decimal_places": 2}  # whole IMPs, but a carry-over may be 16/3


def fresh_draw_seed() -> int:
    """A new event's seed for its random first round: each Swiss draws its own."""
    return secrets.randbelow(2**31)


class TeamSettings(models.Model):
    """How a teams event is played and scored; one row an event of kind TEAMS."""

    class Format(models.TextChoices):
        SWISS = "swiss", gettext_lazy("Swiss")
        ROUND_ROBIN = "round-robin", gettext_lazy("Round robin")
        KNOCKOUT = "knockout", gettext_lazy("Knock-out")
        EVENING = "evening", gettext_lazy("Teams-of-four evening (short matches)")

    class MatchScoring(models.TextChoices):
        VPS = "vps", gettext_lazy("IMPs converted to victory points")
        BOARD_A_MATCH = "bam", gettext_lazy("Board-a-match")
        PATTON = "patton", gettext_lazy("Patton (2/1/0 a board plus the aggregate)")

    class FirstRound(models.TextChoices):
        RANDOM = "random", gettext_lazy("Random")
        SEEDED = "seeded", gettext_lazy("Seeded by strength")

    class OddField(models.TextChoices):
        BYE = "bye", gettext_lazy("A bye")
        THREE_WAY = "three-way", gettext_lazy("A three-way match")

    class CarryOver(models.TextChoices):
        NONE = "", gettext_lazy("None")
        HALF_THIRD = (
            "half-third",
            gettext_lazy("Half the earlier margin to its winner, a third to its loser"),
        )

    event = models.OneToOneField(Event, on_delete=models.CASCADE, related_name="team_settings")
    format = models.CharField(
        gettext_lazy("format"), max_length=12, choices=Format, default=Format.SWISS
    )
    match_scoring = models.CharField(
        gettext_lazy("scoring"), max_length=8, choices=MatchScoring, default=MatchScoring.VPS
    )
    vp_scale = models.CharField(
        gettext_lazy("victory-point scale"),
        max_length=20,
        choices=labelled({key: scale.label for key, scale in VP_SCALES.items()}),
        default="wbf",
    )
    bam_points = models.PositiveSmallIntegerField(
        gettext_lazy("board-a-match points"),
        choices=[
            (1, gettext_lazy("1 for a win, ½ for a tie")),
            (2, gettext_lazy("2 for a win, 1 for a tie")),
        ],
        default=1,
    )
    boards_per_match = models.PositiveSmallIntegerField(
        gettext_lazy("boards a match"),
        default=8,
        validators=[MinValueValidator(1), MaxValueValidator(64)],
    )
    rounds = models.PositiveSmallIntegerField(
        gettext_lazy("rounds"),
        null=True,
        blank=True,
        help_text=gettext_lazy("How many rounds the event plays (a Swiss, knock-out)."),
    )
    round_robin_cycles = models.PositiveSmallIntegerField(
        gettext_lazy("round robin"),
        choices=[(1, gettext_lazy("Single")), (2, gettext_lazy("Double"))],
        default=1,
    )
    bye_vps = models.DecimalField(
        gettext_lazy("VPs for a bye"),
        **_VPS,
        default=12,
        help_text=gettext_lazy("12 of 20 unless the event says otherwise."),
    )
    tie_break = models.CharField(
        gettext_lazy("tie-break order"),
        max_length=6,
        choices=labelled(TIE_BREAKS),
        default="ebu",
    )
    carry_over = models.CharField(
        gettext_lazy("knock-out carry-over"),
        max_length=12,
        choices=CarryOver,
        blank=True,
        default="",
    )
    carry_over_limit = models.PositiveSmallIntegerField(
        gettext_lazy("carry-over at most"),
        null=True,
        blank=True,
        help_text=gettext_lazy("IMPs; blank for no limit."),
    )
    # The Swiss draw's options (the draw pages use them; SPEC §4.2).
    first_round = models.CharField(
        gettext_lazy("first round"), max_length=8, choices=FirstRound, default=FirstRound.RANDOM
    )
    draw_seed = models.PositiveIntegerField(
        gettext_lazy("draw seed"),
        default=fresh_draw_seed,
        help_text=gettext_lazy(
            "The random draw of round 1 is made from this number, so it repeats."
        ),
    )
    odd_field = models.CharField(
        gettext_lazy("odd number of teams"), max_length=10, choices=OddField, default=OddField.BYE
    )
    arrears = models.BooleanField(
        gettext_lazy("draw one round in arrears"),
        default=False,
        help_text=gettext_lazy("Draw round n+2 from the standings after round n."),
    )
    danish_rounds = models.PositiveSmallIntegerField(
        gettext_lazy("Danish rounds"),
        default=0,
        help_text=gettext_lazy(
            "For this many last rounds, rematches are allowed among the top half."
        ),
    )
    history = tracked()

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=Q(bam_points__in=[1, 2]), name="team_settings_bam_1_or_2"
            ),
            models.CheckConstraint(
                condition=Q(round_robin_cycles__in=[1, 2]), name="team_settings_cycles_1_or_2"
            ),
        ]

    def __str__(self) -> str:
        return f"Teams settings of {self.event}"

    @property
    def vp_total(self) -> int:
        """The VPs a match shares: 20, 30 or 10; Patton's 16 a match is for the engine to say."""
        return VP_SCALES[self.vp_scale].total


class Team(models.Model):
    """A team of 4 to 6 players, known by its name."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="teams")
    number = models.PositiveSmallIntegerField()
    name = models.CharField(max_length=120)
    captain = models.ForeignKey(
        Player, null=True, blank=True, on_delete=models.RESTRICT, related_name="+"
    )
    seed = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        help_text=gettext_lazy("1 for the strongest team; blank if not seeded."),
    )
    players = models.ManyToManyField(Player, through="TeamMember", related_name="teams")
    # The PIN the team's pairs accept their opponents' lines with at the table, when the event
    # asks for one (Event.table_pin).
    pin = models.CharField(max_length=6, default=new_pin)
    history = tracked()

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="team_number_unique"),
            models.UniqueConstraint(fields=["event", "name"], name="team_name_unique"),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("team", kwargs={"event_id": self.event_id, "number": self.number})


class TeamMember(models.Model):
    """A player in a team, in the order the team lists them (seat 1 first)."""

    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="members")
    # RESTRICT: a player in a team stays, unless the team goes too (a whole club or event).
    player = models.ForeignKey(Player, on_delete=models.RESTRICT)
    seat = models.PositiveSmallIntegerField(default=1)
    history = tracked()

    class Meta:
        ordering = ["seat"]
        constraints = [
            models.UniqueConstraint(fields=["team", "seat"], name="team_member_seat_unique"),
            models.UniqueConstraint(fields=["team", "player"], name="team_member_once"),
        ]

    def __str__(self) -> str:
        return f"{self.player} in {self.team}"


class Match(models.Model):
    """Two teams' match in a round (or a team's bye), its adjustments and its derived totals."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="matches")
    round = models.PositiveSmallIntegerField(validators=[MinValueValidator(1)])
    table = models.PositiveSmallIntegerField(validators=[MinValueValidator(1)])
    home = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="home_matches")
    away = models.ForeignKey(
        Team, null=True, blank=True, on_delete=models.CASCADE, related_name="away_matches"
    )
    boards = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        help_text=gettext_lazy(
            "Boards in this match when not the event's (a three-way's half match)."
        ),
    )
    first_board = models.PositiveSmallIntegerField(default=1)
    # One of a three-way's half-length matches: scored on the half scale of the event's scale
    # (scoring.team_matches.three_way_scale), so that a team's two halves make a whole match.
    three_way = models.BooleanField(default=False)
    # The knock-out carry-over, in IMPs to the home team (negative: to the away team).
    carry_over = models.DecimalField(**_IMPS, default=0)
    # What the captains agreed on the scorecards, when a club scores from them.
    home_captain_imps = models.DecimalField(
        gettext_lazy("home captain's IMPs"), **_IMPS, null=True, blank=True
    )
    away_captain_imps = models.DecimalField(
        gettext_lazy("away captain's IMPs"), **_IMPS, null=True, blank=True
    )
    # The director's adjustments: an assigned IMP score replaces the boards' IMPs, an assigned
    # VP score replaces the scale's VPs; a VP penalty is deducted apart from the match VPs.
    assigned_home_imps = models.DecimalField(
        gettext_lazy("assigned IMPs, home"), **_IMPS, null=True, blank=True
    )
    assigned_away_imps = models.DecimalField(
        gettext_lazy("assigned IMPs, away"), **_IMPS, null=True, blank=True
    )
    assigned_home_vps = models.DecimalField(
        gettext_lazy("assigned VPs, home"), **_VPS, null=True, blank=True
    )
    assigned_away_vps = models.DecimalField(
        gettext_lazy("assigned VPs, away"), **_VPS, null=True, blank=True
    )
    home_penalty_vps = models.DecimalField(gettext_lazy("VP penalty, home"), **_VPS, default=0)
    away_penalty_vps = models.DecimalField(gettext_lazy("VP penalty, away"), **_VPS, default=0)
    note = models.CharField(max_length=200, blank=True)
    # Derived (events.services.teams): the IMPs each side scored (from the boards, else the
    # captains' totals, else assigned), the VPs before penalties (board-a-match: board points),
    # the boards scored at both tables, and whether the match has its result.
    home_imps = models.DecimalField(**_IMPS, default=0)
    away_imps = models.DecimalField(**_IMPS, default=0)
    home_vps = models.DecimalField(**_VPS, null=True, blank=True)
    away_vps = models.DecimalField(**_VPS, null=True, blank=True)
    boards_scored = models.PositiveSmallIntegerField(default=0)
    finished = models.BooleanField(default=False)
    history = tracked("home_imps", "away_imps", "home_vps", "away_vps", "boards_scored", "finished")

    class Meta:
        ordering = ["round", "table", "pk"]
        indexes = [models.Index(fields=["event", "round"], name="match_event_round")]
        constraints = [
            models.CheckConstraint(condition=~Q(home=models.F("away")), name="match_teams_differ"),
            models.CheckConstraint(
                condition=Q(assigned_home_imps__isnull=True, assigned_away_imps__isnull=True)
                | Q(assigned_home_imps__isnull=False, assigned_away_imps__isnull=False),
                name="match_assigned_imps_both",
            ),
            models.CheckConstraint(
                condition=Q(assigned_home_vps__isnull=True, assigned_away_vps__isnull=True)
                | Q(assigned_home_vps__isnull=False, assigned_away_vps__isnull=False),
                name="match_assigned_vps_both",
            ),
            models.CheckConstraint(
                condition=Q(home_captain_imps__isnull=True, away_captain_imps__isnull=True)
                | Q(home_captain_imps__isnull=False, away_captain_imps__isnull=False),
                name="match_captain_imps_both",
            ),
        ]

    def __str__(self) -> str:
        away = self.away.name if self.away_id else "bye"
        return f"Round {self.round}, table {self.table}: {self.home.name} v {away}"

    def get_absolute_url(self) -> str:
        return reverse("match", kwargs={"event_id": self.event_id, "match_id": self.pk})

    def get_director_url(self) -> str:
        return reverse("director-match", kwargs={"event_id": self.event_id, "match_id": self.pk})

    @property
    def is_bye(self) -> bool:
        return self.away_id is None


class MatchBoard(models.Model):
    """One board of a match: its two tables' lines, its assigned IMPs and the IMPs it scores."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="match_boards")
    number = models.PositiveSmallIntegerField()
    # An assigned score in IMPs to the home team (Law 86A's ±3, or any the director rules),
    # replacing what the tables score.
    assigned_imps = models.DecimalField(
        gettext_lazy("assigned IMPs"), **_IMPS, null=True, blank=True
    )
    note = models.CharField(max_length=200, blank=True)
    # Derived: the home team's IMPs on the board (board-a-match and Patton: its board points
    # too), blank until both tables are in or a score is assigned.
    home_imps = models.DecimalField(**_IMPS, null=True, blank=True)
    home_points = models.DecimalField(**_VPS, null=True, blank=True)
    history = tracked("home_imps", "home_points")

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["match", "number"], name="match_board_unique")
        ]

    def __str__(self) -> str:
        return f"Board {self.number} of {self.match}"


class MatchLine(TravellerLineFields):
    """One table's line of a board in a match, stored as a pairs Result stores a line; an
    artificial score at the table is in IMPs (Law 86A: A+ is +3 to the side, A- is -3)."""

    board = models.ForeignKey(MatchBoard, on_delete=models.CASCADE, related_name="lines")
    table = models.PositiveSmallIntegerField(
        choices=[(1, gettext_lazy("Table 1")), (2, gettext_lazy("Table 2"))]
    )
    # Who sat where, when an imported file says so (its segment's line-up): blank otherwise,
    # never guessed.
    north = models.ForeignKey(
        Player, null=True, blank=True, on_delete=models.RESTRICT, related_name="+"
    )
    south = models.ForeignKey(
        Player, null=True, blank=True, on_delete=models.RESTRICT, related_name="+"
    )
    east = models.ForeignKey(
        Player, null=True, blank=True, on_delete=models.RESTRICT, related_name="+"
    )
    west = models.ForeignKey(
        Player, null=True, blank=True, on_delete=models.RESTRICT, related_name="+"
    )
    history = tracked("updated")

    class Meta:
        ordering = ["board__number", "table"]
        constraints = [
            models.UniqueConstraint(fields=["board", "table"], name="match_line_unique"),
            models.CheckConstraint(condition=Q(table__in=[1, 2]), name="match_line_table_1_or_2"),
            *traveller_line_checks("match_line"),
            models.CheckConstraint(
                condition=(
                    Q(not_played=True, score_ns__isnull=True, ns_adjustment="", ew_adjustment="")
                    | Q(
                        not_played=False, score_ns__isnull=False, ns_adjustment="", ew_adjustment=""
                    )
                    | Q(
                        not_played=False,
                        score_ns__isnull=True,
                        ns_adjustment__in=["A+", "A", "A-"],
                        ew_adjustment__in=["A+", "A", "A-"],
                    )
                ),
                name="match_line_one_kind",
            ),
        ]

    def __str__(self) -> str:
        return f"Board {self.board.number}, table {self.table}"


class RoundDeal(models.Model):
    """The hand record of a board of a teams round: the deal every match of the round plays
    as board `number` (a round's matches play the same boards), with its double-dummy table
    and par as a pairs Board keeps them (events.services.hand_records)."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="round_deals")
    round = models.PositiveSmallIntegerField(validators=[MinValueValidator(1)])
    number = models.PositiveSmallIntegerField()
    deal = models.CharField(gettext_lazy("deal (PBN)"), max_length=80, blank=True)
    double_dummy = models.JSONField(null=True, blank=True)
    par = models.CharField(max_length=80, blank=True)
    # The analysis is the worker's, worked out again from the deal: not in the history.
    history = tracked("double_dummy", "par")

    class Meta:
        ordering = ["round", "number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "round", "number"], name="round_deal_unique")
        ]

    def __str__(self) -> str:
        return f"Round {self.round}, board {self.number}"

    @property
    def dealer(self) -> str:
        return board_conditions(self.number)[0]

    @property
    def vulnerability(self) -> str:
        return board_conditions(self.number)[1]
