"""Forms for importing a club's member list: the file, then its columns and the director's
answers on the preview."""

import re

from django import forms
from django.utils.translation import gettext, gettext_lazy

from events.services.member_headings import ROLES, Columns
from events.services.member_lists import MemberListRefused, read_list, too_large

_ANSWER = re.compile(r"^answer-(\d{1,7})$")
_ANSWER_VALUE = re.compile(r"^(new|skip|\d{1,12})$")


class MemberListForm(forms.Form):
    """A CSV file or an Excel workbook of members, checked for its size and read."""

    file = forms.FileField(
        label=gettext_lazy("Member list"),
        help_text=gettext_lazy(
            "A CSV file or an Excel workbook (.xlsx) with a row a member: the name (or the first "
            "name and the surname), the national member number and the email."
        ),
    )

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if refusal := too_large(upload.size):
            raise forms.ValidationError(
                gettext("%(file)s: %(refusal)s.") % {"file": upload.name, "refusal": refusal}
            )
        data = upload.read()
        try:
            read_list(data)
        except MemberListRefused as refused:
            raise forms.ValidationError(
                gettext("%(file)s: %(refusal)s.") % {"file": upload.name, "refusal": refused}
            ) from None
        self.data_read = data
        return upload


class MemberColumnsForm(forms.Form):
    """Which column holds what, whether the first row is headings, and the answers to the
    preview's questions ("answer-<row>": a player's id, "new" or "skip")."""

    headings = forms.BooleanField(
        label=gettext_lazy("The first row holds headings"), required=False
    )
    fingerprint = forms.RegexField(
        regex=r"^[0-9a-f]{32}$", required=False, widget=forms.HiddenInput
    )

    def __init__(self, *args, labels: list[str], **kwargs):
        super().__init__(*args, **kwargs)
        choices = [("", gettext("none")), *((str(i), label) for i, label in enumerate(labels))]
        for role, label in ROLES.items():
            self.fields[role] = forms.TypedChoiceField(
                label=label, choices=choices, required=False, coerce=int, empty_value=None
            )

    @classmethod
    def showing(cls, columns: Columns, *, labels: list[str]) -> "MemberColumnsForm":
        """An unbound form with these columns picked."""
        initial = {role: getattr(columns, role) for role in ROLES}
        return cls(labels=labels, initial={**initial, "headings": columns.headings})

    def clean(self):
        data = super().clean()
        if not self.errors:
            problem = self.columns().problem()
            if problem:
                raise forms.ValidationError(problem)
        return data

    def columns(self) -> Columns:
        data = self.cleaned_data
        return Columns(headings=data["headings"], **{role: data.get(role) for role in ROLES})

    def answers(self) -> dict[int, str]:
        """The answers given, each a row's: a player's id, "new" or "skip"."""
        found = {}
        for key, value in self.data.items():
            row = _ANSWER.match(key)
            if row and _ANSWER_VALUE.match(value):
                found[int(row.group(1))] = value
        return found
