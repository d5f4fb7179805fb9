"""A weighted score (Law 12C1(c), SPEC §2.3) saved on a line: typed in the grid, scored by the
engine part by part, shown with its parts, undone, and refused with a sentence where it cannot
be scored."""

import csv
import html
import io
import json
import re

import openpyxl
import pytest
from django.db import IntegrityError, transaction
from django.urls import reverse

from events.formats import FORMATS, json_export
from events.formats.imported import FileRefused
from events.forms.events import EventSettingsForm
from events.models import Board, Change, Club, Event, Result
from events.services.backup import backup_bytes, club_models, restore_club
from events.services.entry import (
    WEIGHTED_LINES_STAY_MATCHPOINTS,
    WEIGHTED_NOT_IMPS,
    board_meetings,
)
from events.services.explanations import explain_score
from events.services.exports import export_file, pairs_file
from events.services.history import undo_change
from events.services.history_text import event_history
from events.services.imports import import_event
from events.services.problems import section_problems
from events.services.rescoring import rescore_event
from scoring import Weighted, matchpoint_traveller, mitchell

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}
WEIGHTED = "40% 4S N 10 + 60% 4S N 9"  # board 1 is not vulnerable: +420 40%, -50 60%
# Board 1's other six tables in a 7-table Mitchell, best NS score first but one.
OTHERS = ["4S N 11", "4S N 10", "3NT S 9", "4S N 9", "2S N 8", "5S N 10"]
OTHER_SCORES = [450, 420, 400, -50, 110, -50]


def post_line(client, event, line, ns, ew, result=None):
    data = {"line": line, "ns": ns, "ew": ew, "mode": "board:1"}
    if result is not None:
        data["result"] = result
    return client.post(reverse("line-save", args=[event.pk, 1]), data, **HTMX)


def alerts(response) -> list[str]:
    found = re.findall(r'<div class="error" role="alert">(.*?)</div>', response.content.decode())
    return [html.unescape(text) for text in found]


def board_one(event) -> Board:
    return Board.objects.select_related("section__event").get(section__event=event, number=1)


def keyed(client, event, first=WEIGHTED):
    """Board 1 keyed in through the grid: `first` at the first table, OTHERS at the rest."""
    meetings = board_meetings(board=board_one(event))
    for meeting, text in zip(meetings, [first, *OTHERS], strict=True):
        response = post_line(client, event, text, meeting.ns, meeting.ew)
        assert alerts(response) == []
    return meetings[0], response


def engine_points(event) -> list[tuple[float, float]]:
    """Board 1 matchpointed by the engine alone, from the typed scores, in meeting order."""
    entries = [Weighted(((40, 420), (60, -50))), *OTHER_SCORES]
    return matchpoint_traveller(entries)


def flat(points: list[tuple[float, float]]) -> list[float]:
    return [value for pair in points for value in pair]


def saved_points(event, meetings_order) -> list[tuple[float, float]]:
    lines = {(r.ns_pair.number, r.ew_pair.number): r for r in Result.objects.all()}
    return [(lines[m.ns, m.ew].ns_points, lines[m.ns, m.ew].ew_points) for m in meetings_order]


def test_a_weighted_score_saves_with_its_parts_and_scores_as_the_engine(
    director_client, make_event
):
    event = make_event(mitchell(7, 3), mp_rounding="none")
    first, page = keyed(director_client, event)
    line = Result.objects.get(ns_pair__number=first.ns)
    assert line.weights == [[40, "4S", "N", 10, 420], [60, "4S", "N", 9, -50]]
    assert line.score_ns == 138  # 40% of +420 and 60% of -50: the mean other formats get
    assert (line.contract, line.declarer, line.tricks, line.ns_adjustment) == ("", "", None, "")
    meetings = board_meetings(board=board_one(event))
    assert flat(saved_points(event, meetings)) == pytest.approx(flat(engine_points(event)))
    # By hand: as +420 (40%) NS beat 400, 110, -50, -50 and tie 420: 9, EW beat 450, tie 420: 3;
    # as -50 (60%) NS tie two -50s: 2, EW beat four and tie two: 10.
    ns, ew = saved_points(event, meetings)[0]
    assert (ns, ew) == pytest.approx((0.4 * 9 + 0.6 * 2, 0.4 * 3 + 0.6 * 10))
    assert f'value="{WEIGHTED}"' in page.content.decode()
    assert "Weighted: 40% 4S N =, 60% 4S N -1" in page.content.decode()


