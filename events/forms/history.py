"""Forms of the audit trail: the reason for reopening a published event, the note of an undo."""

from django import forms
from django.utils.translation import gettext_lazy


class ReopenForm(forms.Form):
    reason = forms.CharField(
        label=gettext_lazy("Why reopen it"),
        max_length=200,
        strip=True,
        help_text=gettext_lazy(
            "Kept in the event's history, e.g. 'Board 12 table 3: wrong declarer'."
        ),
        error_messages={"required": gettext_lazy("say why the published results need correcting")},
    )


class UndoForm(forms.Form):
    note = forms.CharField(
        label=gettext_lazy("Note (optional)"), max_length=200, required=False, strip=True
    )


class HistoryFilterForm(forms.Form):
    kind = forms.CharField(required=False, max_length=10)


class ConfirmForm(forms.Form):
    """The explicit yes of a step that drops data (a confirm page, or htmx after its dialog)."""

    confirm = forms.BooleanField(required=True)
