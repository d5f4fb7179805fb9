"""Every traveller line of an event as one CSV table, for spreadsheets and other programs.

The bytes are UTF-8 with a byte order mark: Excel reads a CSV without one in the machine's
legacy code page and garbles accented names; every other reader skips the mark. Contracts and
leads are written as entered ("4SX", "HK"), so that programs can read them back. Text that would
start a formula (a name or note typed as `=...`) is written with a leading quote. A weighted
score's parts are in the last column as the entry grid reads them ("40% 4S N 10 + 60% 4S N 9");
its "Score NS" is their weighted mean.
"""

import csv
import io

from events.formats.cells import csv_cell
from events.formats.pair_files import FileLine, PairsFile
from scoring.weighted_scores import weighted_text

HEADER = [
    "Event",
    "Section",
    "Board",
    "Round",
    "Table",
    "NS pair",
    "EW pair",
    "Contract",
    "Declarer",
    "Lead",
    "Tricks",
    "Score NS",
    "Split score EW",
    "Adjustment",
    "NS points",
    "EW points",
    "Note",
    "Weighted score",
]


def render_event(pairs_file: PairsFile) -> bytes:
    """One row per traveller line, by section, board, round and table; UTF-8 with a BOM."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(HEADER)
    for line in pairs_file.lines:
        writer.writerow([csv_cell(value) for value in _row(pairs_file, line)])
    return out.getvalue().encode("utf-8-sig")


def _row(pairs_file: PairsFile, result: FileLine) -> list:
    return [
        pairs_file.name,
        result.ns_pair.section,
        result.board,
        result.round,
        result.table,
        result.ns_pair.name,
        result.ew_pair.name,
        result.contract,
        result.declarer,
        result.lead,
        result.tricks,
        result.score_ns,
        result.score_ew,
        _adjustment(result),
        _points(result.ns_points),
        _points(result.ew_points),
        result.note,
        weighted_text(result.weights, typed=True) if result.weights else "",
    ]


def _adjustment(result: FileLine) -> str:
    if result.not_played:
        return "Not played"
    return adjustment_text(result)


def adjustment_text(result: FileLine) -> str:
    """An artificial score, NS/EW: "A+/A-", or the percentages assigned ("70%/30%"); else ""."""
    if not result.ns_adjustment:
        return ""
    ns = result.ns_adjustment if result.ns_percent is None else f"{result.ns_percent:g}%"
    ew = result.ew_adjustment if result.ew_percent is None else f"{result.ew_percent:g}%"
    return f"{ns}/{ew}"


def _points(points: float | None) -> str:
    # Two decimals at most: Neuberg's fractions are not worth 15 digits to a reader.
    return "" if points is None else f"{round(points, 2):g}"
