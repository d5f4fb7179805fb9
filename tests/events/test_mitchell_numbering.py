"""A Mitchell's pairs as clubs print them, "3 NS" and "3 EW": on pages, in URLs and in our own
USEBIO and PBN files, which read back with the same labels and rankings.

The file conventions: Compscore's USEBIO numbers each direction of a two-winner event from 1
and writes "3NS" / "3EW" with WINNER_TYPE 2 (../shared/realdata/README.md, "Common to the
Compscore files"); our PBN writes the same pair ids, with the Direction column Ruter writes
("N-S", "E-W").
"""

import pytest
from django.urls import reverse

from events.formats import FORMATS, json_export
from events.models import Board, Event, Pair
from events.services.entry import board_meetings, save_line
from events.services.exports import export_file, pairs_file
from events.services.imports import import_event, preview_import
from events.services.rescoring import rescore_event
from scoring import mitchell, parse_traveller_line

pytestmark = pytest.mark.django_db

LINES = ["4S N 10", "3NT S 9", "4S N 9", "2H E 8", "1NT N 7", "3NT S 10", "4H W 10"]


@pytest.fixture
def played(make_event):
    """A 7-table two-winner Mitchell numbered per direction, its first three boards played."""
    event = make_event(mitchell(7, 3), ew_numbered_on=False, winners=2, status="published")
    Event.objects.filter(pk=event.pk).update(status=Event.Status.RUNNING)
    boards = Board.objects.filter(section__event=event, number__lte=3).select_related(
        "section__event"
    )
    for board in boards:
        for meeting, text in zip(board_meetings(board=board), LINES, strict=False):
            save_line(
                board=board,
                line=parse_traveller_line(text),
                ns_pair=meeting.ns,
                ew_pair=meeting.ew,
            )
    Event.objects.filter(pk=event.pk).update(status=Event.Status.PUBLISHED)
    return Event.objects.get(pk=event.pk)


def _ranking(event) -> list[tuple]:
    return [
        (row["label"], row["direction"], row["place"], row["score"])
        for row in json_export.event_results(pairs_file(event=event))["ranking"]
    ]


def _lines(event) -> list[tuple]:
    return sorted(
        (board["number"], line["ns_label"], line["ew_label"], line["score_ns"])
        for board in json_export.event_results(pairs_file(event=event))["boards"]
        for line in board["results"]
    )


def test_the_pairs_are_labelled_per_direction(played):
    labels = set(Pair.objects.filter(section__event=played).values_list("label", flat=True))
    assert labels == {f"{n} NS" for n in range(1, 8)} | {f"{n} EW" for n in range(1, 8)}


@pytest.mark.parametrize("format_key", ["usebio", "pbn"])
def test_a_two_winner_mitchell_comes_back_from_our_file_with_its_labels(played, club, format_key):
    data = export_file(event=played, format_key=format_key)
    copy = import_event(imported=FORMATS[format_key].parse_file(data), club=club)

    assert (copy.winners, copy.ew_numbered_on) == (2, False)
    assert _ranking(copy) == _ranking(played)
    assert _lines(copy) == _lines(played)
    assert ("3 EW", "EW") in {(label, d) for label, d, _, _ in _ranking(copy)}


def test_usebio_writes_the_pair_numbers_as_compscore(played):
    text = export_file(event=played, format_key="usebio").decode()
    assert "<WINNER_TYPE>2</WINNER_TYPE>" in text
    assert "<PAIR_NUMBER>3NS</PAIR_NUMBER>" in text
    assert "<PAIR_NUMBER>3EW</PAIR_NUMBER>" in text


@pytest.mark.parametrize("format_key", ["usebio", "pbn"])
def test_a_club_numbering_ew_on_gets_plain_numbers_back(played, club, format_key):
    Event.objects.filter(pk=played.pk).update(status=Event.Status.RUNNING)
    rescore_event(event=played, ew_numbered_on=True)
    data = export_file(event=played, format_key=format_key)
    copy = import_event(imported=FORMATS[format_key].parse_file(data), club=club)
    assert copy.ew_numbered_on is True
    assert _ranking(copy) == _ranking(played)
    labels = set(Pair.objects.filter(section__event=copy).values_list("label", flat=True))
    assert labels == {str(n) for n in range(1, 15)}


def test_the_scorecard_url_tells_ns_3_from_ew_3(client, played):
    ns = client.get(reverse("scorecard", args=[played.pk, "A", "3ns"]))
    ew = client.get(reverse("scorecard", args=[played.pk, "A", "3ew"]))
    assert "Scorecard of pair 3 NS" in ns.content.decode()
    assert "Scorecard of pair 3 EW" in ew.content.decode()
    # A link from before the labels, by the pair's number, still finds its pair.
    old = client.get(f"/events/{played.pk}/A/pairs/10/")
    assert "Scorecard of pair 3 EW" in old.content.decode()
    assert client.get(reverse("scorecard", args=[played.pk, "A", "8ew"])).status_code == 404


def test_the_ranking_page_shows_the_labels_per_direction(client, played):
    page = client.get(reverse("event", args=[played.pk])).content.decode()
    assert "/A/pairs/3ew/" in page and ">3 EW<" in page


def test_the_setting_renames_the_pairs(played):
    Event.objects.filter(pk=played.pk).update(status=Event.Status.RUNNING)
    rescore_event(event=played, ew_numbered_on=True)
    assert Pair.objects.get(section__event=played, number=10).label == "10"
    rescore_event(event=played, ew_numbered_on=False)
    assert Pair.objects.get(section__event=played, number=10).label == "3 EW"


def test_the_import_preview_names_the_files_numbering(played, club):
    data = export_file(event=played, format_key="usebio")
    preview = preview_import(imported=FORMATS["usebio"].parse_file(data), club=club)
    assert ("Pair numbers", "Each direction from 1: 1 NS, 1 EW ...") in preview.settings
    assert preview.groups[1][1][0].number.endswith(" EW")


def test_the_explanation_ranks_the_lines_by_their_labels(client, played):
    page = client.get(reverse("explain-score", args=[played.pk, "A", 1, "1ns"])).content.decode()
    assert "<td>NS 1 v EW 1</td>" in page
    assert not [n for n in range(8, 15) if f"EW {n}</td>" in page]
