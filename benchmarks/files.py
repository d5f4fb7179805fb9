"""Files of a 2,000-table, 24-board simultaneous pairs: importing them, and exporting them.

`python benchmarks/files.py` (--json, --tiny: see measure.py), on SQLite or DATABASE_URL's
PostgreSQL (a database of its own beside it). The event (engine.py's field: every table plays
every board, NS pair t against EW pair 2,000 + t) is saved once from plain data, then:
- its PBN and USEBIO files are exported, as the download page does (its Excel workbook is
  workbooks.py's: the worker builds it);
- `manage.py import_results` reads the PBN file, and the USEBIO file, each in a process of its
  own, timed whole with that process's peak memory.
"""

import json
import os
import sys
import tempfile
import time
from datetime import date
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.measure import (
    Row,
    arguments,
    best_of,
    database_name,
    django_on_a_fresh_database,
    in_a_process,
    peak_memory_mb,
    report,
)

IMPORT_SECONDS, IMPORT_MB, EXPORT_SECONDS = 30, 500, 10


def simultaneous_pairs(tables: int, boards: int):
    """The event as an importer would hand it over: plain data, checked by finish_event."""
    from benchmarks.engine import build_field, deal_scores
    from events.formats.imported import (
        ImportedBoard,
        ImportedEvent,
        ImportedLine,
        ImportedPair,
        finish_event,
    )
    from scoring import board_conditions

    field = build_field(tables, boards)
    scores = deal_scores(field)
    event = ImportedEvent(name="Simultaneous Pairs", date=date(2026, 11, 23), file_format="PBN")
    event.pairs = [ImportedPair(number=n, direction="NS") for n in range(1, tables + 1)] + [
        ImportedPair(number=tables + n, direction="EW") for n in range(1, tables + 1)
    ]
    for number, (board, board_scores) in enumerate(zip(field, scores, strict=True), start=1):
        dealer, vulnerability = board_conditions(number)
        lines = [
            ImportedLine(
                ns_pair=table + 1,
                ew_pair=tables + table + 1,
                where=f"board {number}, table {table + 1}",
                round=1,
                table=table + 1,
                contract=contract,
                declarer="" if contract == "PASS" else "N" if sign > 0 else "E",
                tricks=None if contract == "PASS" else tricks,
                score_ns=score,
            )
            for (table, contract, _, tricks, sign), score in zip(board, board_scores, strict=True)
        ]
        event.boards.append(ImportedBoard(number, dealer, vulnerability, lines=lines))
    return finish_event(event, winners=2)


def import_file(path: str) -> None:
    """The child process: the command as a director runs it, timed from the start of Django."""
    start = time.perf_counter()
    import django
    from django.core.management import call_command

    os.environ["DJANGO_SETTINGS_MODULE"] = "benchmarks.settings"
    django.setup()
    with open(os.devnull, "w") as quiet:
        call_command("import_results", path, "--no-hand-records", stdout=quiet)
    print(json.dumps({"seconds": time.perf_counter() - start, "peak_mb": peak_memory_mb()}))


def run(tables: int, boards: int) -> list[Row]:
    django_on_a_fresh_database()
    from events.formats import FORMATS
    from events.models import Club
    from events.services.exports import export_file
    from events.services.imports import import_event

    database = database_name()
    club = Club.objects.create(name="Federation", slug="federation")
    start = time.perf_counter()
    event = import_event(imported=simultaneous_pairs(tables, boards), club=club, as_new=True)
    saved_s = time.perf_counter() - start
    size = f"{tables:,} tables, {boards} boards"
    rows = [Row("files", f"save and score the event from plain data ({database})", saved_s, "s")]
    exported = {}
    for name in ("pbn", "usebio"):
        ms, exported[name] = best_of(lambda n=name: export_file(event=event, format_key=n), 1)
        rows.append(
            Row(
                "files",
                f"export {FORMATS[name].label}, {size} ({database})",
                ms / 1000,
                "s",
                f"< {EXPORT_SECONDS} s" if name != "usebio" else "",
                ms / 1000 < EXPORT_SECONDS if name != "usebio" else None,
            )
        )
    scratch = Path(tempfile.mkdtemp())
    for name, suffix in (("pbn", "pbn"), ("usebio", "xml")):
        path = scratch / f"event.{suffix}"
        path.write_bytes(exported[name])
        figures = in_a_process(__file__, "--import-file", str(path))
        seconds, peak = figures["seconds"], figures["peak_mb"]
        what = f"import_results of the {name.upper()} file ({database})"
        rows.append(
            Row("files", what, seconds, "s", f"< {IMPORT_SECONDS} s", seconds < IMPORT_SECONDS)
        )
        rows.append(
            Row("files", f"{what}: peak memory", peak, "MB", f"< {IMPORT_MB} MB", peak < IMPORT_MB)
        )
    return rows


if __name__ == "__main__":
    if sys.argv[1:2] == ["--import-file"]:
        import_file(sys.argv[2])
    else:
        options = arguments(__doc__)
        tables, boards = (12, 4) if options.tiny else (2_000, 24)
        report(run(tables, boards), options)
