"""An event of several sections: labels that name the section, matchpoints within each section
or across the whole field (Neuberg where the sections' counts differ), rankings per section and
overall.

The expected matchpoints are counted here, line by line, from the scores entered: 2 for each
result beaten and 1 for each tie, over the results compared (one section's, or the field's),
and Neuberg's (M + 1)·E/A − 1 for a board short of results.
"""

import re
from io import BytesIO

import pytest
from django.urls import reverse
from openpyxl import load_workbook

from events.formats import FORMATS, json_export
from events.models import Board, Event, Pair, Result
from events.services.entry import LineRefused, board_meetings, save_line
from events.services.exports import export_file, pairs_file
from events.services.imports import import_event
from events.services.pair_labels import pair_of_slug
from events.services.rankings import overall_ranking, section_ranking
from events.services.rescoring import rescore_event
from scoring import mitchell, parse_traveller_line

pytestmark = pytest.mark.django_db

# Seven results for each section on board 1, NS scores from 4S by N: 10, 9, 11 tricks ...
A_LINES = ["4S N 10", "4S N 9", "4S N 11", "4S N 10", "3NT N 9", "4S N 8", "2S N 9"]
B_LINES = ["4S N 10", "3NT N 10", "4S N 10", "4S N 9", "5S N 10", "6S N 12", "4H E 9"]


@pytest.fixture
def evening(make_event):
    """Two 7-table Mitchells on the same boards, scored across the field."""
    return make_event(
        mitchell(7, 3), sections=2, ew_numbered_on=False, winners=2, section_scoring="field"
    )


def _enter(event, letter: str, lines: list[str], number: int = 1) -> None:
    board = Board.objects.select_related("section__event").get(
        section__event=event, section__letter=letter, number=number
    )
    for meeting, text in zip(board_meetings(board=board), lines, strict=False):
        save_line(
            board=board, line=parse_traveller_line(text), ns_pair=meeting.ns, ew_pair=meeting.ew
        )


def _counted(scores: list[int], mine: int) -> float:
    """Matchpoints for `mine` among `scores` (which hold it once): 2 a beat, 1 a tie."""
    return 2 * sum(s < mine for s in scores) + (sum(s == mine for s in scores) - 1)


def _points(event, letter: str) -> list[tuple[int, float, float, float]]:
    lines = Result.objects.filter(board__section__event=event, board__section__letter=letter)
    return sorted((r.score_ns, r.ns_points, r.ew_points, r.top) for r in lines)


def test_each_section_has_its_movement_and_labels_that_name_it(evening):
    sections = list(evening.sections.all())
    assert [s.letter for s in sections] == ["A", "B"]
    assert all(s.tables == 7 and s.boards.count() == 21 for s in sections)
    labels = set(Pair.objects.filter(section__event=evening).values_list("label", flat=True))
    assert {"A1 NS", "A7 EW", "B1 NS", "B7 EW"} <= labels
    b3 = Pair.objects.get(section=sections[1], label="B3 NS")
    assert (b3.slug, b3.file_id, b3.printed) == ("3ns", "3NS", "B3")
    assert pair_of_slug(section=sections[1], slug="3ns") == b3


def test_a_line_typed_in_a_section_names_that_sections_pairs(evening):
    board = Board.objects.get(section__event=evening, section__letter="B", number=1)
    line = save_line(board=board, line=parse_traveller_line("1 1 4S N 10"))
    assert (line.ns_pair.label, line.ew_pair.label) == ("B1 NS", "B1 EW")
    with pytest.raises(LineRefused, match=r"^there is no pair 9 NS in section B$"):
        save_line(board=board, line=parse_traveller_line("9 1 4S N 10"))


def test_across_the_field_a_board_is_matchpointed_over_both_sections(evening):
    _enter(evening, "A", A_LINES)
    _enter(evening, "B", B_LINES)
    field = [r.score_ns for r in Result.objects.filter(board__section__event=evening)]
    assert len(field) == 14
    for letter in "AB":
        for score, ns, ew, top in _points(evening, letter):
            assert top == 26
            assert ns == _counted(field, score)
            assert ew == _counted([-s for s in field], -score)


def test_across_the_field_a_short_section_is_neubergd_to_the_fields_count(evening):
    _enter(evening, "A", A_LINES)
    _enter(evening, "B", B_LINES[:6])
    field = [r.score_ns for r in Result.objects.filter(board__section__event=evening)]
    assert len(field) == 13
    for score, ns, _, top in _points(evening, "A"):
        assert top == 26
        assert ns == pytest.approx((_counted(field, score) + 1) * 14 / 13 - 1)


