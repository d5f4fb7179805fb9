"""A member list at the row limit (5,000 rows: a heading and 4,999 members) imported through the
director's pages, as CSV and as an Excel workbook, into a club that has half of them already (a
tenth of those renamed).

`python benchmarks/members.py` (--json, --tiny: see measure.py), on SQLite or
DATABASE_URL's PostgreSQL (a database of its own beside it): the upload (the file read within
its limits and kept), the preview page, and the confirmation that saves every row in one
transaction; each request through the whole Django stack (the test client), the import's whole
wait under the target.
"""

import io
import re
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.measure import Row, arguments, database_name, django_on_a_fresh_database, report

# The longest a director should wait for the three pages of a list at the row limit, in all.
TARGET_SECONDS = 10
_FINGERPRINT = re.compile(r'name="fingerprint" value="([0-9a-f]{32})"')


def member_rows(rows: int) -> list[list[str]]:
    return [
        [f"Surname{n}", f"First{n}", str(100_000 + n), f"member{n}@example.org"]
        for n in range(rows)
    ]


def as_csv(rows: list[list[str]]) -> bytes:
    lines = ["Surname,First name,EBU No,Email", *(",".join(row) for row in rows)]
    return ("\r\n".join(lines) + "\r\n").encode("utf-8-sig")


def as_xlsx(rows: list[list[str]]) -> bytes:
    import openpyxl

    book = openpyxl.Workbook(write_only=True)
    sheet = book.create_sheet()
    sheet.append(["Surname", "First name", "EBU No", "Email"])
    for row in rows:
        sheet.append([row[0], row[1], int(row[2]), row[3]])
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def timed(step) -> tuple[float, object]:
    start = time.perf_counter()
    result = step()
    return (time.perf_counter() - start) * 1000, result


def run(rows: int) -> list[Row]:
    django_on_a_fresh_database()
    from django.core.files.uploadedfile import SimpleUploadedFile
    from django.test import Client
    from django.urls import reverse

    from benchmarks.sample_event import director_and_club
    from events.models import Player

    database = database_name()
    figures = []
    for kind, render in (("CSV", as_csv), ("Excel", as_xlsx)):
        director, club = director_and_club(f"members-{kind.lower()}")
        listed = member_rows(rows)
        Player.objects.bulk_create(
            Player(
                club=club,
                name=f"First{n} Surname{n}" if n % 10 else f"Renamed{n}",
                member_number=str(100_000 + n),
            )
            for n in range(0, rows, 2)
        )
        data = render(listed)
        client = Client()
        client.force_login(director)
        client.get(reverse("members-upload", args=[club.slug]))  # the first request's set-up
        file = SimpleUploadedFile(f"members.{kind.lower()}", data)
        upload_ms, response = timed(
            lambda file=file, club=club, client=client: client.post(
                reverse("members-upload", args=[club.slug]), {"file": file}
            )
        )
        preview_ms, page = timed(lambda url=response.url, client=client: client.get(url))
        if f"{rows // 2} new players" not in page.content.decode():
            raise SystemExit(f"the preview of the {kind} file is not the one expected")
        confirm = response.url + "confirm/"
        columns = {"headings": "on", "first_name": "1", "surname": "0", "member_number": "2"}
        answer = {**columns, "email": "3", "action": "import", "fingerprint": ""}
        again = client.post(confirm, {**answer, "action": "preview"})
        answer["fingerprint"] = _FINGERPRINT.search(again.content.decode()).group(1)
        confirm_ms, done = timed(lambda a=answer, c=confirm, client=client: client.post(c, a))
        if done.status_code != 302 or club.players.count() != rows:
            raise SystemExit(f"the {kind} import saved {club.players.count()} players")
        total = (upload_ms + preview_ms + confirm_ms) / 1000
        size = f"{rows:,} members, {len(data) / 1024:,.0f} kB"
        figures += [
            Row("members", f"{kind} list of {size}: upload ({database})", upload_ms, "ms"),
            Row("members", f"its preview ({database})", preview_ms, "ms"),
            Row("members", f"its import saved ({database})", confirm_ms, "ms"),
            Row(
                "members",
                f"the three pages in all ({database})",
                total,
                "s",
                f"< {TARGET_SECONDS} s",
                total < TARGET_SECONDS,
            ),
        ]
    return figures


if __name__ == "__main__":
    options = arguments(__doc__)
    report(run(40 if options.tiny else 4_999), options)  # and a heading row: 5,000 rows
