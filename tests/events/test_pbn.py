"""PBN 2.1: reading what Ruter and Magic Contest write, refusing what we cannot score, writing."""

import datetime

import pytest

from events.formats import pbn
from events.formats.imported import FileRefused
from events.models import Event
from events.services.exports import export_file
from scoring import parse_traveller_line
from tests.events.files import lines_by_meeting, read_file


def test_ruter_file_event_pairs_and_settings():
    imported = pbn.parse_file(read_file("ruter_pairs.pbn"))
    assert (imported.name, imported.date) == ("Kerhon parikilpailu", datetime.date(2026, 3, 14))
    assert (imported.file_format, imported.generator) == ("PBN", "Ruter")
    assert imported.settings == {"scoring": "mp", "mp_scale": 2, "winners": 2}
    assert [(p.number, p.direction, p.names) for p in imported.pairs] == [
        (1, "NS", ["Player One", "Player Two"]),
        (2, "NS", ["Player Three", "Player Four"]),
        (3, "NS", ["Päivi Virtanen", "Åke Lindholm"]),  # ISO-8859-1 in the file
        (4, "EW", ["Player Nine", "Player Ten"]),
        (5, "EW", ["Player Seven", "Player Eight"]),
        (6, "EW", ["Player Five", "Player Six"]),
    ]
    assert [(b.number, b.dealer, b.vulnerability) for b in imported.boards] == [
        (1, "N", "None"),
        (2, "E", "NS"),
    ]
    assert imported.boards[0].deal == (
        "N:J63.AKQ8762.92.6 KT754.3.QJ763.87 AQ8.T94.K85.AKQ9 92.J5.AT4.JT5432"
    )
    assert imported.boards[1].deal == ""


def test_ruter_rows_unsigned_scores_artificial_scores_and_pass():
    lines = lines_by_meeting(pbn.parse_file(read_file("ruter_pairs.pbn")))
    made = lines[(1, 1, 4)]
    assert (made.contract, made.declarer, made.tricks, made.lead, made.score_ns) == (
        "4S", "N", 10, "D2", 420
    )  # fmt: skip
    assert (made.round, made.table, made.where) == (1, 1, "line 36")
    # The score in the EW column, unsigned: North-South lost 50.
    assert lines[(1, 2, 5)].score_ns == -50
    adjusted = lines[(1, 3, 6)]
    assert (adjusted.ns_percent, adjusted.ew_percent, adjusted.contract, adjusted.score_ns) == (
        60, 40, "", None
    )  # fmt: skip
    passed = lines[(2, 1, 5)]
    assert (passed.contract, passed.declarer, passed.tricks, passed.score_ns) == (
        "PASS",
        "",
        None,
        0,
    )
    # "3N" is 3NT; the EW score of a contract by West is North-South's loss.
    assert (lines[(2, 2, 6)].contract, lines[(2, 2, 6)].score_ns) == ("3NT", -400)


def test_hash_repeats_the_previous_games_tag():
    imported = pbn.parse_file(read_file("ruter_pairs.pbn"))
    assert imported.boards[1].lines[0].where == "line 57"
    assert len(imported.boards) == 2  # board 2's [Event "#"] and [Scoring "#"] were read


def test_magic_contest_bye_rows_mean_totals_factored_to_every_board():
    imported = pbn.parse_file(read_file("magic_butler.pbn"))
    assert imported.generator == "Magic Contest"
    assert imported.settings == {
        "scoring": "butler",
        "datum_method": "drop-one",
        "factor_totals": True,
        "factor_boards": 3,
        "winners": 1,
    }
    assert [len(board.lines) for board in imported.boards] == [2, 2, 2]  # the Byes are not lines


def test_utf8_with_byte_order_mark_is_read_as_utf8():
    text = read_file("ruter_pairs.pbn").decode("iso-8859-1")
    imported = pbn.parse_file(b"\xef\xbb\xbf" + text.replace("Päivi", "Paweł").encode("utf-8"))
    assert imported.pairs[2].names == ["Paweł Virtanen", "Åke Lindholm"]


@pytest.mark.parametrize(
    ("value", "settings"),
    [
        ("MP", {"scoring": "mp", "mp_scale": 2}),
        ("MatchPoints", {"scoring": "mp", "mp_scale": 2}),
        ("MatchPoints;MP1", {"scoring": "mp", "mp_scale": 2}),
        ("MatchPoints;MP2", {"scoring": "mp", "mp_scale": 1}),
        ("IMP;Cross", {"scoring": "cross-imps", "cross_imp_mode": "cross"}),
        ("IMP;Cross1", {"scoring": "cross-imps", "cross_imp_mode": "cross1"}),
        ("IMP;Cross2", {"scoring": "cross-imps", "cross_imp_mode": "cross2"}),
        ("IMP;Butler", {"scoring": "butler", "datum_method": "mean"}),
        ("IMP;Butler;Median", {"scoring": "butler", "datum_method": "median"}),
        ("IMP;Butler-2", {"scoring": "butler", "datum_method": "drop-one"}),
        ("IMP;Butler-2;Mean", {"scoring": "butler", "datum_method": "drop-one"}),
    ],
    ids=lambda v: v if isinstance(v, str) else "",
)
def test_pbn_2_1_scoring_tag_maps_to_event_settings(value, settings):
    assert pbn.scoring_settings(value, "line 1") == settings


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("IMP", "line 7: IMP pairs scoring needs Butler or Cross in 'IMP'"),
        (
            "IMP;Butler;Experts",
            "line 7: IMP scoring 'IMP;Butler;Experts': 'experts' is not supported",
        ),
        ("Rubber", "line 7: the scoring 'Rubber' is not supported: pairs MP or IMP only"),
        (
            "MatchPoints;OldMP",
            "line 7: matchpoint scoring 'MatchPoints;OldMP': 'oldmp' is not supported",
        ),
        ("Teams", "team events are not supported yet: import a pairs event"),
    ],
)
def test_scoring_we_cannot_do_is_refused(value, message):
    with pytest.raises(FileRefused) as refused:
        pbn.scoring_settings(value, "line 7")
    assert str(refused.value) == message