def test_within_sections_each_board_is_matchpointed_in_its_own_section(evening):
    _enter(evening, "A", A_LINES)
    _enter(evening, "B", B_LINES)
    rescore_event(event=evening, section_scoring="section")
    for letter in "AB":
        section = [score for score, *_ in _points(evening, letter)]
        for score, ns, _, top in _points(evening, letter):
            assert top == 12
            assert ns == _counted(section, score)
    rescore_event(event=Event.objects.get(pk=evening.pk), section_scoring="field")
    assert {top for *_, top in _points(evening, "B")} == {26}


def test_rankings_per_section_and_overall_per_direction(evening):
    _enter(evening, "A", A_LINES)
    _enter(evening, "B", B_LINES)
    for section in evening.sections.all():
        groups = section_ranking(section=section)
        assert [g.title for g in groups] == ["North-South", "East-West"]
        assert {s.pair.section_id for g in groups for s in g.standings} == {section.pk}
    overall = overall_ranking(event=evening)
    assert [g.title for g in overall] == ["North-South", "East-West"]
    ns = overall[0].standings
    assert len(ns) == 14
    percentages = [s.percentage for s in ns]
    assert percentages == sorted(percentages, reverse=True)
    best = max(Pair.objects.filter(section__event=evening, direction="NS"), key=lambda p: p.score)
    assert ns[0].pair == best and ns[0].place == "1"


def _standings(event) -> list[tuple]:
    """Every section's ranking and the overall one, as (title, label, place, score)."""
    sections = [
        (section.letter, group)
        for section in event.sections.all()
        for group in section_ranking(section=section)
    ]
    overall = [("overall", group) for group in overall_ranking(event=event)]
    return [
        (title, group.title, s.pair.name, s.place, round(s.score, 2))
        for title, group in sections + overall
        for s in group.standings
    ]


@pytest.mark.parametrize("scoring", ["field", "section"])
def test_our_pbn_of_two_sections_reads_back_with_its_sections_and_rankings(evening, club, scoring):
    _enter(evening, "A", A_LINES)
    _enter(evening, "B", B_LINES)
    _enter(evening, "B", A_LINES, number=2)
    rescore_event(event=evening, section_scoring=scoring)
    data = export_file(event=evening, format_key="pbn")
    text = data.decode("utf-8-sig")
    assert '[Section "B"]' in text and "Section\\2R;Table" in text
    imported = FORMATS["pbn"].parse_file(data)
    assert [imported.section, *(s.section for s in imported.sections)] == ["A", "B"]
    copy = import_event(imported=imported, club=club)
    assert copy.section_scoring == scoring
    assert [(s.letter, s.movement) for s in copy.sections.all()] == [
        ("A", "7-table Mitchell"),
        ("B", "7-table Mitchell"),
    ]
    assert _standings(copy) == _standings(evening)
    assert (
        export_file(event=copy, format_key="pbn").decode("utf-8-sig").split("\r\n")[3:]
        == (text.split("\r\n")[3:])
    )


def test_another_programs_pbn_of_two_sections_is_scored_as_its_figures_show(evening, club):
    """A file without our META: its sections are scored across the field when its published
    matchpoints pass a section's own top (26 on a board of 7 results per section)."""
    _enter(evening, "A", A_LINES)
    _enter(evening, "B", B_LINES)
    text = export_file(event=evening, format_key="pbn").decode("utf-8-sig")
    foreign = "\r\n".join(line for line in text.split("\r\n") if "<META" not in line)
    imported = FORMATS["pbn"].parse_file(foreign.encode())
    assert imported.settings["section_scoring"] == "field"
    assert ("Sections", "2 (A, B), matchpointed across the field") in imported.readings
    rescore_event(event=evening, section_scoring="section")
    text = export_file(event=evening, format_key="pbn").decode("utf-8-sig")
    foreign = "\r\n".join(line for line in text.split("\r\n") if "<META" not in line)
    assert FORMATS["pbn"].parse_file(foreign.encode()).settings["section_scoring"] == "section"