def test_rescoring_the_event_gives_the_engines_matchpoints_again(director_client, make_event):
    event = make_event(mitchell(7, 3), mp_rounding="none")
    keyed(director_client, event)
    Result.objects.update(ns_points=None, ew_points=None)
    rescore_event(event=event, mp_scale=1)
    meetings = board_meetings(board=board_one(event))
    halved = [(ns / 2, ew / 2) for ns, ew in engine_points(event)]
    assert flat(saved_points(event, meetings)) == pytest.approx(flat(halved))


def test_an_edit_to_a_weighted_score_is_undone_back_to_the_plain_line(
    director_client, make_event, director
):
    event = make_event(mitchell(7, 3))
    first, _ = keyed(director_client, event, first="4S N 10")
    line = Result.objects.get(ns_pair__number=first.ns)
    before = (line.ns_points, line.ew_points)
    post_line(director_client, event, WEIGHTED, first.ns, first.ew, result=line.pk)
    line.refresh_from_db()
    assert line.weights and (line.ns_points, line.ew_points) != before

    undo_change(change=Change.objects.filter(kind=Change.Kind.RESULT).latest("pk"))

    line.refresh_from_db()
    assert (line.weights, line.contract, line.tricks, line.score_ns) == (None, "4S", 10, 420)
    assert (line.ns_points, line.ew_points) == before


def test_undoing_a_plain_edit_puts_the_weighted_score_back(director_client, make_event):
    event = make_event(mitchell(7, 3))
    first, _ = keyed(director_client, event)
    line = Result.objects.get(ns_pair__number=first.ns)
    before = (line.weights, line.ns_points, line.ew_points)
    post_line(director_client, event, "4S N 10", first.ns, first.ew, result=line.pk)

    undo_change(change=Change.objects.filter(kind=Change.Kind.RESULT).latest("pk"))

    line.refresh_from_db()
    assert (line.weights, line.ns_points, line.ew_points) == before
    assert line.score_ns == 138 and line.contract == ""


def test_the_traveller_and_the_scorecard_show_the_parts(client, director_client, make_event):
    event = make_event(mitchell(7, 3))
    first, _ = keyed(director_client, event)
    traveller = client.get(reverse("traveller", args=[event.pk, "A", 1])).content.decode()
    assert "Weighted: 40% 4S N =, 60% 4S N -1" in traveller
    assert "+138" not in traveller  # a mean no table scored is no frequency
    card = client.get(reverse("scorecard", args=[event.pk, "A", first.ew])).content.decode()
    assert "Weighted: 40% 4S N =, 60% 4S N -1" in card


@pytest.mark.parametrize("scoring", ["butler", "cross-imps"])
def test_an_imp_event_refuses_a_weighted_score_with_a_sentence(
    director_client, make_event, scoring
):
    event = make_event(mitchell(7, 3), scoring=scoring)
    response = post_line(director_client, event, WEIGHTED, 1, 8)
    assert alerts(response) == [WEIGHTED_NOT_IMPS]
    assert not Result.objects.exists()


def test_an_event_with_a_weighted_score_stays_matchpointed(director_client, make_event):
    event = make_event(mitchell(7, 3))
    keyed(director_client, event)
    data = {"name": event.name, "date": "2026-11-20", "scoring": "butler", "winners": 1}
    data |= {"mp_scale": 2, "mp_rounding": "ebu", "adjusted_scores": event.adjusted_scores}
    data |= {"datum_method": event.datum_method, "cross_imp_mode": event.cross_imp_mode}
    data |= {"reveal": event.reveal}
    form = EventSettingsForm(data, instance=event)
    assert not form.is_valid()
    assert form.errors["scoring"] == [WEIGHTED_LINES_STAY_MATCHPOINTS]


def test_every_half_typed_weighted_line_is_refused_with_a_sentence(director_client, make_event):
    """Each prefix of a weighted line, as Enter might catch it: refused with one sentence that
    is about the line, and nothing saved."""
    event = make_event(mitchell(7, 3))
    messages = {}
    for end in range(1, len(WEIGHTED)):
        response = post_line(director_client, event, WEIGHTED[:end], 1, 8)
        assert response.status_code == 200
        [messages[WEIGHTED[:end]]] = alerts(response)
    assert not Result.objects.exists()
    for message in messages.values():
        assert len(message.split()) >= 4 and "None" not in message and "Error" not in message
    assert messages["40% 4S N 10 +"] == (
        "a weighted score is e.g. 40% 4S N 10 + 60% 4S N 9: each part a percent, then a result"
    )
    assert messages["40% 4S N 10 + 60% 4S N"] == (
        "4S: add the result: tricks taken (e.g. 10), or =, +1, -2"
    )
    assert messages["40% 4S N 10 + 60"] == (
        "a weighted score is e.g. 40% 4S N 10 + 60% 4S N 9: each part a percent, then a result"
    )


