"""What a table's phone sends: a line under its key, an acceptance with the accepting pair's PIN."""

from django import forms
from django.utils.translation import gettext_lazy as _


class TableLineForm(forms.Form):
    """North's line of a board: e.g. `4S N 10 SK`, `3NTX E 7`, `PASS`, under the phone's key."""

    key = forms.UUIDField(error_messages={"invalid": _("the line's key is not a key: reload")})
    round = forms.IntegerField(min_value=1, max_value=999)
    board = forms.IntegerField(min_value=1, max_value=9999)
    text = forms.CharField(
        max_length=40,
        strip=True,
        error_messages={"required": _("enter the contract, declarer and tricks, or passed out")},
    )


class AcceptForm(forms.Form):
    """The opponents' acceptance of a line (by its key), with their PIN when the event asks."""

    pin = forms.CharField(max_length=6, required=False, strip=True)


class SeatedForm(forms.Form):
    """The round whose players say they are seated at the table."""

    round = forms.IntegerField(min_value=1, max_value=999)
