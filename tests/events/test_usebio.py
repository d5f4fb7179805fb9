"""USEBIO 1.2: reading what Compscore writes, refusing what we cannot score, writing."""

import datetime
import xml.etree.ElementTree as ET

import pytest

from events.formats import usebio
from events.formats.imported import FileRefused
from events.services.entry import board_meetings, save_line
from events.services.exports import export_file
from events.services.imports import import_event
from scoring import parse_traveller_line
from tests.events.files import lines_by_meeting, read_file


def test_mp_pairs_two_winners_numbered_ns_and_ew():
    imported = usebio.parse_file(read_file("compscore_mp.xml"))
    assert (imported.name, imported.date) == (
        "Thursday Mitchell (12-Mar-26)",
        datetime.date(2026, 3, 12),
    )
    assert (imported.file_format, imported.generator, imported.club_name) == (
        "USEBIO", "Compscore3", "Lindfield Test BC"
    )  # fmt: skip
    # Each direction numbered from 1 ("3NS", "3EW"): the event labels its pairs so again.
    assert imported.settings == {
        "scoring": "mp", "mp_scale": 2, "factor_totals": True, "winners": 2,
        "ew_numbered_on": False,
    }  # fmt: skip
    # "1EW" .. "3EW" follow the NS pairs: 4 .. 6.
    assert [(p.number, p.direction, p.names) for p in imported.pairs] == [
        (1, "NS", ["Ann North", "Bob North"]),
        (2, "NS", ["Cat South", "Dov South"]),
        (3, "NS", ["Eve Wood", "Fay Wood"]),
        (4, "EW", ["Gil East", "Hal East"]),
        (5, "EW", ["Ivy West", "Jon West"]),
        (6, "EW", ["Kim Hill", "Lou Hill"]),
    ]


def test_traveller_lines_a6040_pass_and_leads():
    lines = lines_by_meeting(usebio.parse_file(read_file("compscore_mp.xml")))
    made = lines[(1, 1, 4)]
    assert (made.contract, made.declarer, made.tricks, made.lead, made.score_ns, made.where) == (
        "4S", "N", 10, "D2", 420, "BOARD 1, TRAVELLER_LINE 1"
    )  # fmt: skip
    assert lines[(1, 2, 5)].lead == "HA"  # "AH": rank then suit
    adjusted = lines[(1, 3, 6)]
    assert (adjusted.ns_percent, adjusted.ew_percent, adjusted.score_ns) == (60, 40, None)
    passed = lines[(2, 1, 5)]
    assert (passed.contract, passed.declarer, passed.tricks, passed.score_ns) == (
        "PASS",
        "",
        None,
        0,
    )


def test_handset_gives_the_deal():
    imported = usebio.parse_file(read_file("compscore_mp.xml"))
    assert imported.boards[0].deal == (
        "N:J63.AKQ8762.92.6 KT754.3.QJ763.87 AQ8.T94.K85.AKQ9 92.J5.AT4.JT5432"
    )
    assert (imported.boards[0].dealer, imported.boards[0].vulnerability) == ("N", "None")
    assert (imported.boards[1].deal, imported.boards[1].dealer) == ("", "E")


def test_cross_imp_settings():
    imported = usebio.parse_file(read_file("compscore_cross.xml"))
    assert imported.settings == {
        "scoring": "cross-imps", "cross_imp_mode": "cross2", "factor_totals": True, "winners": 1
    }  # fmt: skip
    assert [p.direction for p in imported.pairs] == ["NS", "NS", "NS", "EW", "EW", "EW"]


def test_butler_pairs_event_type():
    data = read_file("compscore_cross.xml").replace(b'"CROSS_IMP"', b'"BUTLER_PAIRS"')
    imported = usebio.parse_file(data)
    assert imported.settings["scoring"] == "butler"
    assert imported.settings["datum_method"] == "drop-one"


