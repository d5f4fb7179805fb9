"""Real files from three other scorers, imported, scored by our engine and read back as JSON.

Each file's own figures (per line, totals, percentages, places) are read here, independently of
our parsers, and compared within the tolerances of ../shared/realdata/README.md.
"""

import re
import xml.etree.ElementTree as ET

import pytest
from django.urls import reverse

from events.models import Event
from events.services.exports import export_file
from events.services.hand_records import analyse_event_hands
from events.services.imports import import_event, read_result_file
from scoring import neuberg
from tests.conftest import SHARED

REALDATA = SHARED / "realdata"


def _data(name: str) -> bytes:
    path = REALDATA / name
    if not path.exists():
        pytest.skip(f"{path} is not here")
    return path.read_bytes()


def _import_json(client, club, name: str) -> dict:
    event = import_event(imported=read_result_file(_data(name)), club=club)
    response = client.get(reverse("results-json", kwargs={"event_id": event.pk}))
    assert response.status_code == 200
    return response.json()


def _lines(results: dict) -> dict[tuple[int, int, int], dict]:
    return {
        (board["number"], line["ns"], line["ew"]): line
        for board in results["boards"]
        for line in board["results"]
    }


def _ranking(results: dict) -> dict[int, dict]:
    return {row["pair"]: row for row in results["ranking"]}


# ---------------------------------------------------------------------------------------------
# PBN, read plainly: the tables of each board, by column name


def _pbn_tables(name: str) -> list[tuple[int | None, str, list[dict[str, str]]]]:
    """(board number, table name, rows as {column: cell}) for every table in the file."""
    tables = []
    board = None
    current = None
    for line in _data(name).decode("iso-8859-1").splitlines():
        if match := re.match(r'^\[Board "(\d+)"\]', line):
            board = int(match[1])
        if match := re.match(r'^\[(\w+Table) "(.*)"\]', line):
            columns = [part.split("\\")[0] for part in match[2].split(";")]
            current = (board, match[1], columns, [])
            tables.append(current)
        elif line.startswith("[") or not line.strip():
            current = None
        elif current is not None:
            cells = [a or b for a, b in re.findall(r'"([^"]*)"|(\S+)', line)]
            current[3].append(dict(zip(current[2], cells, strict=True)))
    return [(b, n, rows) for b, n, _, rows in tables]


def _ranks_agree(place: str, rank: str, tied: bool) -> bool:
    return place == (f"{rank}=" if tied else rank)


@pytest.mark.django_db
def test_sm1_ruter_matchpoints(client, club):
    results = _import_json(client, club, "sm1.pbn")
    assert results["event"]["scoring"] == "mp"
    assert results["event"]["settings"]["mp_scale"] == 2
    assert results["event"]["settings"]["winners"] == 1
    lines = _lines(results)
    compared = 0
    for board, table, rows in _pbn_tables("sm1.pbn"):
        if table == "ScoreTable":
            for row in rows:
                line = lines[(board, int(row["PairId_NS"]), int(row["PairId_EW"]))]
                assert line["ns_points"] == pytest.approx(float(row["MP_NS"]), abs=0.05 + 1e-9)
                assert line["ew_points"] == pytest.approx(float(row["MP_EW"]), abs=0.05 + 1e-9)
                compared += 1
        elif table == "TotalScoreTable":
            ranking = _ranking(results)
            assert len(ranking) == len(rows) == 36
            for row in rows:
                pair = ranking[int(row["PairId"])]
                assert pair["score"] == pytest.approx(float(row["TotalScoreMP"]), abs=0.05)
                assert pair["percentage"] == pytest.approx(float(row["TotalPercentage"]), abs=0.01)
                assert _ranks_agree(pair["place"], row["Rank"], row["RankTie"] != "-")
                assert pair["boards_played"] == int(row["NrBoards"])
    assert compared == 66 * 18
    board_16 = next(b for b in results["boards"] if b["number"] == 16)
    adjusted = [line for line in board_16["results"] if line["adjusted"]]
    assert [(a["ns_points"], a["ew_points"]) for a in adjusted] == [(20.4, 20.4), (20.4, 20.4)]