def test_the_database_keeps_a_weighted_line_a_line_of_its_own_kind(director_client, make_event):
    event = make_event(mitchell(7, 3))
    first, _ = keyed(director_client, event)
    line = Result.objects.filter(ns_pair__number=first.ns)
    for kind in ({"contract": "4S"}, {"score_ew": -50}, {"not_played": True, "score_ns": None}):
        with pytest.raises(IntegrityError), transaction.atomic():
            line.update(**kind)


def test_every_explanation_on_a_weighted_board_arrives_at_the_stored_score(
    client, director_client, make_event
):
    event = make_event(mitchell(7, 3), mp_rounding="ebu")
    first, _ = keyed(director_client, event)
    board = board_one(event)
    for line in Result.objects.filter(board=board).select_related("ns_pair", "ew_pair"):
        for pair, stored in ((line.ns_pair, line.ns_points), (line.ew_pair, line.ew_points)):
            explained = explain_score(board=board, pair=pair)
            assert (explained.kind, explained.final) == ("weighted", stored)
    page = client.get(reverse("explain-score", args=[event.pk, "A", 1, first.ns]))
    text = re.sub(r"<[^>]+>", "", page.content.decode())
    assert "a weighted score, 40% 4S N =, 60% 4S N -1" in text
    assert "40% × 9 + 60% × 2 = 4.8 matchpoints" in text


def test_the_problems_panel_does_not_question_a_weighted_scores_mean(director_client, make_event):
    event = make_event(mitchell(7, 3))
    # A ruling between two slams, its mean +1255 far from every other result on board 1; the
    # same slam typed as a plain result is questioned (the control below).
    keyed(director_client, event, first="50% 7NT N 13 + 50% 6NT N 12")
    section = event.sections.get()
    assert [p for p in section_problems(section=section) if p.kind == "suspicious"] == []
    response = director_client.get(reverse("director-event", args=[event.pk]))
    assert response.status_code == 200
    line = Result.objects.get(weights__isnull=False)
    post_line(director_client, event, "7NT N 13", line.ns_pair.number, line.ew_pair.number, line.pk)
    assert [p.kind for p in section_problems(section=section)].count("suspicious") == 1


# Exports: each format's cells for the weighted line, and what a reader of PBN or USEBIO gets.


def weighted_event(director_client, make_event):
    event = make_event(mitchell(7, 3), mp_rounding="none")
    first, _ = keyed(director_client, event)
    return event, first


def test_csv_has_the_mean_and_the_parts_as_typed(director_client, make_event):
    event, first = weighted_event(director_client, make_event)
    rows = list(
        csv.reader(io.StringIO(export_file(event=event, format_key="csv").decode("utf-8-sig")))
    )
    header, [row] = rows[0], [r for r in rows[1:] if r[5] == str(first.ns) and r[2] == "1"]
    cells = dict(zip(header, row, strict=True))
    assert (cells["Contract"], cells["Tricks"], cells["Score NS"], cells["Adjustment"]) == (
        "",
        "",
        "138",
        "",
    )
    assert cells["Weighted score"] == WEIGHTED
    assert (cells["NS points"], cells["EW points"]) == ("4.8", "7.2")


def test_excel_shows_the_parts_and_no_score_no_table_made(director_client, make_event):
    event, first = weighted_event(director_client, make_event)
    book = openpyxl.load_workbook(io.BytesIO(export_file(event=event, format_key="xlsx")))
    [traveller] = [r for r in book["Travellers"].values if r[:2] == (first.ns, first.ew)][:1]
    assert traveller[2] == "Weighted: 40% 4S N =, 60% 4S N -1"
    assert traveller[3:7] == (None, None, None, None)  # declarer, lead, tricks, NS score
    assert traveller[7:9] == (4.8, 7.2)
    card = [r for r in book["Scorecards"].values if r[:3] == (1, "NS", first.ew)]
    assert card[0][3] == "Weighted: 40% 4S N =, 60% 4S N -1" and card[0][7] is None


def test_json_lists_the_parts(director_client, make_event):
    event, first = weighted_event(director_client, make_event)
    data = json.loads(export_file(event=event, format_key="json"))
    [line] = [r for r in data["boards"][0]["results"] if r["ns"] == first.ns]
    assert line["weighted"] == [
        {"percent": 40, "contract": "4S", "declarer": "N", "tricks": 10, "score_ns": 420},
        {"percent": 60, "contract": "4S", "declarer": "N", "tricks": 9, "score_ns": -50},
    ]
    assert (line["contract"], line["score_ns"], line["ns_points"]) == (None, 138, 4.8)


