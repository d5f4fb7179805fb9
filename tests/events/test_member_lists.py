"""A club's member list: the file read, the plan previewed, the import saved all or nothing and
recorded, the list exported and read back unchanged."""

import codecs
import io
import random
import zipfile

import openpyxl
import pytest
from django.test import override_settings

from events.formats.imported import FileRefused
from events.formats.member_lists import read_member_list
from events.models import Change, Partnership, Player, Upload
from events.services.clubs import merge_players
from events.services.individuals import create_individual_event, name_players
from events.services.member_headings import Columns
from events.services.member_lists import (
    MemberListRefused,
    import_members,
    members_csv,
    members_xlsx,
    preview_list,
    read_list,
    store_list,
)
from events.services.notes import note_text
from events.services.setup import name_pair
from scoring.movements.individual import complete_individual


def csv_bytes(*lines: str, encoding="utf-8-sig") -> bytes:
    return ("\r\n".join(lines) + "\r\n").encode(encoding)


def cells(data: bytes) -> list[tuple]:
    return [(row.number, row.cells) for row in read_member_list(data, max_rows=100).rows]


# Reading the file


def test_csv_with_a_bom_semicolons_and_a_blank_row():
    data = csv_bytes("Name;EBU", "José García;1", "", " Ann Able ;2")
    assert cells(data) == [(1, ("Name", "EBU")), (2, ("José García", "1")), (4, ("Ann Able", "2"))]


def test_csv_in_windows_1252_and_utf16_tab_separated():
    assert cells(csv_bytes("Name,EBU", "José,1", encoding="cp1252"))[1] == (2, ("José", "1"))
    utf16 = codecs.BOM_UTF16_LE + "Name\tEBU\r\nJosé\t1\r\n".encode("utf-16-le")
    assert cells(utf16) == [(1, ("Name", "EBU")), (2, ("José", "1"))]


def test_a_quoted_comma_stays_in_its_cell():
    assert cells(csv_bytes("Name,EBU", '"Smith, John",7'))[1] == (2, ("Smith, John", "7"))


def workbook(*rows) -> bytes:
    book = openpyxl.Workbook()
    for row in rows:
        book.active.append(row)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def test_a_workbook_is_read_with_numbers_as_text():
    data = workbook(["Name", "EBU No"], ["Ann Able", 1001], [None, None], ["Bob Best", 1002.0])
    read = read_member_list(data, max_rows=10)
    assert read.kind == "Excel"
    assert [(r.number, r.cells) for r in read.rows] == [
        (1, ("Name", "EBU No")),
        (2, ("Ann Able", "1001")),
        (4, ("Bob Best", "1002")),
    ]


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"PK\x03\x04 not really a zip", "this is not an Excel workbook that can be read"),
        (
            b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR",
            "this is neither a CSV file nor an Excel workbook",
        ),
    ],
)
def test_a_broken_workbook_or_a_binary_file_is_refused(data, message):
    with pytest.raises(FileRefused, match=message):
        read_member_list(data, max_rows=10)


def test_a_zip_without_a_workbook_is_refused():
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as packed:
        packed.writestr("hello.txt", "hello")
    with pytest.raises(FileRefused, match="not an Excel workbook"):
        read_member_list(out.getvalue(), max_rows=10)


def test_a_zip_bomb_is_refused_before_it_is_unpacked():
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as packed:
        packed.writestr("xl/worksheets/sheet1.xml", b"\0" * 50_000_000)
    with pytest.raises(FileRefused, match="unpacks to more than a member list can hold"):
        read_member_list(out.getvalue(), max_rows=10)


def test_damaged_workbooks_and_random_bytes_are_read_or_refused_never_an_error():
    """A fuzz: openpyxl and the readers under it raised a dozen kinds of error on these."""
    good = workbook(["Name", "EBU", "Email"], *([f"P{n}", n, f"p{n}@x.org"] for n in range(30)))
    rnd = random.Random(21)
    damaged = [good[: rnd.randrange(len(good))] for _ in range(40)]
    for _ in range(300):
        flipped = bytearray(good)
        for _ in range(rnd.randint(1, 20)):
            flipped[rnd.randrange(len(flipped))] = rnd.randrange(256)
        damaged.append(bytes(flipped))
    damaged += [bytes(rnd.randrange(256) for _ in range(300)) for _ in range(100)]
    outcomes = set()
    for data in damaged:
        try:
            read_member_list(data, max_rows=100)
            outcomes.add("read")
        except FileRefused:
            outcomes.add("refused")
    assert outcomes == {"read", "refused"}


