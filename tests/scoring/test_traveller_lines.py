import pytest

from scoring import ScoringError, parse_traveller_line


@pytest.mark.parametrize(
    ("text", "ns", "ew", "contract", "declarer", "tricks", "lead"),
    [
        pytest.param("1 8 4SX N 10", 1, 8, "4SX", "N", 10, "", id="issue-full-line"),
        pytest.param("4S N +1", None, None, "4S", "N", 11, "", id="overtrick"),
        pytest.param("4s n =", None, None, "4S", "N", 10, "", id="made-exactly"),
        pytest.param("3NT E -2", None, None, "3NT", "E", 7, "", id="down-two"),
        pytest.param("3 nt e -2 hk", None, None, "3NT", "E", 7, "HK", id="spaces-and-lead"),
        pytest.param("4 S X N 10", None, None, "4SX", "N", 10, "", id="contract-with-spaces"),
        pytest.param("9 10 2C * N QD 6", 9, 10, "2CX", "N", 6, "DQ", id="seed003-asterisk"),
        pytest.param("2 7 1NT E xH 8", 2, 7, "1NT", "E", 8, "HX", id="seed003-small-card"),
        pytest.param("6 1 2C N AD -2", 6, 1, "2C", "N", 6, "DA", id="seed003-lead-before"),
        pytest.param("4♠ S 10 10♥", None, None, "4S", "S", 10, "HT", id="suit-symbols"),
    ],
)
def test_parse_played_lines(text, ns, ew, contract, declarer, tricks, lead):
    line = parse_traveller_line(text)
    assert (line.ns_pair, line.ew_pair) == (ns, ew)
    assert str(line.contract) == contract
    assert (line.declarer, line.tricks, line.lead) == (declarer, tricks, lead)


def test_passed_out_scores_zero():
    line = parse_traveller_line("3 10 P")
    assert (line.ns_pair, line.ew_pair, line.passed_out) == (3, 10, True)
    assert line.score_ns("All") == 0


def test_not_played():
    line = parse_traveller_line("np")
    assert line.not_played and line.contract is None and line.score_ns("None") is None


@pytest.mark.parametrize(
    ("text", "ns", "ew"),
    [
        ("A+ A-", "A+", "A-"),
        ("a a", "A", "A"),
        ("A+ A+", "A+", "A+"),
        ("2 9 A- A+", "A-", "A+"),
        ("A+/A-", "A+", "A-"),
        # One code alone is the usual ruling: the side named is NS, the other side the opposite.
        ("A+", "A+", "A-"),
        ("A-", "A-", "A+"),
        ("A", "A", "A"),
    ],
)
def test_adjusted_scores(text, ns, ew):
    line = parse_traveller_line(text)
    assert (line.ns_adjustment, line.ew_adjustment) == (ns, ew)
    assert (line.ns_percent, line.ew_percent) == (None, None)


@pytest.mark.parametrize(
    ("text", "codes", "percents"),
    [
        ("A60 A40", ("A+", "A-"), (60, 40)),
        ("60% 40%", ("A+", "A-"), (60, 40)),
        ("a60% a40%", ("A+", "A-"), (60, 40)),
        ("A5050", ("A", "A"), (50, 50)),
        pytest.param("A7030", ("A+", "A-"), (70, 30), id="usebio-A7030"),
        ("A70 A", ("A+", "A"), (70, None)),
        ("60.5% 39.5%", ("A+", "A-"), (60.5, 39.5)),
        ("A100 A0", ("A+", "A-"), (100, 0)),
    ],
)
def test_adjusted_scores_as_percents(text, codes, percents):
    line = parse_traveller_line(text)
    assert (line.ns_adjustment, line.ew_adjustment) == codes
    assert (line.ns_percent, line.ew_percent) == percents
    assert line.score_ns("None") is None


def test_adjusted_percents_after_the_pair_numbers():
    line = parse_traveller_line("1 8 60% 40%")
    assert (line.ns_pair, line.ew_pair, line.ns_percent, line.ew_percent) == (1, 8, 60, 40)


@pytest.mark.parametrize(
    ("text", "vulnerability", "score"),
    [
        pytest.param("4S N 10", "None", 420, id="seed004-4S-NS-420"),
        pytest.param("1NT E 8", "NS", -120, id="seed003-board12-pair2"),
        pytest.param("3D W 8", "NS", 50, id="seed003-board12-pair5"),
        pytest.param("2C N -2", "NS", -200, id="seed003-board12-pair6"),
        pytest.param("1NT E +2", "NS", -150, id="seed003-board12-pair8"),
        pytest.param("2C * N 6", "NS", -500, id="seed003-board12-pair9"),
        pytest.param("2D W 8", "NS", -90, id="seed003-board12-pair11"),
    ],
)
def test_score_from_north_souths_side(text, vulnerability, score):
    assert parse_traveller_line(text).score_ns(vulnerability) == score