def test_team_file_is_refused_with_a_clear_message():
    with pytest.raises(FileRefused) as refused:
        pbn.parse_file(read_file("ruter_teams.pbn"))
    assert str(refused.value) == "team events are not supported yet: import a pairs event"


def _broken(old: bytes, new: bytes) -> bytes:
    data = read_file("ruter_pairs.pbn")
    assert data.count(old) == 1
    return data.replace(old, new)


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        (  # a line scored with its points is kept (tests/events/test_fixed_scores.py)
            b'1 1 1 4 4S   N 10 D2   "420"     - 3.5 0.5',
            b'1 1 1 4 9S   N 10 D2   "420"     -   -   -',
            "line 36: the contract '9S' cannot be read (level must be 1 to 7)",
        ),
        (
            b'1 1 1 4 4S   N 10 D2   "420"',
            b'1 1 1 4 4S   N 10 D2   "450"',
            "line 36: 4S by N taking 10 tricks scores +420 for North-South when nobody is "
            "vulnerable, but the file says +450",
        ),
        (
            b"2 2 2 6 3N   W  9",
            b"2 2 2 6 3N   Q  9",
            "line 58: 3NT: the declarer must be N, E, S or W, not 'Q'",
        ),
        (
            b'3 2 3 4 2H   S  8 CK   "110"     - 4.0 0.0',
            b'3 2 3 4 2H   S  8 CK   "110"     - 4.0',
            "line 59: this ScoreTable row has 11 cells for 12 columns",
        ),
        (
            b"2 1 2 5 4S   N  9 HA",
            b"2 1 2 5 4S   N  9 ZZ",
            "line 37: 'ZZ' is not a lead card (a suit and a rank, e.g. HK)",
        ),
        (b"3 2 3 4 2H", b"3 2 3 1 2H", "line 59: pair 1 plays board 2 twice (also line 57)"),
        (b'[Board "2"]', b'[Board "two"]', 'line 43: [Board "two"] is not a board number'),
        (
            b"92.J5.AT4.JT5432",
            b"92.J5.AT4.JT543A",
            "line 20: board 1: the CA is in both S's and W's hands",
        ),
        (
            b'[Vulnerable "NS"]',
            b'[Vulnerable "Red"]',
            "line 49: vulnerability must be None, NS, EW or All, not 'Red'",
        ),
        (
            b'"A+"  "A-"',
            b'"A+"     -',
            "line 38: an artificial score needs a code for each side, e.g. A+ A-",
        ),
    ],
    ids=[
        "level",
        "score",
        "declarer",
        "cells",
        "lead",
        "twice",
        "board",
        "deal",
        "vul",
        "artificial",
    ],
)
def test_a_malformed_file_is_refused_naming_the_line(old, new, message):
    with pytest.raises(FileRefused) as refused:
        pbn.parse_file(_broken(old, new))
    assert str(refused.value) == message


def test_a_date_that_is_not_a_date_is_refused():
    data = _broken(b'[Date "2026.03.14"]', b'[Date "14.3.2026"]')
    with pytest.raises(FileRefused) as refused:
        pbn.parse_file(data.replace(b'[EventDate "2026.03.14"]\r\n', b""))
    assert str(refused.value) == 'line 12: "14.3.2026" is not a date written YYYY.MM.DD'


def test_the_event_date_stands_in_for_a_date_partly_unknown():
    imported = pbn.parse_file(_broken(b'[Date "2026.03.14"]', b'[Date "2026.??.??"]'))
    assert imported.date == datetime.date(2026, 3, 14)


def test_a_file_without_scoring_is_refused():
    data = read_file("ruter_pairs.pbn").replace(b'[Scoring "MatchPoints;MP1"]\r\n', b"")
    with pytest.raises(FileRefused, match=r"^line 13: the file has no \[Scoring\] tag"):
        pbn.parse_file(data)


