"""Forms for importing a results file: the upload, and the confirmation after the preview."""

import base64
import binascii
import hashlib

from django import forms

from events.formats.imported import FileRefused
from events.services.imports import read_result_file


class ImportForm(forms.Form):
    """A PBN or USEBIO file, read into an ImportedEvent; a refusal names the line or element."""

    file = forms.FileField(
        label="Results file",
        help_text="PBN from Ruter, Magic Contest and others, or USEBIO XML from Compscore, "
        "EBUScore and others: matchpoint, Butler or cross-IMP pairs.",
    )

    def clean_file(self):
        upload = self.cleaned_data["file"]
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
        try:
            imported = read_result_file(data)
        except FileRefused as refused:
            raise forms.ValidationError(str(refused)) from None
        self.file_hash = hashlib.sha256(data).hexdigest()
        return imported
