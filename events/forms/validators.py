"""Checks of typed text that the forms of several subjects share."""

import re
import unicodedata

from django import forms

_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def no_control_characters(value: str) -> None:
    """Refuse text with a NUL, a newline or another control character: names are one line."""
    if _CONTROL.search(value):
        raise forms.ValidationError("a name is one line of letters: remove the control character")


def printable(value: str) -> str:
    """The text, refused if it holds a control character (a newline, a tab, a NUL byte)."""
    if any(unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp") for c in value):
        raise forms.ValidationError(
            "Use letters, digits and punctuation only: no control characters."
        )
    return value
