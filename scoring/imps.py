"""International Match Points: the current WBF table and the historic ones."""

from bisect import bisect_right
from dataclasses import dataclass
from numbers import Real

from scoring.errors import ScoringError, words

# Law 86A: an artificial score in IMPs is +3 for average plus, 0 for average, −3 for average
# minus, in a teams match as in an IMP-scored pairs event.
ARTIFICIAL_IMPS = {"A+": 3, "A": 0, "A-": -3}


@dataclass(frozen=True)
class ImpTable:
    """An IMP table: the lowest point difference of each band, band i worth i IMPs."""

    label: str
    lower_bounds: tuple[int, ...]


# Lower bounds from seed 000. Printed tables list bands as "20-40", "50-80", ...; looking up by
# the lower bound alone also places differences that are not multiples of 10 (15 -> 0, 45 -> 1),
# and it covers the 1948 table's printed gap between 40 and 70.
# fmt: off
IMP_TABLES: dict[str, ImpTable] = {
    "wbf": ImpTable(
        words("WBF IMP table (since 1 September 1962)"),
        (0, 20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600, 750, 900, 1100, 1300,
         1500, 1750, 2000, 2250, 2500, 3000, 3500, 4000),
    ),
    "1938": ImpTable(
        words("European Match Points (1938)"),
        (0, 10, 40, 70, 110, 190, 300, 400, 500, 600, 750, 1500, 2000),
    ),
    "1948": ImpTable(
        words("IMP table of 1948"),
        (0, 20, 70, 140, 220, 350, 500, 750, 1000, 1250, 1500, 2000, 2500, 3000, 3500, 4000),
    ),
    "1961": ImpTable(
        words("IMP table of 1961"),
        (0, 20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600, 700, 800, 900, 1050,
         1200, 1350, 1500, 1750, 2000, 2250, 2500, 3000, 3500),
    ),
}
# fmt: on


def imp_table(table: str) -> ImpTable:
    """The IMP table with this name; ScoringError naming the known tables otherwise."""
    try:
        return IMP_TABLES[table]
    except (KeyError, TypeError):
        known = ", ".join(IMP_TABLES)
        raise ScoringError(
            "Unknown IMP table %(table)s; choose one of %(known)s.",
            table=repr(table),
            known=known,
        ) from None


def imps(points_difference: int, table: str = "wbf") -> int:
    """IMPs for a difference in points, with its sign: imps(-d) == -imps(d)."""
    won = imp_band(points_difference, table).imps
    return won if points_difference >= 0 else -won


@dataclass(frozen=True)
class ImpBand:
    """A row of an IMP table: differences from `lowest` up to `highest` (None: no limit)."""

    lowest: int
    highest: int | None
    imps: int


def imp_band(points_difference: int, table: str = "wbf") -> ImpBand:
    """The row of the IMP table that a difference (of either sign) falls in."""
    bounds = imp_table(table).lower_bounds
    if isinstance(points_difference, bool) or not isinstance(points_difference, Real):
        raise ScoringError(
            "A point difference must be a number, not %(points_difference)s.",
            points_difference=repr(points_difference),
        )
    won = bisect_right(bounds, abs(points_difference)) - 1
    # Printed tables end each band 10 below the next one's start ("20-40", "50-80").
    highest = bounds[won + 1] - 10 if won + 1 < len(bounds) else None
    return ImpBand(bounds[won], highest, won)