@pytest.mark.parametrize("scoring", ["field", "section"])
def test_our_usebio_of_two_sections_nests_them_and_reads_back(evening, club, scoring):
    _enter(evening, "A", A_LINES)
    _enter(evening, "B", B_LINES)
    rescore_event(event=evening, section_scoring=scoring)
    data = export_file(event=evening, format_key="usebio")
    text = data.decode()
    assert '<SECTION SECTION_ID="B">' in text and "<SECTION_COUNT>2</SECTION_COUNT>" in text
    imported = FORMATS["usebio"].parse_file(data)
    assert [imported.section, *(s.section for s in imported.sections)] == ["A", "B"]
    copy = import_event(imported=imported, club=club)
    assert copy.section_scoring == scoring
    assert _standings(copy) == _standings(evening)
    assert (
        export_file(event=copy, format_key="usebio").decode().split("\n")[12:]
        == (text.split("\n")[12:])
    )


def test_json_and_excel_rank_each_section_and_the_field(evening):
    _enter(evening, "A", A_LINES)
    _enter(evening, "B", B_LINES)
    results = json_export.event_results(pairs_file(event=evening))
    assert {row["section"] for row in results["ranking"]} == {"A", "B"}
    assert len(results["overall"]) == 28
    assert results["event"]["settings"]["section_scoring"] == "field"
    best = max(results["overall"][:14], key=lambda row: row["score"])
    assert (results["overall"][0], best["place"]) == (best, "1")
    book = load_workbook(BytesIO(export_file(event=evening, format_key="xlsx")))
    headings = [row[0] for row in book["Ranking"].iter_rows(values_only=True) if row[0]]
    assert "Section B · East-West" in headings and "Overall · North-South" in headings
    travellers = traveller_blocks(book["Travellers"], "Board 1 ·")
    assert len(travellers) == 1  # across the field, one traveller of 14 lines for board 1
    assert len(travellers[0]) == 14
    scores = [row[6] for row in travellers[0]]
    assert scores == sorted(scores, reverse=True)


def traveller_blocks(ws, heading: str) -> list[list[tuple]]:
    """The lines under each block headed `heading` on a Travellers sheet, up to the next gap."""
    blocks: list[list[tuple]] = []
    rows = list(ws.iter_rows(min_row=3, values_only=True))
    for index, row in enumerate(rows):
        if str(row[0]).startswith(heading):
            block = []
            for line in rows[index + 1 :]:
                if all(value is None for value in line):
                    break
                block.append(line)
            blocks.append(block)
    return blocks


def test_the_settings_page_offers_how_sections_are_scored_only_with_several(
    evening, make_event, director_client
):
    one = make_event(mitchell(3, 2), name="One section")
    for event, shown in ((evening, True), (one, False)):
        page = director_client.get(reverse("director-settings", args=[event.pk]))
        assert ('name="section_scoring"' in page.content.decode()) is shown


def test_sections_dealt_other_boards_are_never_compared_across_the_field(evening, club):
    """A file whose sections played other deals under the same numbers: each section is its
    own set of boards, so even scored across the field a board compares its section's lines."""
    _enter(evening, "A", A_LINES)
    _enter(evening, "B", B_LINES)
    Board.objects.filter(section__event=evening, section__letter="A").update(deal=DEAL)
    Board.objects.filter(section__event=evening, section__letter="B").update(deal=OTHER_DEAL)
    copy = import_event(
        imported=FORMATS["pbn"].parse_file(export_file(event=evening, format_key="pbn")), club=club
    )
    assert [s.board_set for s in copy.sections.all()] == [1, 2]
    assert copy.section_scoring == "field"
    assert {r.top for r in Result.objects.filter(board__section__event=copy)} == {12}
    book = load_workbook(BytesIO(export_file(event=copy, format_key="xlsx")))
    travellers = traveller_blocks(book["Travellers"], "Board 1 ·")
    assert [len(lines) for lines in travellers] == [7, 7]  # a traveller a deal


DEAL = "N:J63.AKQ8762.92.6 KT754.3.QJ763.87 AQ8.T94.K85.AKQ9 92.J5.AT4.JT5432"
OTHER_DEAL = "N:KT754.3.QJ763.87 AQ8.T94.K85.AKQ9 92.J5.AT4.JT5432 J63.AKQ8762.92.6"


