"""What a pair is called: its number, and in a Mitchell the direction it keeps.

Clubs and their programs number a Mitchell's pairs "1 NS" .. "n NS" and "1 EW" .. "n EW"; some
clubs number the East-West pairs on from the North-South ones (n+1 .. 2n) and print the number
alone. A Howell's pairs change direction and keep a plain number. Inside an event a pair's number
is unique in its section (East-West pairs of a Mitchell follow the North-South ones); the label
is what players, travellers and files see. In an event of several sections the label starts
with the section's letter ("A3 NS", "B7"), so that two sections' pairs are never confused.
"""

import re
from collections.abc import Iterable

TYPED_PAIR = re.compile(r"\s*(?:(NS|EW)\s*(\d{1,3})|(\d{1,3})\s*(NS|EW)?)\s*", re.IGNORECASE)


def pair_labels(
    pairs: Iterable[tuple[int, str]],
    *,
    ew_numbered_on: bool,
    ew_offset: int | None = None,
    section: str = "",
) -> dict[int, str]:
    """Pair number -> label for one section's pairs, given as (number, direction) with direction
    "NS", "EW" or "" (a pair that changes direction). `section` is the section's letter when
    the event has several, else "".

    `ew_offset` is what an EW pair's number exceeds its label by: a Mitchell's table count (its
    EW pairs are T+1..2T), or what a file numbered per direction was read with. Without it: the
    highest NS number below the first EW one.
    """
    pairs = list(pairs)
    plain = {number: f"{section}{number}" for number, _ in pairs}
    if ew_numbered_on or not pairs or any(not direction for _, direction in pairs):
        return plain
    first_ew = min((n for n, d in pairs if d == "EW"), default=0)
    if ew_offset is None or ew_offset >= first_ew:
        ew_offset = max((n for n, d in pairs if d == "NS" and n < first_ew), default=0)
    offset = ew_offset
    return {n: f"{section}{n} NS" if d == "NS" else f"{section}{n - offset} EW" for n, d in pairs}


def without_section(label: str) -> str:
    """The label as its own section knows it: "A3 NS" -> "3 NS", "B7" -> "7"."""
    return label.lstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZ")


def typed_pair(labels: dict[int, str], typed: int, direction: str) -> int | None:
    """The number of the pair a director means by `typed` in the `direction` column of a
    traveller line ("3 5": NS 3 v EW 5 in a Mitchell numbered per direction); None if none."""
    by_label = {without_section(label): number for number, label in labels.items()}
    return by_label.get(f"{typed} {direction}", by_label.get(str(typed)))


def printed_number(label: str) -> str:
    """The number alone, as a traveller's NS or EW column prints it: "3 NS" -> "3"."""
    return label.split(" ")[0]


def label_slug(label: str) -> str:
    """The label as a URL segment, which names the section apart: "3 NS" and "A3 NS" -> "3ns",
    "9" -> "9"."""
    return without_section(label).replace(" ", "").lower()


def typed_label(text: str) -> str | None:
    """A pair as a director types it, the way clubs print it ("3 EW", "3EW", "EW 3", "ew3",
    "3 NS", "3"), written as its label without the section: "3 EW", "3"; None if it names no
    pair."""
    found = TYPED_PAIR.fullmatch(text)
    if not found:
        return None
    direction = (found[1] or found[4] or "").upper()
    number = int(found[2] or found[3])
    return f"{number} {direction}" if direction else str(number)
