"""The columns of a member list: which holds the name (or the first name and the surname), the
national member number and the email, recognised from the file's own headings ("Surname",
"EBU No.", "E-mail", "Membership number" ...) and changed by the director on the preview.

Plain rules on plain text: nothing here reads the database.
"""

import re
import unicodedata
from dataclasses import dataclass, replace

from django.utils.translation import gettext, gettext_lazy

from events.formats.member_lists import HEADINGS, ListRow

# What a column holds, in the order the preview asks; each with its label.
ROLES = {
    "name": gettext_lazy("Name"),
    "first_name": gettext_lazy("First name"),
    "surname": gettext_lazy("Surname"),
    "member_number": gettext_lazy("Member number"),
    "email": gettext_lazy("Email"),
}
# National bodies whose number is a club's member number: a heading naming one ("EBU",
# "ACBL #", "NGS ID", "ABF number") is the member number, unless it names a grade or a rank.
NATIONAL_BODIES = {"ebu", "ngs", "acbl", "abf", "sbu", "wbu", "cbai", "nbo", "nzb", "cbf", "ffb"}
_NOT_A_NUMBER = {"grade", "rank", "ranking", "points", "masterpoints", "club"}
_WORDS = {
    "name": {
        "name",
        "full name",
        "player",
        "player name",
        "member",
        "member name",
        "names",
    },
    "first_name": {"first name", "firstname", "forename", "forenames", "given name", "first"},
    "surname": {"surname", "last name", "lastname", "family name", "last"},
    "member_number": {
        "member number",
        "membership number",
        "membership no",
        "member no",
        "member id",
        "membership id",
        "number",
        "no",
        "national number",
        "id",
    },
    "email": {"email", "e mail", "email address", "e mail address", "mail"},
}


def heading_words(text: str) -> str:
    """A heading as it is compared: lower case, no accents, punctuation made spaces."""
    folded = unicodedata.normalize("NFKD", text.casefold())
    plain = "".join(c for c in folded if not unicodedata.combining(c))
    return " ".join(re.sub(r"[^\w]+", " ", plain).replace("_", " ").split())


def heading_role(text: str) -> str | None:
    """What a column with this heading holds (a key of ROLES), or None."""
    words = heading_words(text)
    for role, label in zip(("name", "member_number", "email"), HEADINGS, strict=True):
        if words == heading_words(str(label)):
            return role
    for role, known in _WORDS.items():
        if words in known:
            return role
    tokens = set(words.split())
    if tokens & NATIONAL_BODIES and not tokens & _NOT_A_NUMBER:
        return "member_number"
    return None


@dataclass(frozen=True)
class Columns:
    """The column (0 is the first) of each role, None for none; whether the first row holds
    headings rather than a member."""

    name: int | None = None
    first_name: int | None = None
    surname: int | None = None
    member_number: int | None = None
    email: int | None = None
    headings: bool = False

    def problem(self) -> str:
        """Why these columns cannot be read, or "" when they can."""
        picked = [getattr(self, role) for role in ROLES if getattr(self, role) is not None]
        if len(picked) != len(set(picked)):
            return gettext("Each column can hold one thing only: pick another column.")
        if self.name is None and (self.first_name is None or self.surname is None):
            return gettext(
                "Pick the column of the names, or those of the first names and the surnames."
            )
        return ""


def recognised_columns(rows: list[ListRow]) -> Columns:
    """The columns as the file's first row names them; with no heading recognised, the first
    row is a member, and the first column is taken for the names."""
    if not rows:
        return Columns(name=0)
    found: dict[str, int] = {}
    for index, cell in enumerate(rows[0].cells):
        role = heading_role(cell)
        if role is not None and role not in found:
            found[role] = index
    if not found:
        return Columns(name=0)
    columns = Columns(headings=True, **found)
    if columns.name is not None and columns.first_name is not None:
        # "Name" beside "First name" is the surname, as many clubs head it.
        columns = replace(columns, surname=columns.surname or columns.name, name=None)
    if columns.name is None and (columns.first_name is None or columns.surname is None):
        # Only one half of the name is headed: that column is the whole name, or else the first
        # column not headed as something else.
        used = set(found.values())
        half = columns.first_name if columns.first_name is not None else columns.surname
        free = next(i for i in range(len(used) + 1) if i not in used)
        columns = replace(
            columns, name=half if half is not None else free, first_name=None, surname=None
        )
    return columns


def column_labels(rows: list[ListRow]) -> list[str]:
    """Each column's label for the director's choice: its letter, with the first row's text."""
    width = max((len(row.cells) for row in rows), default=0)
    first = rows[0].cells if rows else ()
    labels = []
    for index in range(width):
        letter = _letter(index)
        text = first[index][:40] if index < len(first) else ""
        labels.append(
            gettext("%(column)s: %(heading)s") % {"column": letter, "heading": text}
            if text
            else letter
        )
    return labels


def _letter(index: int) -> str:
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


@dataclass(frozen=True)
class Entry:
    """A row read with the columns: its row number, the name as written, the number, the email."""

    row: int
    name: str
    member_number: str
    email: str


def entries(rows: list[ListRow], columns: Columns) -> list[Entry]:
    """Each member row's name (first name and surname joined), number and email."""
    found = []
    for row in rows[1:] if columns.headings else rows:

        def cell(index: int | None, row: ListRow = row) -> str:
            return row.cells[index] if index is not None and index < len(row.cells) else ""

        if columns.name is not None:
            name = cell(columns.name)
        else:
            name = " ".join(p for p in (cell(columns.first_name), cell(columns.surname)) if p)
        found.append(Entry(row.number, name, cell(columns.member_number), cell(columns.email)))
    return found
