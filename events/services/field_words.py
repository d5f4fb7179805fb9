"""A field's value in words, as the history and the club settings' changes read it."""

from decimal import Decimal

from django.utils.formats import number_format
from django.utils.translation import gettext


def shown(field, value) -> str:
    """A field's value as the history reads it: a choice's label, "(blank)", Yes or No, a
    decimal with the reader's decimal sign (20,00 in French)."""
    if field.choices:
        return str(dict(field.flatchoices).get(value, value))
    if value is None or value == "":
        return gettext("(blank)")
    if isinstance(value, bool):
        return gettext("Yes") if value else gettext("No")
    if isinstance(value, Decimal):
        return number_format(value)
    return str(value)
