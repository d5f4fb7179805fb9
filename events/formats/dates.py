"""Dates as the reader's language writes them, on the pages and in the workbook.

Django's own formats (DATE_FORMAT) have no weekday and no time of day, and the `date` filter's
letters written into a template are one language's order and abbreviations ("Fri 27 Nov 2026"
is "ven. 27 nov. 2026" in French and "fre. 27. nov. 2026" in Norwegian), so each format is a
message, translated like any other.
"""

import datetime

from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import pgettext_lazy

FORMATS = {
    "short": pgettext_lazy("a date format (Django's date filter): a day", "j M Y"),
    "weekday": pgettext_lazy("a date format (Django's date filter): a weekday and day", "D j M Y"),
    "long": pgettext_lazy("a date format (Django's date filter): a day in full", "j F Y"),
    "weekday long": pgettext_lazy(
        "a date format (Django's date filter): a weekday and day in full", "l j F Y"
    ),
    "time": pgettext_lazy("a date format (Django's date filter): a day and a time", "j M Y H:i"),
}


def written_date(value: datetime.date | datetime.datetime | None, style: str = "short") -> str:
    """`value` in the active language's `style` of FORMATS ("" for none); a time in the
    current time zone, as the `date` filter shows it."""
    if value is None or value == "":
        return ""
    if isinstance(value, datetime.datetime) and timezone.is_aware(value):
        value = timezone.localtime(value)
    return date_format(value, str(FORMATS[style]))
