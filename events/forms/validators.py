"""Checks of typed text that the forms of several subjects share."""

import re
import unicodedata

from django import forms
from django.utils.translation import gettext, gettext_lazy

_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def no_control_characters(value: str) -> None:
    """Refuse text with a NUL, a newline or another control character: names are one line."""
    if _CONTROL.search(value):
        raise forms.ValidationError(
            gettext("a name is one line of letters: remove the control character")
        )


def name_errors() -> dict:
    """A player's name field's messages (Django fills in the limit and the length typed)."""
    return {
        "max_length": gettext_lazy(
            "a name is at most %(limit_value)d characters (it has %(show_value)d)"
        ),
        "null_characters_not_allowed": gettext_lazy("a name cannot hold a NUL character"),
    }


def printable(value: str) -> str:
    """The text, refused if it holds a control character (a newline, a tab, a NUL byte)."""
    if any(unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp") for c in value):
        raise forms.ValidationError(
            gettext("Use letters, digits and punctuation only: no control characters.")
        )
    return value
