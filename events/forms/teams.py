"""Forms of a teams event: its settings, a team, a match set by hand, a match's line, the
captains' totals and the director's adjustments."""

from django import forms
from django.utils import timezone
from django.utils.translation import gettext, gettext_lazy, pgettext_lazy

from events.forms.entry import LineForm
from events.forms.events import PLAIN_MESSAGES, TABLE_SETTINGS
from events.forms.shown_settings import show_only_when
from events.forms.validators import no_control_characters
from events.models import Event, Player, TeamSettings
from events.models.clubs import squad_limits
from events.services.teams.setup import TeamRefused, check_scale

# Bounds the database keeps on every backend (SQLite gives a small integer no range).
BOUNDS = {
    "boards_per_match": (1, 64),
    "rounds": (1, 99),
    "danish_rounds": (0, 20),
    "carry_over_limit": (0, 999),
    "draw_seed": (0, 2**31 - 1),
}


Format, Scoring = TeamSettings.Format, TeamSettings.MatchScoring
SWISS = {"format": (Format.SWISS,)}
# Settings that apply to some formats or scorings only: the pages show them for those alone.
SHOWN_WHEN = {
    "vp_scale": {"match_scoring": (Scoring.VPS,)},
    "bam_points": {"match_scoring": (Scoring.BOARD_A_MATCH,)},
    "rounds": {"format": (Format.SWISS, Format.EVENING)},
    # A knock-out may start with a round robin that qualifies its teams (the draw page's
    # choice), scored as a league is: its scoring, byes and tie-break stay shown for it too.
    "round_robin_cycles": {"format": (Format.ROUND_ROBIN, Format.EVENING, Format.KNOCKOUT)},
    "carry_over": {"format": (Format.KNOCKOUT,)},
    "carry_over_limit": {"format": (Format.KNOCKOUT,)},
    "first_round": SWISS,
    "draw_seed": SWISS | {"first_round": (TeamSettings.FirstRound.RANDOM,)},
    "odd_field": SWISS,
    "arrears": SWISS,
    "danish_rounds": SWISS,
}


