"""A club's backup restored through the web path (new keys), and the bombs it must refuse.

`python benchmarks/restore.py` (--json, --tiny: see measure.py), on SQLite or DATABASE_URL's
PostgreSQL (a database of its own beside it). Each restore runs in a process of its own, timed
from the call of `restore_club`, with that process's peak memory (Django's own included):
- the largest legitimate backup: a club with files.py's 2,000-table, 24-board event and its
  history (104,000 rows, 49 MB unpacked), restored as a new club, within the default limits;
- gzip files that unpack to 500 MB: of well-formed rows (one player's row again and again:
  1.8 MB packed, as deflate packs a repeat a row long less tightly than one a few bytes long),
  of zeros where the rows should be, of one name, and of empty lists in one row (about 510 KB
  each);
- a file nested 200,000 deep.
Each bomb must be refused in under a second, the process's peak memory under 200 MB.
"""

import gzip
import json
import os
import sys
import tempfile
import time
import zlib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.measure import (
    Row,
    arguments,
    database_name,
    django_on_a_fresh_database,
    in_a_process,
    peak_memory_mb,
    report,
)

REFUSED_SECONDS, REFUSED_MB = 1, 200


def packed(pieces, *, level: int = 9) -> bytes:
    """The pieces, one after another, gzip-compressed as a stream (never joined in memory)."""
    packer = zlib.compressobj(level, zlib.DEFLATED, 31)
    return b"".join(packer.compress(piece) for piece in pieces) + packer.flush()


def bombs(backup: dict, unpacked_mb: int, depth: int) -> dict[str, bytes]:
    """The hostile files, built from a real backup's header, club and first player."""
    header = json.dumps({key: value for key, value in backup.items() if key != "objects"})
    start = header[:-1].encode() + b', "objects": ['
    club = json.dumps(backup["objects"][0]).encode()
    player = json.dumps(next(r for r in backup["objects"] if r["model"] == "events.player"))
    rows = (b", " + player.encode()) * (1024 * 1024 // (len(player) + 2))
    zeros = b"0, " * (1024 * 1024 // 3)
    return {
        f"{unpacked_mb} MB of rows": packed(
            [start, club, *[rows] * unpacked_mb, b"]}"],
        ),
        f"{unpacked_mb} MB of zeros": packed([start, *[zeros] * unpacked_mb, b"0]}"]),
        f"{unpacked_mb} MB in one name": packed(
            [
                start,
                club,
                b', {"model": "events.player", "pk": 1, "fields": {"name": "',
                *[b"a" * 1024 * 1024] * unpacked_mb,
                b'"}}]}',
            ]
        ),
        f"{unpacked_mb} MB of empty lists in one row": packed(
            [
                start,
                club[:-2] + b', "junk": [[]',  # the club's fields go on
                *[b", []" * (1024 * 1024 // 4)] * unpacked_mb,
                b"]}}]}",
            ]
        ),
        f"nested {depth:,} deep": gzip.compress(
            start + club + b", " + b"[" * depth + b"]" * depth + b"]}"
        ),
    }


def restore_in_a_process(path: Path, slug: str) -> dict:
    """restore_club(source=path) in a process of its own: seconds, peak MB, and the refusal."""
    return in_a_process(__file__, "--restore-file", str(path), slug)


def restore_file(path: str, slug: str) -> None:
    """The child process: the web's restore of the file, timed from the call."""
    import django

    os.environ["DJANGO_SETTINGS_MODULE"] = "benchmarks.settings"
    django.setup()
    from events.services.backup import BackupRefused, restore_club

    refused = ""
    start = time.perf_counter()
    try:
        with open(path, "rb") as source:
            restore_club(source=source, slug=slug)
    except BackupRefused as refusal:
        refused = str(refusal)
    seconds = time.perf_counter() - start
    print(json.dumps({"seconds": seconds, "peak_mb": peak_memory_mb(), "refused": refused}))


def run(tables: int, boards: int, unpacked_mb: int, depth: int) -> list[Row]:
    django_on_a_fresh_database()
    from benchmarks.files import simultaneous_pairs
    from events.models import Club, Player
    from events.services.backup import backup_bytes, backup_club
    from events.services.imports import import_event

    database = database_name()
    club = Club.objects.create(name="Federation", slug="federation")
    import_event(imported=simultaneous_pairs(tables, boards), club=club, as_new=True)
    Player.objects.create(club=club, name="A Member", member_number="1234")
    scratch = Path(tempfile.mkdtemp())
    largest = scratch / "federation.json.gz"
    largest.write_bytes(backup_bytes(club=club))
    backup = backup_club(club=club)
    size = f"{len(backup['objects']):,} rows, {largest.stat().st_size / 1e6:.1f} MB packed"
    rows = []
    figures = restore_in_a_process(largest, "restored")
    if figures["refused"]:
        raise SystemExit(f"the largest backup was refused: {figures['refused']}")
    what = f"restore a club's backup ({size}) ({database})"
    rows.append(Row("restore", what, figures["seconds"], "s"))
    rows.append(Row("restore", f"{what}: peak memory", figures["peak_mb"], "MB"))
    for name, data in bombs(backup, unpacked_mb, depth).items():
        path = scratch / "bomb.json.gz"
        path.write_bytes(data)
        figures = restore_in_a_process(path, "bomb")
        if not figures["refused"]:
            raise SystemExit(f"the bomb {name} was restored")
        what = f"refuse {len(data) / 1e3:,.0f} KB packed, {name} ({database})"
        seconds, peak = figures["seconds"], figures["peak_mb"]
        rows.append(
            Row(
                "restore",
                what,
                seconds,
                "s",
                f"< {REFUSED_SECONDS} s",
                seconds < REFUSED_SECONDS,
            )
        )
        rows.append(
            Row(
                "restore",
                f"{what}: peak memory",
                peak,
                "MB",
                f"< {REFUSED_MB} MB",
                peak < REFUSED_MB,
            )
        )
    return rows


if __name__ == "__main__":
    if sys.argv[1:2] == ["--restore-file"]:
        restore_file(sys.argv[2], sys.argv[3])
    else:
        options = arguments(__doc__)
        size = (12, 4, 5, 2_000) if options.tiny else (2_000, 24, 500, 200_000)
        report(run(*size), options)