def test_pbn_gives_other_readers_the_mean_and_ours_the_parts(director_client, make_event, club):
    """PBN has no weighted score: its ScoreTable row holds the parts' mean (+138, the score
    nearest to what the ruling is worth) with no contract, and our own Weighted column the
    parts, from which our import takes the line back whole."""
    event, first = weighted_event(director_client, make_event)
    data = export_file(event=event, format_key="pbn")
    text = data.decode("utf-8-sig")
    assert ';Weighted\\30L"]' in text
    row = next(
        line for line in text.splitlines() if re.match(rf"^\d+ 1 {first.ns} {first.ew} ", line)
    )
    assert row.split()[4:10] == ["-", "-", "-", "-", '"138"', '"-138"']
    assert row.endswith(f'"{WEIGHTED}"')
    before = json_export.event_results(pairs_file(event=event))

    copy = import_event(imported=FORMATS["pbn"].parse_file(data), club=club)

    assert json_export.event_results(pairs_file(event=copy))["boards"] == before["boards"]


def test_usebio_gives_other_readers_the_mean_and_ours_the_parts(director_client, make_event, club):
    """USEBIO has no weighted score either: SCORE is the parts' mean, and the parts ride in our
    processing instruction beside the line, which other readers skip."""
    event, first = weighted_event(director_client, make_event)
    data = export_file(event=event, format_key="usebio")
    text = data.decode("utf-8")
    line = next(
        part
        for part in text.split("<TRAVELLER_LINE>")
        if f"<NS_PAIR_NUMBER>{first.ns}</NS_PAIR_NUMBER>" in part
    )
    assert "<CONTRACT>" not in line and "<SCORE>138</SCORE>" in line
    assert f'weighted="{WEIGHTED}"' in line
    before = json_export.event_results(pairs_file(event=event))

    copy = import_event(imported=FORMATS["usebio"].parse_file(data), club=club)

    assert json_export.event_results(pairs_file(event=copy))["boards"] == before["boards"]


@pytest.mark.parametrize(
    ("cell", "message"),
    [
        ('"4S N 10"', r"'4S N 10' is not a weighted score such as 40% 4S N 10 \+ 60% 4S N 9"),
        ('"40% 4S N 10 + 60% A+"', "each part of a weighted score is a result played or a score"),
        ('"40% 4S N 10 + 50% 4S N 9"', "the parts of a weighted score add up to 100%, not 90%"),
        ('"40% +421 + 60% 4S N 9"', r"\+421 is not a possible score"),
    ],
)
def test_a_weighted_cell_that_cannot_be_is_refused(director_client, make_event, cell, message):
    event, _ = weighted_event(director_client, make_event)
    text = export_file(event=event, format_key="pbn").decode("utf-8-sig")
    broken = text.replace(f'"{WEIGHTED}"', cell)
    with pytest.raises(FileRefused, match=message):
        FORMATS["pbn"].parse_file(broken.encode("utf-8"))


def test_a_weighted_score_in_a_file_scored_in_imps_is_refused(director_client, make_event):
    event, _ = weighted_event(director_client, make_event)
    text = export_file(event=event, format_key="pbn").decode("utf-8-sig")
    imps = text.replace("MatchPoints;MP1", "IMP;Butler")
    with pytest.raises(FileRefused, match="a weighted score is matchpointed part by part, and"):
        FORMATS["pbn"].parse_file(imps.encode("utf-8"))


def test_a_club_backup_restored_brings_the_weighted_score_back(director_client, make_event, club):
    event, _ = weighted_event(director_client, make_event)
    before = json_export.event_results(pairs_file(event=event))
    data = backup_bytes(club=club, compress=False)
    for model in [Club, *[m for m in club_models() if m.__name__.startswith("Historical")]]:
        model._base_manager.all().delete()

    restore_club(source=io.BytesIO(data))

    restored = Event.objects.get()
    assert json_export.event_results(pairs_file(event=restored))["boards"] == before["boards"]
    assert Result.objects.get(weights__isnull=False).weighted_text == ("40% 4S N =, 60% 4S N -1")


def test_the_history_quotes_the_weighted_score_as_typed(director_client, make_event):
    event, first = weighted_event(director_client, make_event)
    [entry] = [e for e in event_history(event=event) if WEIGHTED in " ".join(e.lines)]
    assert entry.lines == [f"Board 1, NS {first.ns} v EW {first.ew}: entered {WEIGHTED}"]