@override_settings(MEMBER_LIST_MAX_ROWS=3, MEMBER_LIST_MAX_BYTES=200)
def test_the_limits_are_refused_with_a_sentence():
    with pytest.raises(MemberListRefused, match="more than 3 rows, the most a member list"):
        read_list(csv_bytes("Name", "A", "B", "C"))
    with pytest.raises(
        MemberListRefused, match="the file is 306\xa0bytes: a member list can be up to 200\xa0bytes"
    ):
        read_list(b"Name\r\n" + b"A" * 300)
    with pytest.raises(MemberListRefused, match="the file holds no rows"):
        read_list(b"\r\n  \r\n")


# The plan


@pytest.fixture
def members(club):
    return {
        "ann": Player.objects.create(club=club, name="Ann Able", member_number="1001"),
        "bob": Player.objects.create(club=club, name="Bob Best", member_number="1002"),
        "jose": Player.objects.create(club=club, name="Jose Garcia"),
    }


def upload_of(club, director, data: bytes) -> Upload:
    return store_list(club=club, user=director, name="members.csv", data=data)


def plan_of(upload, **kwargs):
    preview = preview_list(upload=upload, **kwargs)
    return preview, {row.entry.row: row for row in preview.plan.rows}


def test_new_changed_and_unchanged_rows(club, director, members):
    upload = upload_of(
        club,
        director,
        csv_bytes(
            "Surname,First name,EBU,Contact",
            "Able,Ann,1001,",  # unchanged
            "Best,Robert,1002,bob@example.org",  # found by number: renamed, email added
            "GARCÍA,José,2001,",  # found by name, accents and case aside: number added
            "Carter,Cat,2002,cat@example.org",  # new
        ),
    )
    preview, rows = plan_of(upload)
    assert preview.columns == Columns(first_name=1, surname=0, member_number=2, headings=True)
    assert {n: r.action for n, r in rows.items()} == {
        2: "unchanged",
        3: "changed",
        4: "changed",
        5: "new",
    }
    assert rows[3].changes == {"name": ("Bob Best", "Robert Best")}  # the email is not picked
    assert rows[4].changes == {"member_number": ("", "2001")}  # the club's spelling stays
    assert rows[5].new_name == "Cat Carter"
    assert Player.objects.count() == 3  # the preview saves nothing

    columns = Columns(first_name=1, surname=0, member_number=2, email=3, headings=True)
    preview, rows = plan_of(upload, columns=columns)
    assert rows[3].changes == {
        "name": ("Bob Best", "Robert Best"),
        "email": ("", "bob@example.org"),
    }
    done = import_members(
        upload=upload, columns=columns, answers={}, fingerprint=preview.fingerprint, user=director
    )
    assert (done.new, done.changed, done.merged, done.left_out) == (1, 2, 0, 0)
    assert set(club.players.values_list("name", "member_number", "email")) == {
        ("Ann Able", "1001", ""),
        ("Robert Best", "1002", "bob@example.org"),
        ("Jose Garcia", "2001", ""),
        ("Cat Carter", "2002", "cat@example.org"),
    }
    change = Change.objects.get()
    assert (change.kind, note_text(change.note), change.user) == (
        "player",
        "Member list members.csv",
        director,
    )
    assert Player.history.filter(change=change).count() == 3  # two changed, one new
    upload.refresh_from_db()
    assert upload.status == Upload.Status.IMPORTED


def test_bad_rows_are_named_and_left_out(club, director, members):
    upload = upload_of(
        club,
        director,
        csv_bytes(
            "Name,Member number,Email",
            ",3001,",
            "X" * 60_000 + ",3002,",
            "Eve\x07Evans,3003,",
            "Dan Dare,3004,not-an-email",
            "Fay Fox,3005,",
            "Gus Gray,3005,",
            "Hal Hill,3006,",
            "hal hill,,",
            "Robert Best,1002,",
            "Bob Best,,",
            "Ivy Ives,31234567890123456789012345678901,",
        ),
    )
    preview, rows = plan_of(upload)
    assert {n: r.reason for n, r in rows.items() if r.action == "bad"} == {
        2: "there is no name",
        3: "the name is longer than 120 characters",
        4: "the name holds a control character",
        5: "not-an-email is not an email address",
        7: "row 6 has the same member number",
        9: "it repeats row 8",
        11: "it is Bob Best, as row 10 is",
        12: "the member number is longer than 30 characters",
    }
    done = import_members(
        upload=upload,
        columns=preview.columns,
        answers={},
        fingerprint=preview.fingerprint,
        user=director,
    )
    assert (done.new, done.changed, done.left_out) == (2, 1, 8)
    assert set(club.players.values_list("name", flat=True)) == {
        "Ann Able",
        "Robert Best",
        "Jose Garcia",
        "Fay Fox",
        "Hal Hill",
    }


