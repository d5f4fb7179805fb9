"""Garbage files and real files with garbage in them, read by the importers and sent through the
upload and confirmation pages: a FileRefused or an event, a message or a saved event, never a
500; a refused file saves nothing."""

import re
from xml.sax.saxutils import escape

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from hypothesis import given
from hypothesis import strategies as st

from events.formats.imported import FileRefused, ImportedEvent
from events.formats.team_files import TeamsFile
from events.models import Event, Upload
from events.services.imports import read_result_file, store_upload
from tests.events.files import read_file
from tests.events.fuzzing import FUZZ, GARBAGE, answered, fuzz_client, refused, snapshot

pytestmark = pytest.mark.django_db

FILES = {name: read_file(name) for name in ("ruter_pairs.pbn", "magic_butler.pbn",
                                            "compscore_mp.xml", "compscore_cross.xml",
                                            "ruter_teams.pbn", "teams_boards.pbn")}  # fmt: skip
_PBN_TOKEN = re.compile(rb'"[^"\r\n]*"|[^\s"]+')
_XML_TEXT = re.compile(rb">([^<]+)<")


@st.composite
def damaged_files(draw, files: dict[str, bytes] = FILES) -> bytes:
    """A real file (of `files`, by name) with one value, or a few, replaced by garbage."""
    name = draw(st.sampled_from(sorted(files)))
    data = files[name]
    for _ in range(draw(st.integers(min_value=1, max_value=3))):
        garbage = draw(GARBAGE)
        if name.endswith(".xml"):
            sites = list(_XML_TEXT.finditer(data))
            site = sites[draw(st.integers(min_value=0, max_value=len(sites) - 1))]
            text = escape(garbage) if draw(st.booleans()) else garbage
            replacement = text.encode("utf-8", errors="replace")
            data = data[: site.start(1)] + replacement + data[site.end(1) :]
        else:
            sites = list(_PBN_TOKEN.finditer(data))
            site = sites[draw(st.integers(min_value=0, max_value=len(sites) - 1))]
            quoted = site.group().startswith(b'"')
            replacement = garbage.encode(draw(st.sampled_from(["utf-8", "latin-1"])), "replace")
            if quoted:
                replacement = b'"' + replacement.replace(b'"', b"") + b'"'
            data = data[: site.start()] + replacement + data[site.end() :]
    return data


FILES_TO_TRY = st.one_of(
    damaged_files(),
    st.binary(max_size=3000),
    st.text(max_size=300).map(lambda text: ('[Board "1"]\n' + text).encode()),
    st.text(max_size=300).map(lambda text: ("<USEBIO>" + text + "</USEBIO>").encode()),
    st.sampled_from(
        [
            b'<?xml version="1.0" encoding="x-bogus"?><USEBIO/>',
            b'<?xml version="1.0" encoding="utf-16"?><USEBIO/>',
            b"\xef\xbb\xbf" + b"\x00" * 100,
            b"%" + b"\xff" * 5000,
        ]
    ),
)


@FUZZ
@given(data=FILES_TO_TRY)
def test_the_readers_give_an_event_or_say_why_not(data):
    try:
        imported = read_result_file(data)
    except FileRefused as refusal:
        assert str(refusal)
    else:
        if isinstance(imported, TeamsFile):
            assert imported.teams and imported.matches
        else:
            assert isinstance(imported, ImportedEvent)
            assert imported.boards


@FUZZ
@given(data=FILES_TO_TRY, name=st.sampled_from(["results.pbn", "results.xml", "x" * 200]))
def test_upload_and_confirm_pages(director, club, data, name):
    client = fuzz_client(director)
    before = snapshot()
    upload = client.post(
        reverse("import-upload", args=[club.slug]), {"file": SimpleUploadedFile(name, data)}
    )
    page = answered(upload)
    if upload.status_code != 302:
        assert refused(page)
        return
    assert "Import and publish" in answered(client.get(upload.url))
    assert snapshot() == before  # the upload is kept, the preview saves nothing
    kept = Upload.objects.filter(club=club).latest("pk")
    # Boards whose damaged points fit no rule are kept fixed (test_fixed_scores.py asks).
    confirm = client.post(reverse("import-confirm", args=[club.slug, kept.pk]), {"fixed": "keep"})
    page = answered(confirm)
    kept.refresh_from_db()
    if confirm.status_code != 302:  # the same file was imported by an earlier example
        assert "imported before" in page
    assert Event.objects.count() == len(before["Event"]) + (kept.status == "imported")


@FUZZ
@given(earlier=GARBAGE)
def test_a_confirmation_with_a_garbled_answer(director, club, earlier):
    client = fuzz_client(director)
    kept = store_upload(club=club, user=director, name="x.xml", data=read_file("compscore_mp.xml"))
    before = snapshot()
    response = client.post(
        reverse("import-confirm", args=[club.slug, kept.pk]), {"earlier": earlier}
    )
    page = answered(response)
    kept.refresh_from_db()
    if kept.status == "waiting":  # not a choice, or imported by an earlier example: asked again
        assert response.status_code == 302 or "imported before" in page
        assert snapshot() == before
