import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring import Contract, ScoringError, parse_contract
from scoring.contracts import STRAINS

SHAPE = "a contract is a level 1-7 and a strain, e.g. 4S, 3NTX, or PASS"

contracts = st.one_of(
    st.just(Contract(0, "")),
    st.builds(
        Contract,
        level=st.integers(1, 7),
        strain=st.sampled_from(STRAINS),
        doubled=st.integers(0, 2),
    ),
)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param("4s", Contract(4, "S"), id="lower-case"),
        pytest.param("4 S x", Contract(4, "S", 1), id="spaces"),
        pytest.param("4♠X", Contract(4, "S", 1), id="spade-symbol"),
        pytest.param("4♥", Contract(4, "H"), id="heart-symbol"),
        pytest.param("4♥\ufe0f", Contract(4, "H"), id="heart-emoji"),
        pytest.param("4♦", Contract(4, "D"), id="diamond-symbol"),
        pytest.param("4♣", Contract(4, "C"), id="club-symbol"),
        pytest.param("3N", Contract(3, "NT"), id="N-for-notrump"),
        pytest.param("3nt", Contract(3, "NT"), id="nt-lower-case"),
        pytest.param("3NT xx", Contract(3, "NT", 2), id="redoubled"),
        pytest.param("7NTXX", Contract(7, "NT", 2), id="seed001-largest-penalty"),
        pytest.param(" 1c ", Contract(1, "C"), id="surrounding-spaces"),
        pytest.param("P", Contract(0, ""), id="P"),
        pytest.param("pass", Contract(0, ""), id="pass"),
        pytest.param("PASS", Contract(0, ""), id="PASS"),
        pytest.param("Pass", Contract(0, ""), id="Pass"),
    ],
)
def test_parse_contract(text, expected):
    assert parse_contract(text) == expected


def test_a_contract_passes_through_as_is():
    contract = Contract(4, "S", 1)
    assert parse_contract(contract) is contract


@pytest.mark.parametrize(
    ("contract", "text"),
    [
        (Contract(4, "S", 1), "4SX"),
        (Contract(3, "NT", 2), "3NTXX"),
        (Contract(1, "C"), "1C"),
        (Contract(0, ""), "PASS"),
    ],
)
def test_str(contract, text):
    assert str(contract) == text


def test_passed_out():
    assert parse_contract("pass").passed_out
    assert (parse_contract("pass").level, parse_contract("pass").strain) == (0, "")
    assert not parse_contract("1C").passed_out


@pytest.mark.parametrize(
    ("text", "message"),
    [
        pytest.param("", SHAPE, id="empty"),
        pytest.param("   ", SHAPE, id="blank"),
        pytest.param("S4", SHAPE, id="strain-first"),
        pytest.param("X", SHAPE, id="double-alone"),
        pytest.param("passed", SHAPE, id="passed"),
        pytest.param("-1S", SHAPE, id="negative"),
        pytest.param(None, SHAPE, id="None"),
        pytest.param(4, SHAPE, id="a-number"),
        pytest.param("0S", "level must be 1 to 7", id="level-0"),
        pytest.param("8NT", "level must be 1 to 7", id="level-8"),
        pytest.param("10H", "level must be 1 to 7", id="level-10"),
        pytest.param("4", "strain must be C, D, H, S or NT", id="no-strain"),
        pytest.param("4Z", "strain must be C, D, H, S or NT", id="unknown-strain"),
        pytest.param("4X", "strain must be C, D, H, S or NT", id="double-without-strain"),
        pytest.param("4SXXX", "write X for doubled or XX for redoubled", id="three-doubles"),
        pytest.param("4SD", "write X for doubled or XX for redoubled", id="D-for-doubled"),
        pytest.param("2C *", "write X for doubled or XX for redoubled", id="seed003-asterisk"),
        pytest.param("4S=", "write X for doubled or XX for redoubled", id="result-typed-in"),
        pytest.param("3NTS", "write X for doubled or XX for redoubled", id="two-strains"),
    ],
)
def test_parse_contract_refusals(text, message):
    with pytest.raises(ScoringError) as refusal:
        parse_contract(text)
    assert str(refusal.value) == message


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        pytest.param((8, "S", 0), "level must be 1 to 7", id="level-8"),
        pytest.param((4.0, "S", 0), "level must be 1 to 7", id="float-level"),
        pytest.param((True, "S", 0), "level must be 1 to 7", id="bool-level"),
        pytest.param((4, "N", 0), "strain must be C, D, H, S or NT", id="strain-N"),
        pytest.param((4, "S", 3), "write X for doubled or XX for redoubled", id="doubled-3"),
        pytest.param((0, "S", 0), SHAPE, id="passed-out-with-strain"),
    ],
)
def test_only_valid_contracts_can_be_built(fields, message):
    with pytest.raises(ScoringError) as refusal:
        Contract(*fields)
    assert str(refusal.value) == message


@given(contracts)
def test_str_parses_back(contract):
    assert parse_contract(str(contract)) == contract


@given(st.text(max_size=8))
def test_any_text_is_a_contract_or_a_scoring_error(text):
    try:
        contract = parse_contract(text)
    except ScoringError:
        return
    assert isinstance(contract, Contract)