class TeamEventForm(forms.ModelForm):
    """A teams event's name, date and reveal rule; its teams settings come with it."""

    class Meta:
        model = Event
        fields = ["name", "date", "reveal"]
        widgets = {"date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["date"].initial = timezone.localdate
        for name in self.Meta.fields:
            self.fields[name].error_messages.update(PLAIN_MESSAGES.get(name, {}))


class TeamEventSettingsForm(TeamEventForm):
    """A teams event's name, date and reveal rule on its settings page, with what its tables'
    pages ask and show."""

    class Meta(TeamEventForm.Meta):
        fields = [*TeamEventForm.Meta.fields, *TABLE_SETTINGS]


class TeamSettingsForm(forms.ModelForm):
    """How the teams play and are scored; changing it rescores every match."""

    class Meta:
        model = TeamSettings
        fields = [
            "format",
            "match_scoring",
            "vp_scale",
            "bam_points",
            "boards_per_match",
            "rounds",
            "round_robin_cycles",
            "bye_vps",
            "tie_break",
            "carry_over",
            "carry_over_limit",
            "first_round",
            "draw_seed",
            "odd_field",
            "arrears",
            "danish_rounds",
        ]

    def __init__(self, *args, seed_fixed: bool = False, **kwargs):
        """`seed_fixed`: round 1 is drawn, so the draw seed is shown but no longer changes."""
        super().__init__(*args, **kwargs)
        if seed_fixed:
            self.fields["draw_seed"].disabled = True
            self.fields["draw_seed"].help_text = gettext_lazy("Fixed: round 1 is drawn from it.")
        for name, (low, high) in BOUNDS.items():
            field = self.fields[name]
            field.min_value, field.max_value = low, high
            field.widget.attrs.update(min=low, max=high)
            message = gettext("a whole number from %(low)s to %(high)s") % {
                "low": low,
                "high": high,
            }
            field.error_messages.update(invalid=message, min_value=message, max_value=message)
        show_only_when(self, SHOWN_WHEN)
        self.fields["bye_vps"].min_value, self.fields["bye_vps"].max_value = 0, 30
        self.fields["bye_vps"].error_messages.update(
            invalid=gettext_lazy("VPs for a bye: a number such as 12"),
            max_value=gettext_lazy("a bye is worth 30 VPs at most"),
        )

    def clean(self):
        data = super().clean()
        for name, (low, high) in BOUNDS.items():
            value = data.get(name)
            if value is not None and not low <= value <= high:
                self.add_error(
                    name,
                    gettext("a whole number from %(low)s to %(high)s") % {"low": low, "high": high},
                )
        scale, boards = data.get("vp_scale"), data.get("boards_per_match")
        if scale and boards:
            chosen = TeamSettings(match_scoring=data.get("match_scoring"), vp_scale=scale)
            try:
                check_scale(settings=chosen, boards=boards)
            except TeamRefused as refused:
                self.add_error("vp_scale", str(refused))
        return data


class TeamForm(forms.Form):
    """A team: its name, its players (club members by name, anyone else a guest: as many as
    the club's setting allows, 4 to 6 unless it says otherwise; a team already larger, read
    from a league's file, keeps a field for each), captain."""

    name = forms.CharField(
        label=gettext_lazy("Name"),
        max_length=120,
        validators=[no_control_characters],
        error_messages={
            "required": gettext_lazy("give the team a name, e.g. its captain's surname")
        },
    )
    captain = forms.CharField(
        label=gettext_lazy("Captain"),
        max_length=120,
        required=False,
        validators=[no_control_characters],
        help_text=gettext_lazy("One of the players; blank for the first."),
    )
    seed = forms.IntegerField(
        label=gettext_lazy("Seed"),
        required=False,
        min_value=1,
        max_value=999,
        help_text=gettext_lazy("1 for the strongest team; blank if not seeded."),
    )

    def __init__(self, *args, club, team=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.fewest, self.most = squad_limits(club)
        if team is not None:
            self.most = max(self.most, team.members.count())
        length = Player._meta.get_field("name").max_length
        for seat in range(1, self.most + 1):
            self.fields[f"player_{seat}"] = forms.CharField(
                label=gettext("Player %(seat)s") % {"seat": seat},
                max_length=length,
                required=False,
                validators=[no_control_characters],
                widget=forms.TextInput(attrs={"list": "club-players", "autocomplete": "off"}),
            )

    @classmethod
    def for_team(cls, team):
        names = [member.player.name for member in team.members.select_related("player")]
        initial = {f"player_{seat}": name for seat, name in enumerate(names, start=1)}
        captain = team.captain.name if team.captain else ""
        return cls(
            initial={"name": team.name, "captain": captain, "seed": team.seed, **initial},
            club=team.event.club,
            team=team,
        )

    @property
    def players(self) -> list[str]:
        return [
            self.cleaned_data[f"player_{seat}"].strip()
            for seat in range(1, self.most + 1)
            if self.cleaned_data[f"player_{seat}"].strip()
        ]

    @property
    def team(self) -> dict:
        """The team as register_team and update_team take it: name, players, captain, seed."""
        data = self.cleaned_data
        return {
            "name": data["name"],
            "players": self.players,
            "captain": data["captain"],
            "seed": data["seed"],
        }


class MatchForm(forms.Form):
    """A match set by hand: a round, a table, home and away (none: a bye)."""

    round = forms.IntegerField(label=pgettext_lazy("teams", "Round"), min_value=1, max_value=99)
    table = forms.IntegerField(label=gettext_lazy("Table"), min_value=1, max_value=999)
    home = forms.ModelChoiceField(label=gettext_lazy("Home"), queryset=None, empty_label=None)
    away = forms.ModelChoiceField(
        label=gettext_lazy("Away"),
        queryset=None,
        required=False,
        empty_label=gettext_lazy("— a bye —"),
    )
    boards = forms.IntegerField(
        label=gettext_lazy("Boards"),
        required=False,
        min_value=1,
        max_value=64,
        help_text=gettext_lazy(
            "Blank for the event's length; a three-way's matches are half length."
        ),
    )
    three_way = forms.BooleanField(
        label=gettext_lazy("One of a three-way's half matches"),
        required=False,
        help_text=gettext_lazy("Scored on the half scale of the event's scale (10 VPs)."),
    )
    carry_over = forms.DecimalField(
        label=gettext_lazy("Carry-over"),
        required=False,
        min_value=-999,
        max_value=999,
        decimal_places=2,
        help_text=gettext_lazy("A knock-out's IMPs to the home team (negative: to the away team)."),
    )

    def __init__(self, *args, event: Event, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["home"].queryset = event.teams.all()
        self.fields["away"].queryset = event.teams.all()


class MatchLineForm(LineForm):
    """One table's line of a board of a match: `4S N 10` at table 1, `4S S 9` at table 2."""

    board = forms.IntegerField(min_value=1, max_value=999, widget=forms.HiddenInput)
    table = forms.TypedChoiceField(
        choices=[(1, "1"), (2, "2")], coerce=int, widget=forms.HiddenInput
    )


def _imps(label: str) -> forms.DecimalField:
    return forms.DecimalField(
        label=label, required=False, min_value=0, max_value=9999, decimal_places=2
    )


class CaptainsForm(forms.Form):
    """The IMPs each captain's scorecard gives; both blank takes them away."""

    home_imps = _imps(gettext_lazy("Home team's IMPs"))
    away_imps = _imps(gettext_lazy("Away team's IMPs"))


class BoardImpsForm(forms.Form):
    """An assigned score on one board: whole IMPs to the home team (Law 86A's ±3, or any)."""

    board = forms.IntegerField(label=gettext_lazy("Board"), min_value=1, max_value=999)
    imps = forms.IntegerField(
        label=gettext_lazy("IMPs to the home team"),
        required=False,
        min_value=-99,
        max_value=99,
        help_text=gettext_lazy(
            "Negative for IMPs to the away team; blank takes the assigned score away."
        ),
    )


class AdjustForm(forms.Form):
    """The director's adjustments to a match."""

    assigned_home_imps = _imps(gettext_lazy("Assigned IMPs, home"))
    assigned_away_imps = _imps(gettext_lazy("Assigned IMPs, away"))
    assigned_home_vps = _imps(gettext_lazy("Assigned VPs, home"))
    assigned_away_vps = _imps(gettext_lazy("Assigned VPs, away"))
    home_penalty = _imps(gettext_lazy("VP penalty, home"))
    away_penalty = _imps(gettext_lazy("VP penalty, away"))
    note = forms.CharField(
        label=gettext_lazy("Note"),
        max_length=200,
        required=False,
        validators=[no_control_characters],
    )
