"""The demo's Excel workbooks open in LibreOffice (Debian's libreoffice-calc-nogui, which
`make office-deps` installs): every sheet converts to CSV, and a name that starts like a
formula is text in its cell."""

import csv
import io
import subprocess

import openpyxl
import pytest

from events.models import Pair
from events.services.demo import load_demo
from events.services.exports import export_file

pytestmark = pytest.mark.django_db

SOFFICE = "/usr/bin/soffice"
# LibreOffice's CSV filter: comma, double quote, UTF-8, from line 1, ..., every sheet (-1), each
# into <file>-<sheet>.csv.
EVERY_SHEET_AS_CSV = (
    "csv:Text - txt - csv (StarCalc):44,34,UTF8,1,,0,false,true,false,false,false,-1"
)


def test_the_demos_workbooks_open_in_libreoffice_with_every_sheet(tmp_path):
    club = load_demo()
    tuesday = club.events.get(name="Tuesday Pairs")
    Pair.objects.filter(section__event=tuesday, number=1).update(names="=1+2")
    events = club.events.order_by("name")
    assert [e.name for e in events] == [
        "Autumn Championship, session 1",
        "Autumn Championship, session 2",
        "Congress Evening",
        "Friday Individual",
        "Saturday Swiss Teams",
        "Thursday Howell",
        "Tuesday Pairs",
    ]
    sheets = {}
    for event in events:
        data = export_file(event=event, format_key="xlsx")
        (tmp_path / f"event-{event.pk}.xlsx").write_bytes(data)
        for ws in openpyxl.load_workbook(io.BytesIO(data)):
            sheets[f"event-{event.pk}-{ws.title}.csv"] = ws["A1"].value
    profile = (tmp_path / "profile").as_uri()  # its own: another LibreOffice may be running

    subprocess.run(
        [SOFFICE, f"-env:UserInstallation={profile}", "--headless", "--convert-to",
         EVERY_SHEET_AS_CSV, "--outdir", str(tmp_path / "csv"),
         *sorted(str(p) for p in tmp_path.glob("*.xlsx"))],
        check=True, capture_output=True, timeout=300,
    )  # fmt: skip

    converted = {p.name: p for p in (tmp_path / "csv").iterdir()}
    assert sorted(converted) == sorted(sheets)
    read = {
        name: list(csv.reader(io.StringIO(p.read_text("utf-8")))) for name, p in converted.items()
    }
    assert {name: rows[0][0] for name, rows in read.items()} == sheets  # each sheet's title
    ranking = read[f"event-{tuesday.pk}-Ranking.csv"]
    assert [row[2] for row in ranking if row[2].startswith("=")] == ["=1+2"]