def _broken(old: bytes, new: bytes, name: str = "compscore_mp.xml") -> bytes:
    data = read_file(name)
    assert data.count(old) == 1
    return data.replace(old, new)


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        (
            b"<SCORE>A6040</SCORE>",
            b"<SCORE>Ave+</SCORE>",
            "BOARD 1, TRAVELLER_LINE 3: SCORE 'AVE+' is neither a score nor A6040",
        ),
        (
            b"<TRICKS>9</TRICKS><SCORE>-400</SCORE>",
            b"<TRICKS>9</TRICKS><SCORE>-430</SCORE>",
            "BOARD 2, TRAVELLER_LINE 2: 3NT by W taking 9 tricks scores -400 for North-South when "
            "NS are vulnerable, but the file says -430",
        ),
        (  # a line scored with its points is kept (tests/events/test_fixed_scores.py)
            b"<CONTRACT>2H</CONTRACT><PLAYED_BY>S</PLAYED_BY><LEAD>KC</LEAD><TRICKS>8</TRICKS>"
            b"<SCORE>110</SCORE>",
            b"<CONTRACT>2Z</CONTRACT><PLAYED_BY>S</PLAYED_BY><LEAD>KC</LEAD><TRICKS>8</TRICKS>"
            b"<SCORE></SCORE>",
            "BOARD 2, TRAVELLER_LINE 3: the contract '2Z' cannot be read (strain must be C, D, "
            "H, S or NT)",
        ),
        (
            b"<TRICKS>10</TRICKS>",
            b"<TRICKS>ten</TRICKS>",
            "BOARD 1, TRAVELLER_LINE 1: TRICKS 'ten' is not a whole number",
        ),
        (
            b"<NS_PAIR_NUMBER>3</NS_PAIR_NUMBER><EW_PAIR_NUMBER>1</EW_PAIR_NUMBER>",
            b"<NS_PAIR_NUMBER>3</NS_PAIR_NUMBER><EW_PAIR_NUMBER></EW_PAIR_NUMBER>",
            "BOARD 2, TRAVELLER_LINE 3: NS_PAIR_NUMBER and EW_PAIR_NUMBER are both needed",
        ),
        (
            b"<BOARD_NUMBER>2</BOARD_NUMBER>",
            b"<BOARD_NUMBER>1</BOARD_NUMBER>",
            "board 1 appears twice in the file",
        ),
        (
            b'<EVENT EVENT_TYPE="MP_PAIRS">',
            b'<EVENT EVENT_TYPE="SWISS_TEAMS">',
            "this is a teams event (EVENT_TYPE SWISS_TEAMS); teams are not supported yet",
        ),
        (
            b'<EVENT EVENT_TYPE="MP_PAIRS">',
            b'<EVENT EVENT_TYPE="INDIVIDUAL">',
            "this individual event (EVENT_TYPE INDIVIDUAL) lists pairs: an individual's "
            "PARTICIPANTS are PLAYER elements, each with its PLAYER_NUMBER",
        ),
        (
            b"<DATE>12/03/2026</DATE>",
            b"<DATE>March 12</DATE>",
            "DATE 'March 12' is not a date written dd/mm/yyyy",
        ),
        (
            b"<CLUBS>JT5432</CLUBS>",
            b"<CLUBS>JT543</CLUBS>",
            "HANDSET board 1: W's hand has 12 cards, not 13",
        ),
        (
            b"</TRAVELLER_LINE>\n</BOARD>\n</EVENT>",
            b"</TRAVELLER_LINE>\n</BOARD>\n</EVNT>",
            "the XML is not well formed: mismatched tag: line 67, column 2",
        ),
    ],
    ids=[
        "score-code",
        "score",
        "contract",
        "tricks",
        "pair",
        "board-twice",
        "teams",
        "individual",
        "date",
        "deal",
        "xml",
    ],
)
def test_a_malformed_file_is_refused_naming_the_element(old, new, message):
    with pytest.raises(FileRefused) as refused:
        usebio.parse_file(_broken(old, new))
    assert str(refused.value) == message


def test_a_file_that_is_not_usebio_is_refused():
    with pytest.raises(FileRefused, match="this is not a USEBIO file: the root element is <html>"):
        usebio.parse_file(b"<html><body>results</body></html>")


# ---------------------------------------------------------------------------------------------
# Writing


@pytest.fixture
def played_event(make_event):
    event = make_event(name="Autumn <Pairs> & Co", scoring="butler")
    board = event.sections.get().boards.get(number=1)
    texts = ["4S N 10 HK", "4S N 11", "3NT S 9 S10", "P", "4SX E 8", "A+ A-", "2H N 8"]
    for meeting, text in zip(board_meetings(board=board), texts, strict=True):
        save_line(
            board=board, line=parse_traveller_line(text), ns_pair=meeting.ns, ew_pair=meeting.ew
        )
    return event


@pytest.mark.django_db
def test_export_is_well_formed_usebio_with_settings(played_event):
    data = export_file(event=played_event, format_key="usebio")
    root = ET.fromstring(data)
    assert root.tag == "USEBIO" and root.get("Version") == "1.2"
    event = root.find("EVENT")
    assert event.get("EVENT_TYPE") == "BUTLER_PAIRS"
    assert event.findtext("EVENT_DESCRIPTION") == "Autumn <Pairs> & Co"
    assert event.findtext("DATE") == "20/11/2026"
    assert event.findtext("WINNER_TYPE") == "2"
    assert b'<?clubscoring mp_scale="2" mp_rounding="none" datum_method="drop-one"' in data
    board = event.find("BOARD")
    assert board.findtext("BOARD_AVERAGE") == "310"  # 450 and 0 dropped: 1230 / 4
    lines = board.findall("TRAVELLER_LINE")
    assert [
        (line.findtext("CONTRACT"), line.findtext("LEAD"), line.findtext("SCORE")) for line in lines
    ] == [
        ("4S", "KH", "420"),
        ("2H", None, "110"),
        (None, None, "A6040"),
        ("4SX", None, "300"),
        ("PASS", None, "0"),
        ("3NT", "TS", "400"),
        ("4S", None, "450"),
    ]
    assert lines[4].findtext("TRICKS") == ""
    assert lines[0].findtext("NS_BUTLER_POINTS") == "3.00"


@pytest.mark.django_db
def test_an_artificial_score_off_the_60_50_40_scale_survives_the_round_trip(club):
    data = _broken(b"<SCORE>A6040</SCORE>", b"<SCORE>A7030</SCORE>")
    event = import_event(imported=usebio.parse_file(data), club=club)
    result = event.sections.get().boards.get(number=1).results.get(ns_pair__number=3)
    assert (result.ns_adjustment, result.ew_adjustment) == ("A+", "A-")
    assert (result.ns_percent, result.ew_percent) == (70, 30)
    assert b"<SCORE>A7030</SCORE>" in export_file(event=event, format_key="usebio")