TWO_SIDES = (
    "an adjusted score gives each side its own: A+ A-, A60 A40 or 60% 40% "
    "(A+ alone is Ave+ to North-South, Ave- to East-West)"
)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "type a result, e.g. 4S N 10, 3NT E -1, P, NP or A+ A-"),
        ("4S", "4S: add the declarer (N, E, S or W) and the tricks"),
        ("4S Q 10", "declarer must be N, E, S or W, not 'Q'"),
        ("4S N", "4S: add the result: tricks taken (e.g. 10), or =, +1, -2"),
        ("4S N +4", "4S +4 would be 14 tricks: tricks must be 0 to 13"),
        ("4S N 14", "4S 14 would be 14 tricks: tricks must be 0 to 13"),
        ("7NT N -14", "7NT -14 would be -1 tricks: tricks must be 0 to 13"),
        (
            "4S N 10 banana",
            "'banana' is neither the tricks (10, =, +1, -2) nor a lead card (HK, S10)",
        ),
        ("A+ B", "an adjusted score is A+, A, A- or a percent such as A60 or 60%, not 'B'"),
        ("A+ A- A", TWO_SIDES),
        ("A60", TWO_SIDES),
        ("A120 A40", "an adjusted score is 0 to 100 percent of the top, not 120%"),
        ("² 1 4S N 10", "²: a contract is a level 1-7 and a strain, e.g. 4S, 3NTX, or PASS"),
        ("8S N 10", "8S: level must be 1 to 7"),
    ],
)
def test_refusals_say_what_to_fix(text, message):
    with pytest.raises(ScoringError) as refused:
        parse_traveller_line(text)
    assert str(refused.value) == message


def test_bad_contract_message_comes_from_the_contract_parser():
    with pytest.raises(ScoringError, match="level must be 1 to 7"):
        parse_traveller_line("8S N 10")


def test_split_score_and_note():
    line = parse_traveller_line("3 10 +420 / -100 # wrong board played, table 4")
    assert (line.ns_pair, line.ew_pair) == (3, 10)
    assert (line.score_ns("None"), line.score_ew("None")) == (420, -100)
    assert line.note == "wrong board played, table 4"


def test_split_score_must_be_possible():
    with pytest.raises(ScoringError, match=r"\+425 is not a possible score"):
        parse_traveller_line("+420/+425").score_ew("None")


def test_note_on_a_played_line():
    line = parse_traveller_line("4S N 10 HK # claim disputed")
    assert (str(line.contract), line.lead, line.note) == ("4S", "HK", "claim disputed")


@pytest.mark.parametrize(
    ("text", "vulnerability", "parts"),
    [
        ("40% 4S N 10 + 60% 4S N 9", "None", ((40, 420), (60, -50))),
        ("50% of 4S N 10 + 50% of +170", "None", ((50, 420), (50, 170))),
        ("30% 4S N 10 + 30% 3NT S 9 + 40% -50", "None", ((30, 420), (30, 400), (40, -50))),
        ("25% 4H E 10 + 75% P", "EW", ((25, -620), (75, 0))),
    ],
)
def test_weighted_scores(text, vulnerability, parts):
    line = parse_traveller_line(text)
    assert line.weighted_scores(vulnerability) == parts
    assert line.score_ns(vulnerability) is None


def test_weighted_score_after_the_pair_numbers_with_a_note():
    line = parse_traveller_line("1 8 40% 4S N 10 + 60% 4S N 9 # L12C1c")
    assert (line.ns_pair, line.ew_pair, line.note) == (1, 8, "L12C1c")
    assert line.weighted_scores("None") == ((40, 420), (60, -50))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "40% 4S N 10 + 50% 4S N 9",
            "the parts of a weighted score add up to 100%, not 90%: e.g. 40% 4S N 10 + 60% 4S N 9",
        ),
        (
            "4S N 10 + 4S N 9",
            "a weighted score is e.g. 40% 4S N 10 + 60% 4S N 9: each part a percent, then a result",
        ),
        (
            "40% A+ + 60% 4S N 9",
            "each part of a weighted score is a result played or a score, not 'A+'",
        ),
        ("0% 4S N 10 + 100% 4S N 9", "a part of a weighted score weighs more than 0%: 0% 4S N 10"),
    ],
)
def test_weighted_score_refusals(text, message):
    with pytest.raises(ScoringError) as refused:
        parse_traveller_line(text)
    assert str(refused.value) == message


def test_an_individual_line_names_its_four_players_north_south_east_west_first():
    line = parse_traveller_line("1 11 6 16 4S N 10")
    assert line.players == (1, 11, 6, 16)
    assert (line.ns_pair, line.ew_pair, line.tricks) == (None, None, 10)
    assert parse_traveller_line("3 9 2 5 A+ A-").players == (3, 9, 2, 5)
    # Two numbers are still the pairs, and a pairs line's score alone is not a fourth player.
    assert parse_traveller_line("1 8 4S N 10").players is None
    assert parse_traveller_line("1 8 420").entered_score == 420
    with pytest.raises(ScoringError, match="1 1 6 16: the four players, North South East West"):
        parse_traveller_line("1 1 6 16 4S N 10")
