"""Forms for a club's administration: directors invited, players, merges, a backup restored.

Every text is checked for its length and characters before anything is written.
"""

from django import forms
from django.contrib.auth.validators import UnicodeUsernameValidator
from django.utils.translation import gettext, gettext_lazy
from django.utils.translation import gettext_lazy as _

from events.forms.validators import printable
from events.models import Club, Player
from events.services.backup import restore_limits


class InvitationForm(forms.Form):
    """A director to invite: a new account or one that exists, by username or email address."""

    username = forms.CharField(
        label=_("Username"),
        max_length=150,
        validators=[UnicodeUsernameValidator()],
        widget=forms.TextInput(attrs={"autocomplete": "off"}),
    )
    email = forms.EmailField(
        label=_("Email address"),
        required=False,
        help_text=_(
            "The link to choose a password is mailed here; where the site sends no mail, it is "
            "shown to you to pass on."
        ),
    )


class NewClubForm(InvitationForm):
    """A new club and its first director, for the site's administrator."""

    name = forms.CharField(label=_("Club's name"), max_length=120, validators=[printable])
    slug = forms.SlugField(
        label=_("Address"),
        max_length=60,
        required=False,
        help_text=_("Blank: made from the name (hilltop-bridge-club)."),
    )
    field_order = ["name", "slug", "username", "email"]


class PlayerForm(forms.Form):
    """A club player's name and national member number, unique in the club, and their email."""

    name = forms.CharField(label=gettext_lazy("Name"), max_length=120, validators=[printable])
    member_number = forms.CharField(
        label=gettext_lazy("National member number"),
        max_length=30,
        required=False,
        validators=[printable],
    )
    email = forms.EmailField(label=_("Email"), required=False)

    def __init__(self, *args, club: Club, player: Player | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.others = club.players.exclude(pk=player.pk) if player else club.players.all()

    def clean_name(self):
        name = self.cleaned_data["name"]
        if self.others.filter(name__iexact=name).exists():
            raise forms.ValidationError(
                gettext("The club already has a player called %(name)s: merge them instead.")
                % {"name": name}
            )
        return name

    def clean_member_number(self):
        number = self.cleaned_data["member_number"]
        holder = self.others.filter(member_number=number).first() if number else None
        if holder is not None:
            raise forms.ValidationError(
                gettext("%(name)s already has the number %(number)s.")
                % {"name": holder.name, "number": number}
            )
        return number


class MergeForm(forms.Form):
    """The player to keep and the duplicates to fold into them."""

    keep = forms.ModelChoiceField(
        queryset=Player.objects.none(), label=gettext_lazy("Keep this player")
    )
    duplicates = forms.ModelMultipleChoiceField(
        queryset=Player.objects.none(),
        label=gettext_lazy("Merge these players into them"),
        widget=forms.CheckboxSelectMultiple,
    )

    def __init__(self, *args, club: Club, **kwargs):
        super().__init__(*args, **kwargs)
        players = club.players.order_by("name", "pk")
        self.fields["keep"].queryset = players
        self.fields["duplicates"].queryset = players
        self.fields["keep"].label_from_instance = self.fields["duplicates"].label_from_instance = (
            _player_label
        )

    def clean(self):
        data = super().clean()
        keep, duplicates = data.get("keep"), data.get("duplicates")
        if keep is not None and duplicates is not None and keep in duplicates:
            self.add_error(
                "duplicates",
                gettext("%(name)s is the player kept: leave them unticked.") % {"name": keep.name},
            )
        return data


def _player_label(player: Player) -> str:
    values = {"name": player.name, "number": player.member_number}
    if player.member_number and player.guest:
        return gettext("%(name)s (%(number)s, guest)") % values
    if player.guest:
        return gettext("%(name)s (guest)") % values
    if player.member_number:
        return gettext("%(name)s (%(number)s)") % values
    return player.name


class RestoreForm(forms.Form):
    """A backup file, read and checked; optionally a new address for the restored club."""

    file = forms.FileField(
        label=gettext_lazy("Backup file"),
        help_text=gettext_lazy("A .json or .json.gz club backup."),
    )
    slug = forms.SlugField(
        label=gettext_lazy("Address"),
        max_length=60,
        required=False,
        help_text=gettext_lazy("Blank: the address in the backup. It must not be in use."),
    )

    def clean_file(self):
        upload = self.cleaned_data["file"]
        limit = restore_limits().packed_bytes
        if upload.size > limit:
            raise forms.ValidationError(
                gettext("%(file)s: the file is larger than the limit of %(limit)s MiB.")
                % {"file": upload.name, "limit": f"{limit / 1024 / 1024:g}"}
            )
        return upload