def test_two_players_of_one_name_are_asked_about(club, director, members):
    other = Player.objects.create(club=club, name="Ann Able", member_number="1009")
    upload = upload_of(club, director, csv_bytes("Name,Email", '"Able, Ann",ann@example.org'))
    preview, rows = plan_of(upload)
    assert rows[2].action == "question"
    assert rows[2].candidates == [members["ann"], other]
    assert rows[2].reason == "the club has 2 players of this name"
    with pytest.raises(MemberListRefused, match="say who row 2 is"):
        import_members(
            upload=upload, columns=preview.columns, answers={}, fingerprint=preview.fingerprint
        )
    assert Change.objects.count() == 0

    answers = {2: str(other.pk)}
    _, rows = plan_of(upload, answers=answers)
    assert (rows[2].action, rows[2].player) == ("changed", other)
    import_members(
        upload=upload,
        columns=preview.columns,
        answers=answers,
        fingerprint=preview.fingerprint,
        user=director,
    )
    assert Player.objects.get(pk=other.pk).email == "ann@example.org"
    assert Player.objects.get(pk=members["ann"].pk).email == ""


def test_a_name_with_another_member_number_is_asked_about(club, director, members):
    upload = upload_of(club, director, csv_bytes("Name,EBU", "Ann Able,7777"))
    _, rows = plan_of(upload)
    assert rows[2].action == "question"
    assert rows[2].reason == "the club's Ann Able has another member number, 1001"
    _, rows = plan_of(upload, answers={2: "new"})
    assert (rows[2].action, rows[2].new_name) == ("new", "Ann Able")
    _, rows = plan_of(upload, answers={2: "skip"})
    assert rows[2].action == "left out"


def test_guests_the_list_names_are_merged_into_the_member(club, director, members, make_event):
    event = make_event()
    pair = event.sections.get().pairs.get(number=1)
    name_pair(pair=pair, names=["Best, Bob", "Cat Carter"])  # two guests, one of them Bob
    guest, lone_guest = Player.objects.filter(guest=True).order_by("pk")
    assert set(Partnership.objects.values_list("player", flat=True)) == {guest.pk, lone_guest.pk}
    upload = upload_of(club, director, csv_bytes("Name,EBU", "Bob Best,1002", "Cat Carter,3001"))
    preview, rows = plan_of(upload)
    assert (rows[2].action, rows[2].player, rows[2].guests) == (
        "changed",
        members["bob"],
        [guest],
    )
    assert (rows[3].action, rows[3].player, rows[3].changes) == (
        "changed",
        lone_guest,
        {"member_number": ("", "3001"), "guest": ("guest", "member")},
    )
    done = import_members(
        upload=upload, columns=preview.columns, answers={}, fingerprint=preview.fingerprint
    )
    assert done.merged == 1
    assert not Player.objects.filter(pk=guest.pk).exists()
    seated = Partnership.objects.filter(pair=pair).order_by("seat")
    assert [s.player_id for s in seated] == [members["bob"].pk, lone_guest.pk]
    lone_guest.refresh_from_db()
    assert (lone_guest.guest, lone_guest.member_number) == (False, "3001")
    pair.refresh_from_db()
    assert pair.names == "Bob Best & Cat Carter"


def test_a_guest_of_an_individual_the_list_names_is_merged_into_the_member(club, director, members):
    event = create_individual_event(
        club=club, movement=complete_individual(8, 2, rounds=2), name="Ind", date="2026-11-23"
    )
    section = event.sections.get()
    name_players(section=section, names={8: "Best, Bob", 5: "Cat Carter"})
    guest = Player.objects.get(name="Best, Bob", guest=True)
    upload = upload_of(club, director, csv_bytes("Name,EBU", "Bob Best,1002"))
    preview, rows = plan_of(upload)
    assert rows[2].guests == [guest]

    done = import_members(
        upload=upload, columns=preview.columns, answers={}, fingerprint=preview.fingerprint
    )

    assert done.merged == 1 and not Player.objects.filter(pk=guest.pk).exists()
    individual = section.individuals.get(number=8)
    assert (individual.player, individual.name) == (members["bob"], "Bob Best")
    assert section.pairs.get(number=1).names == "8 Bob Best & 5 Cat Carter"


