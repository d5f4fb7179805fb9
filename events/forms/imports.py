"""Forms for importing a results file: the upload, and the confirmation after the preview."""

from django import forms
from django.template.defaultfilters import floatformat
from django.utils.translation import gettext, gettext_lazy
from django.utils.translation import gettext_lazy as _

from events.formats.deal_files import read_deal_file
from events.formats.imported import FileRefused
from events.services.imports import read_result_file

# A club's results file is a few hundred kilobytes; a larger one is refused before it is read.
MAX_FILE_BYTES = 5 * 1024 * 1024


def _megabytes(upload) -> str:
    return floatformat(upload.size / 1024 / 1024, 1)


def _refused(upload, refused: FileRefused) -> forms.ValidationError:
    return forms.ValidationError(
        gettext("%(file)s: %(refused)s") % {"file": upload.name, "refused": refused}
    )


class ImportForm(forms.Form):
    """A PBN or USEBIO file, read into an ImportedEvent; a refusal names the line or element."""

    file = forms.FileField(
        label=gettext_lazy("Results file"),
        help_text=gettext_lazy(
            "PBN from Ruter, Magic Contest and others, or USEBIO XML from Compscore, "
            "EBUScore and others: matchpoint, Butler or cross-IMP pairs."
        ),
    )

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if upload.size > MAX_FILE_BYTES:
            raise forms.ValidationError(
                gettext("%(file)s: the file is %(size)s MB: a results file can be up to 5 MB")
                % {"file": upload.name, "size": _megabytes(upload)}
            )
        data = upload.read()
        try:
            imported = read_result_file(data)
        except FileRefused as refused:
            raise _refused(upload, refused) from None
        self.data_read = data
        return imported


class ImportConfirmForm(forms.Form):
    """The director's yes to a previewed file; when the club imported the same file before,
    which of those events it replaces, or "new" to keep both."""

    earlier = forms.RegexField(regex=r"^(new|\d{1,12})?$", required=False, max_length=20)
    # For a file with boards whose printed points fit no rule: keep those points as fixed
    # scores, flagged, or refuse the file.
    fixed = forms.ChoiceField(
        choices=[("keep", _("Keep")), ("refuse", _("Refuse"))], required=False
    )


class HandRecordForm(forms.Form):
    """A file of deals for an event's boards, read into DealtBoards; the director's answer when
    boards have hand records already."""

    file = forms.FileField(
        label=gettext_lazy("Hand records"),
        help_text=gettext_lazy(
            "A PBN file of deals (Dealer, BigDeal, a results file with deals) or a dealing "
            "machine's .dup, .bri or .dlm file. Each deal goes to the board of its number (a .bri "
            "file numbers its deals 1, 2, 3…); the boards keep their own dealer and vulnerability."
        ),
    )
    replace = forms.BooleanField(
        label=gettext_lazy("Replace the hand records already there"), required=False, initial=False
    )

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if upload.size > MAX_FILE_BYTES:
            raise forms.ValidationError(
                gettext("%(file)s: the file is %(size)s MB: a file of deals can be up to 5 MB")
                % {"file": upload.name, "size": _megabytes(upload)}
            )
        try:
            return read_deal_file(name=upload.name, data=upload.read())
        except FileRefused as refused:
            raise _refused(upload, refused) from None
