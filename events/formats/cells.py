"""Text that a spreadsheet would run as a formula, kept as text (OWASP "CSV injection").

A player's name or a director's note is typed by anyone, or comes from another program's file;
a cell that starts with `=`, `+`, `-` or `@` (or a tab or carriage return, which some programs
skip before reading the rest) would be evaluated when the download is opened.
"""

import math

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def starts_formula(value) -> bool:
    """True for text a spreadsheet would read as a formula; a signed number ("-50") is not."""
    if not isinstance(value, str) or not value.startswith(FORMULA_STARTS):
        return False
    try:
        return not math.isfinite(float(value))
    except ValueError:
        return True


def csv_cell(value):
    """The value for a CSV cell: text that would start a formula gets a leading quote."""
    return f"'{value}" if starts_formula(value) else value