def test_a_refused_merge_saves_nothing(club, director, members, make_event):
    event = make_event()
    pair = event.sections.get().pairs.get(number=1)
    name_pair(pair=pair, names=["Bob Best", "Best, Bob"])  # the guest plays with Bob himself
    assert Player.objects.filter(guest=True).count() == 1
    upload = upload_of(club, director, csv_bytes("Name,EBU", "Zoe Zed,5000", "Bob Best,1002"))
    preview, rows = plan_of(upload)
    assert rows[2].action == "new"
    with pytest.raises(MemberListRefused, match=r"row 3 \(Bob Best\): .* cannot be the same"):
        import_members(
            upload=upload, columns=preview.columns, answers={}, fingerprint=preview.fingerprint
        )
    assert not Player.objects.filter(name="Zoe Zed").exists()
    assert Change.objects.filter(kind="player").count() == 0
    assert Upload.objects.get(pk=upload.pk).status == Upload.Status.WAITING


def test_a_plan_changed_since_the_preview_is_refused(club, director, members):
    upload = upload_of(club, director, csv_bytes("Name,EBU", "Zoe Zed,5000"))
    preview, _ = plan_of(upload)
    Player.objects.create(club=club, name="Zoe Zed", member_number="5000")
    with pytest.raises(MemberListRefused, match="would not do what the preview showed"):
        import_members(
            upload=upload, columns=preview.columns, answers={}, fingerprint=preview.fingerprint
        )
    assert Player.objects.filter(name="Zoe Zed").count() == 1


def test_a_file_is_imported_once(club, director, members):
    upload = upload_of(club, director, csv_bytes("Name,EBU", "Zoe Zed,5000"))
    preview, _ = plan_of(upload)
    kwargs = {"upload": upload, "columns": preview.columns, "answers": {}}
    import_members(**kwargs, fingerprint=preview.fingerprint)
    with pytest.raises(MemberListRefused, match="imported already"):
        import_members(**kwargs, fingerprint=preview.fingerprint)
    assert Player.objects.filter(name="Zoe Zed").count() == 1


# The export


def test_the_export_read_back_changes_nothing(club, director, members):
    Player.objects.create(club=club, name="Guest Only", guest=True)
    Player.objects.filter(pk=members["bob"].pk).update(email="bob@example.org")
    Player.objects.create(club=club, name="=cmd|' /C calc'!A0", member_number="@SUM(1)")
    Player.objects.create(club=club, name="Smith, John", member_number="9")
    before = list(Player.objects.order_by("pk").values())
    for export in (members_csv, members_xlsx):
        upload = upload_of(club, director, export(club=club))
        preview, rows = plan_of(upload)
        assert {r.action for r in rows.values()} == {"unchanged"}
        assert len(rows) == 5  # the guest is not a member
        import_members(
            upload=upload, columns=preview.columns, answers={}, fingerprint=preview.fingerprint
        )
    assert list(Player.objects.order_by("pk").values()) == before
    assert not Change.objects.exists()  # nothing changed, nothing in the history


def test_the_csv_export_keeps_formulas_as_text(club, members):
    Player.objects.create(club=club, name="=HYPERLINK(1)", member_number="@SUM(1)", email="")
    text = members_csv(club=club).decode("utf-8-sig")
    assert text.splitlines() == [
        "Name,Member number,Email",
        "'=HYPERLINK(1),'@SUM(1),",
        "Ann Able,1001,",
        "Bob Best,1002,",
        "Jose Garcia,,",
    ]


def test_the_workbook_export_holds_the_members_as_text(club, members):
    Player.objects.create(club=club, name="=cmd|'/C calc'!A0", member_number="-2+3")
    Player.objects.filter(pk=members["ann"].pk).update(email="ann@example.org", name="Ann\x07Able")
    book = openpyxl.load_workbook(io.BytesIO(members_xlsx(club=club)))
    sheet = book.worksheets[0]
    assert sheet.title == "Members"
    assert sheet.freeze_panes == "A2"
    values = [[c.value for c in row] for row in sheet.iter_rows()]
    assert values == [
        ["Name", "Member number", "Email"],
        ["=cmd|'/C calc'!A0", "-2+3", None],
        ["Ann Able", "1001", "ann@example.org"],
        ["Bob Best", "1002", None],
        ["Jose Garcia", None, None],
    ]
    formula = sheet["A2"]
    assert (formula.data_type, formula.quotePrefix) == ("s", True)
    assert sheet["A1"].font.b is True


def test_merge_players_still_keeps_the_email_of_the_kept_player(club, members):
    # The merge the import reuses: the kept player's own values stay.
    Player.objects.filter(pk=members["ann"].pk).update(email="ann@example.org")
    guest = Player.objects.create(club=club, name="ann able", guest=True)
    merge_players(keep=Player.objects.get(pk=members["ann"].pk), duplicates=[guest])
    assert Player.objects.get(pk=members["ann"].pk).email == "ann@example.org"