def test_a_file_of_two_sections_is_read_section_by_section():
    data = _broken(b'[Board "2"]', b'[Board "2"]\r\n[Section "B"]')
    data = data.replace(b'[Board "1"]', b'[Board "1"]\r\n[Section "A"]')
    imported = pbn.parse_file(data)
    sections = [imported, *imported.sections]
    assert [(s.section, [b.number for b in s.boards]) for s in sections] == [("A", [1]), ("B", [2])]
    assert [len(s.boards[0].lines) for s in sections] == [3, 3]


def test_a_section_that_is_not_a_letter_is_refused_quoting_its_start_only():
    data = _broken(b'[Board "2"]', b'[Board "2"]\r\n[Section "' + b"Q" * 60000 + b'"]')
    data = data.replace(b'[Board "1"]', b'[Board "1"]\r\n[Section "A"]')
    with pytest.raises(FileRefused) as refused:
        pbn.parse_file(data)
    assert str(refused.value).startswith("the section 'QQQQ")
    assert "is not a letter or two, as A or BB" in str(refused.value)
    assert len(str(refused.value)) < 120


def test_text_that_is_not_pbn_is_refused():
    with pytest.raises(FileRefused, match="this is not a PBN file"):
        pbn.parse_file(b"% only a comment\r\n")


# ---------------------------------------------------------------------------------------------
# Writing


@pytest.fixture
def played_event(make_event):
    """A 7-table Mitchell, 21 boards, with results on board 1 and an adjustment."""
    from events.services.entry import board_meetings, save_line

    event = make_event(name="Spring Pairs")
    board = event.sections.get().boards.get(number=1)
    texts = ["4S N 10 HK", "4S N 11", "3NT S 9 S2", "P", "4SX E 8", "A+ A-", "2H N 8"]
    for meeting, text in zip(board_meetings(board=board), texts, strict=True):
        save_line(
            board=board, line=parse_traveller_line(text), ns_pair=meeting.ns, ew_pair=meeting.ew
        )
    return event


@pytest.mark.django_db
def test_export_is_pbn_2_1_in_utf8_with_settings_and_results(played_event):
    data = export_file(event=played_event, format_key="pbn")
    assert data.startswith(b"\xef\xbb\xbf% PBN 2.1\r\n")
    text = data.decode("utf-8-sig")
    assert '% <META  name=Generator  content="Clubscoring">' in text
    assert '% <META  name=MatchpointRounding  content="none">' in text
    for tag in ("Event", "Site", "Date", "Board", "West", "North", "East", "South", "Dealer",
                "Vulnerable", "Deal", "Scoring", "Declarer", "Contract", "Result"):  # fmt: skip
        assert f"\r\n[{tag} " in text
    assert text.count('[Scoring "MatchPoints;MP1"]') == 21
    assert '[ScoreTable "Table\\2R;Round\\2R;PairId_NS\\3R;' in text
    assert '1 1 1 8 4S N 10 HK "420" "-420" 9.50 2.50\r\n' in text
    assert '3 6 3 12 - - - - "A+" "A-" 7.20 4.80\r\n' in text
    assert '5 4 5 9 Pass - - - "0" "0" 0.17 11.83\r\n' in text


@pytest.mark.django_db
def test_exported_file_reads_back_with_the_samelines_by_meeting(played_event):
    imported = pbn.parse_file(export_file(event=played_event, format_key="pbn"))
    assert imported.name == "Spring Pairs"
    assert imported.settings == {
        "scoring": "mp", "mp_scale": 2, "mp_rounding": "none", "datum_method": "drop-one",
        "cross_imp_mode": "cross2", "adjusted_scores": "session", "factor_totals": False,
        "missing_results": "neuberg", "factor_to": "played", "percentage_basis": "scored",
        "winners": 2, "reveal": "always", "status": "running",
    }  # fmt: skip
    (board,) = [b for b in imported.boards if b.lines]
    assert [
        (line.ns_pair, line.ew_pair, line.contract, line.declarer, line.tricks, line.score_ns)
        for line in board.lines
    ] == [
        (1, 8, "4S", "N", 10, 420),
        (2, 10, "2H", "N", 8, 110),
        (3, 12, "", "", None, None),
        (4, 14, "4SX", "E", 8, 300),
        (5, 9, "PASS", "", None, 0),
        (6, 11, "3NT", "S", 9, 400),
        (7, 13, "4S", "N", 11, 450),
    ]
    assert (board.lines[2].ns_percent, board.lines[2].ew_percent) == (60, 40)
    assert board.lines[0].lead == "HK"


@pytest.mark.parametrize(
    ("scoring", "extra", "tag"),
    [
        ("mp", {"mp_scale": 1}, "MatchPoints;MP2"),
        ("butler", {"datum_method": "drop-one"}, "IMP;Butler-2;Mean"),
        ("butler", {"datum_method": "median"}, "IMP;Butler;Median"),
        ("cross-imps", {"cross_imp_mode": "cross"}, "IMP;Cross"),
        ("cross-imps", {"cross_imp_mode": "cross1"}, "IMP;Cross1"),
    ],
)
def test_scoring_tag_written_for_each_setting(scoring, extra, tag):
    event = Event(scoring=scoring, **extra)
    assert pbn.scoring_tag(event) == tag
    assert pbn.scoring_settings(tag, "line 1") == {"scoring": scoring, **extra}