def test_a_section_b_grid_saves_in_section_b_with_and_without_javascript(evening, director_client):
    meeting = board_meetings(
        board=Board.objects.get(section__event=evening, section__letter="B", number=1)
    )[0]
    data = {"line": "4S N 10", "ns": meeting.ns, "ew": meeting.ew, "section": "B",
            "mode": "board:1"}  # fmt: skip
    response = director_client.post(reverse("line-save", args=[evening.pk, 1]), data)
    assert response["Location"] == reverse("director-board", args=[evening.pk, 1]) + "?section=B"
    saved = Result.objects.get(board__section__event=evening)
    assert saved.board.section.letter == "B" and saved.ns_pair.label.startswith("B")
    data["line"] = "4S N 11"
    data["result"] = saved.pk
    page = director_client.post(
        reverse("line-save", args=[evening.pk, 1]), data, HTTP_HX_REQUEST="true"
    ).content.decode()
    assert 'name="section" value="B"' in page and "Saved board 1." in page
    saved.refresh_from_db()
    assert saved.tricks == 11
    slip = director_client.get(
        reverse("director-slip", args=[evening.pk, meeting.round, meeting.table]),
        {"section": "B"},
    )
    assert f"Section B, round {meeting.round}" in slip.content.decode()
    assert (
        director_client.get(
            reverse("director-board", args=[evening.pk, 1]), {"section": "C"}
        ).status_code
        == 404
    )


def test_our_usebio_keeps_each_sections_own_deals(evening, club):
    _enter(evening, "A", A_LINES)
    _enter(evening, "B", B_LINES)
    Board.objects.filter(section__event=evening, section__letter="A").update(deal=DEAL)
    Board.objects.filter(section__event=evening, section__letter="B").update(deal=OTHER_DEAL)
    evening.sections.filter(letter="B").update(board_set=2)
    copy = import_event(
        imported=FORMATS["usebio"].parse_file(export_file(event=evening, format_key="usebio")),
        club=club,
    )
    deals = {(b.section.letter, b.deal) for b in Board.objects.filter(section__event=copy)}
    assert deals == {("A", DEAL), ("B", OTHER_DEAL)}
    assert [s.board_set for s in copy.sections.all()] == [1, 2]


def test_the_pairs_page_names_its_section_and_leads_to_the_others(director_client, evening):
    page = director_client.get(f"/director/events/{evening.pk}/pairs/").content.decode()
    assert "<h1>Pairs and names of section A</h1>" in page
    assert f'<a href="/director/events/{evening.pk}/pairs/?section=B">Section B</a>' in page
    page = director_client.get(f"/director/events/{evening.pk}/pairs/?section=B").content.decode()
    assert "<h1>Pairs and names of section B</h1>" in page
    assert f'<a href="/director/events/{evening.pk}/pairs/">Section A</a>' in page


def test_the_keyboard_shortcuts_of_section_b_stay_in_section_b(director_client, evening):
    """b17, r2t3, ] and [ on section B's pages go to section B's boards and tables: each board
    once, and the section kept in every address they build."""
    Event.objects.filter(pk=evening.pk).update(status=Event.Status.RUNNING)
    page = director_client.get(f"/director/events/{evening.pk}/boards/3/?section=B")
    html = page.content.decode()
    assert ' data-boards="' + " ".join(str(n) for n in range(1, 22)) + '"' in html
    assert ' data-query="?section=B"' in html
    html = director_client.get(f"/director/events/{evening.pk}/boards/3/").content.decode()
    assert ' data-query=""' in html


def test_the_director_page_lists_each_sections_movement_with_frenchs_semicolon(
    director_client, evening
):
    url = reverse("director-event", args=[evening.pk])
    french = director_client.get(url, headers={"accept-language": "fr"}).content.decode()
    assert "Section A\u00a0: Mitchell 7 tables\u00a0; Section B\u00a0: Mitchell 7 tables" in french


def test_a_pairs_traveller_across_the_field_marks_its_own_line_not_its_namesakes(client, evening):
    """Section A's pair 3 NS follows its scorecard's link to board 1: B's 3 NS, on the same
    traveller across the field, is not marked as theirs."""
    _enter(evening, "A", A_LINES)
    _enter(evening, "B", B_LINES)
    evening.status = "published"
    evening.save()
    url = reverse("traveller", args=[evening.pk, "A", 1]) + "?pair=3ns"

    page = client.get(url).content.decode()

    marked = re.findall(r'<tr class="mine">(.*?)</tr>', page, re.S)
    assert len(marked) == 1 and "A3 NS" in marked[0], marked