@pytest.mark.django_db
def test_butler_magic_contest_imps(client, club):
    results = _import_json(client, club, "butler.pbn")
    assert results["event"]["scoring"] == "butler"
    assert results["event"]["settings"]["datum_method"] == "drop-one"
    lines = _lines(results)
    datums = {board["number"]: board["datum"] for board in results["boards"]}
    byes = {}
    for board, table, rows in _pbn_tables("butler.pbn"):
        if table != "ScoreTable":
            continue
        for row in rows:
            if row["Score_NS"] == "Bye":
                side = "NS" if row["PairId_NS"] != "-" else "EW"
                byes.setdefault(int(row[f"PairId_{side}"]), []).append(float(row[f"IMP_{side}"]))
                continue
            line = lines[(board, int(row["PairId_NS"]), int(row["PairId_EW"]))]
            assert (line["ns_points"], line["ew_points"]) == (
                float(row["IMP_NS"]),
                float(row["IMP_EW"]),
            )
            assert datums[board] == int(row["ButlerDatum"])
    # The Bye award: the pair's own average IMPs per board played.
    for number, awards in byes.items():
        own = [
            line["ns_points"] if line["ns"] == number else line["ew_points"]
            for line in lines.values()
            if number in (line["ns"], line["ew"])
        ]
        for award in awards:
            assert sum(own) / len(own) == pytest.approx(award, abs=0.05 + 1e-9)


@pytest.mark.django_db
def test_butler_magic_contest_totals_factored_to_every_board(client, club):
    results = _import_json(client, club, "butler.pbn")
    assert results["event"]["settings"]["factor_totals"] is True
    assert results["event"]["settings"]["factor_boards"] == 28
    ranking = _ranking(results)
    (rows,) = [rows for _, table, rows in _pbn_tables("butler.pbn") if table == "TotalScoreTable"]
    assert len(rows) == len(ranking) == 7
    for row in rows:
        pair = ranking[int(row["PairId"])]
        # TotalScoreIMP = the IMPs of the 24 boards played x 28 / 24, byes included in the 28.
        assert pair["boards_played"] == 24
        assert pair["score"] == pytest.approx(float(row["TotalScoreIMP"]), abs=0.05)
        assert pair["place"] == row["Rank"]


# ---------------------------------------------------------------------------------------------
# USEBIO, read plainly with ElementTree


def _usebio(name: str):
    root = ET.fromstring(_data(name))
    pairs = {int(pair.findtext("PAIR_NUMBER")): pair for pair in root.iter("PAIR")}
    boards = {
        int(board.findtext("BOARD_NUMBER")): board.findall("TRAVELLER_LINE")
        for board in root.find("EVENT").iter("BOARD")
    }
    return pairs, boards


@pytest.mark.django_db
def test_mp_pairs_howell_compscore(client, club):
    results = _import_json(client, club, "mp_pairs_howell.xml")
    assert results["event"]["scoring"] == "mp"
    assert results["event"]["settings"]["factor_totals"] is True
    lines = _lines(results)
    pairs, boards = _usebio("mp_pairs_howell.xml")
    session = max(len(travellers) for travellers in boards.values())
    assert session == 6
    for number, travellers in boards.items():
        for element in travellers:
            line = lines[
                (
                    number,
                    int(element.findtext("NS_PAIR_NUMBER")),
                    int(element.findtext("EW_PAIR_NUMBER")),
                )
            ]
            for side in ("NS", "EW"):
                shown = float(element.findtext(f"{side}_MATCH_POINTS"))
                # A board played fewer times shows its own top; ours is factored to the session's.
                expected = (
                    neuberg(shown, len(travellers), session) if len(travellers) < session else shown
                )
                assert line[f"{side.lower()}_points"] == pytest.approx(expected, abs=0.05)
    ranking = _ranking(results)
    assert len(ranking) == len(pairs) == 12
    for number, element in pairs.items():
        pair = ranking[number]
        assert pair["score"] == pytest.approx(float(element.findtext("TOTAL_SCORE")), abs=0.015)
        assert pair["percentage"] == pytest.approx(float(element.findtext("PERCENTAGE")), abs=0.01)
        assert pair["place"] == element.findtext("PLACE")
    assert ranking[1]["boards_played"] == ranking[3]["boards_played"] == 26


