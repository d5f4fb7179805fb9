"""Forms for importing a results file: the upload, and the confirmation after the preview."""

import base64
import binascii
import hashlib

from django import forms

from events.formats.imported import FileRefused
from events.services.imports import read_result_file

# A club's results file is a few hundred kilobytes; a larger one is refused before it is read.
# Its base64 copy in the confirmation (a third larger) fits DATA_UPLOAD_MAX_MEMORY_SIZE (10 MB).
MAX_FILE_BYTES = 5 * 1024 * 1024
TOO_LARGE = "the file is {size:.1f} MB: a results file can be up to 5 MB"


class ImportForm(forms.Form):
    """A PBN or USEBIO file, read into an ImportedEvent; a refusal names the line or element."""

    file = forms.FileField(
        label="Results file",
        help_text="PBN from Ruter, Magic Contest and others, or USEBIO XML from Compscore, "
        "EBUScore and others: matchpoint, Butler or cross-IMP pairs.",
    )

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if upload.size > MAX_FILE_BYTES:
            raise forms.ValidationError(
                f"{upload.name}: " + TOO_LARGE.format(size=upload.size / 1024 / 1024)
            )
        data = upload.read()
        try:
            imported = read_result_file(data)
        except FileRefused as refused:
            raise forms.ValidationError(f"{upload.name}: {refused}") from None
        self.content = base64.b64encode(data).decode("ascii")
        self.file_hash = hashlib.sha256(data).hexdigest()
        return imported


class ImportConfirmForm(forms.Form):
    """The previewed file, sent back to be saved: uploads are never stored on the server."""

    content = forms.CharField(widget=forms.HiddenInput)
    filename = forms.CharField(widget=forms.HiddenInput, required=False)
    # When the same file was imported before: "new", or the id of the event it replaces.
    earlier = forms.CharField(required=False, max_length=20)

    def clean_content(self):
        try:
            data = base64.b64decode(self.cleaned_data["content"], validate=True)
        except (binascii.Error, ValueError):
            raise forms.ValidationError("the file was lost on the way: choose it again") from None
        if len(data) > MAX_FILE_BYTES:
            raise forms.ValidationError(TOO_LARGE.format(size=len(data) / 1024 / 1024))
        try:
            imported = read_result_file(data)
        except FileRefused as refused:
            raise forms.ValidationError(str(refused)) from None
        self.file_hash = hashlib.sha256(data).hexdigest()
        return imported