@pytest.mark.django_db
def test_cross_imp_howell_compscore(client, club):
    results = _import_json(client, club, "cross_imp_howell.xml")
    assert results["event"]["scoring"] == "cross-imps"
    assert results["event"]["settings"]["cross_imp_mode"] == "cross2"
    lines = _lines(results)
    pairs, boards = _usebio("cross_imp_howell.xml")
    passed_out = 0
    for number, travellers in boards.items():
        for element in travellers:
            line = lines[
                (
                    number,
                    int(element.findtext("NS_PAIR_NUMBER")),
                    int(element.findtext("EW_PAIR_NUMBER")),
                )
            ]
            assert line["ns_points"] == pytest.approx(
                float(element.findtext("NS_CROSS_IMP_POINTS")), abs=0.005
            )
            assert line["ew_points"] == pytest.approx(
                float(element.findtext("EW_CROSS_IMP_POINTS")), abs=0.005
            )
            if element.findtext("CONTRACT") == "PASS":
                assert (line["contract"], line["tricks"], line["score_ns"]) == ("PASS", None, 0)
                passed_out += 1
    assert passed_out == 2
    ranking = _ranking(results)
    assert len(ranking) == len(pairs) == 9
    for number, element in pairs.items():
        assert ranking[number]["score"] == pytest.approx(
            float(element.findtext("TOTAL_SCORE")), abs=0.005
        )
        assert ranking[number]["place"] == element.findtext("PLACE")
        assert ranking[number]["percentage"] is None


@pytest.mark.django_db
def test_a5050_is_half_the_top_each_way(client, club):
    results = _import_json(client, club, "mp_pairs_howell.xml")
    board_26 = next(b for b in results["boards"] if b["number"] == 26)
    (adjusted,) = [line for line in board_26["results"] if line["adjusted"]]
    assert adjusted["adjusted"] == {"ns": "A", "ew": "A", "ns_percent": 50, "ew_percent": 50}
    assert (adjusted["ns_points"], adjusted["ew_points"]) == (5, 5)
    assert Event.objects.get().status == Event.Status.PUBLISHED


@pytest.mark.django_db
def test_sm1_double_dummy_and_par_agree_with_ruter_on_every_board(club):
    """Ruter's OptimumResultTable and OptimumScore, against ours from DDS, for all 66 deals."""
    event = import_event(imported=read_result_file(_data("sm1.pbn")), club=club)
    assert analyse_event_hands(event=event) == 66
    boards = {b.number: b for b in event.sections.get().boards.all()}
    text = _data("sm1.pbn").decode("iso-8859-1")
    checked = 0
    for game in text.split("[Event ")[1:]:
        number = int(re.search(r'\[Board "(\d+)"\]', game)[1])
        optimum = re.search(r'\[OptimumScore "NS (-?\d+)"\]', game)[1]
        rows = re.findall(r"^([NESW])\s+(NT|[SHDC])\s+(\d+)\s*$", game, re.MULTILINE)
        board = boards[number]
        assert board.double_dummy["par_score"] == int(optimum)
        assert {(seat, strain): int(tricks) for seat, strain, tricks in rows} == {
            (seat, strain): tricks
            for seat, by_strain in board.double_dummy["tricks"].items()
            for strain, tricks in by_strain.items()
        }
        checked += 1
    assert checked == 66


@pytest.mark.django_db
@pytest.mark.parametrize("format_key", ["pbn", "usebio"])
@pytest.mark.parametrize("name", ["butler.pbn", "mp_pairs_howell.xml", "cross_imp_howell.xml"])
def test_a_real_file_written_out_again_reads_back_to_the_same_results(
    client, club, name, format_key
):
    first = import_event(imported=read_result_file(_data(name)), club=club)
    data = export_file(event=first, format_key=format_key)
    again = import_event(imported=read_result_file(data), club=club)
    before, after = (
        client.get(reverse("results-json", kwargs={"event_id": e.pk})).json()
        for e in (first, again)
    )
    assert after["ranking"] == before["ranking"]
    assert after["event"]["settings"] == before["event"]["settings"]
    for board_before, board_after in zip(before["boards"], after["boards"], strict=True):
        assert board_after["deal"] == board_before["deal"]
        assert board_after["results"] == board_before["results"]


@pytest.mark.django_db
def test_butler_scorecard_total_is_the_rankings_factored_total_explained(client, club):
    event = import_event(imported=read_result_file(_data("butler.pbn")), club=club)

    page = client.get(reverse("scorecard", args=[event.pk, "A", 5])).text

    assert "36.00 IMPs over 24 boards, factored to 28: 42.0." in page
    assert (
        '<details class="explain" id="explain-total"><summary>Explain this total</summary>' in page
    )
    assert '<p class="sum">36.00 × 28 / 24 = 42.0</p>' in page
