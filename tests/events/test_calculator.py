"""The score calculator: one contract's score and breakdown, IMPs, matchpoints, every result."""

import re

import pytest
from django.test import Client
from django.urls import reverse


def calculate(client, contract, tricks, *, vulnerable=False, declarer="NS", other="", scores=""):
    query = {
        "contract": contract,
        "declarer": declarer,
        "vulnerable": "yes" if vulnerable else "no",
        "tricks": tricks,
        "other": other,
        "scores": scores,
    }
    return client.get(reverse("calculator"), query).text


def shown(html: str, name: str) -> str | None:
    match = re.search(rf'data-testid="{name}"[^>]*>(.*?)</', html, re.DOTALL)
    return match and match[1].strip()


def field_error(html: str, field: str) -> str | None:
    match = re.search(rf'id="{field}-error"[^>]*>(.*?)</div>', html, re.DOTALL)
    return match and match[1]


def results_table(html: str) -> dict[int, tuple[str, int, int]]:
    """Tricks -> (result, not vulnerable, vulnerable), from the table of every result."""
    rows = re.findall(
        r'data-tricks="(\d+)">\s*<td class="num">\d+</td><td>([^<]+)</td>\s*'
        r'<td class="num">(-?\d+)</td><td class="num">(-?\d+)</td>',
        html,
    )
    return {int(t): (result, int(nv), int(v)) for t, result, nv, v in rows}


def test_seed_004_four_spades_by_ns_making_ten(client):
    page = calculate(client, "4S", 10)

    assert shown(page, "score") == "420"
    assert "4♠</span> by NS (4 Spades), not vulnerable" in page
    assert "<td>10 required, 10 made</td>" in page
    assert shown(page, "contract-points") == "120"
    assert shown(page, "bonuses") == "300 game, 0 slam, 0 insult"
    assert shown(page, "extra-tricks") == "No extra tricks"


@pytest.mark.parametrize(
    ("contract", "vulnerable", "tricks", "score", "contract_points", "bonuses", "extra"),
    [
        pytest.param(
            "1C",
            False,
            7,
            "70",
            "20",
            "50 part-score, 0 slam, 0 insult",
            "No extra tricks",
            id="seed-001-lowest-1C",
        ),
        pytest.param(
            "1D",
            True,
            7,
            "70",
            "20",
            "50 part-score, 0 slam, 0 insult",
            "No extra tricks",
            id="seed-001-lowest-1D",
        ),
        pytest.param(
            "7NT",
            True,
            13,
            "2220",
            "220",
            "500 game, 1500 slam, 0 insult",
            "No extra tricks",
            id="seed-001-highest-undoubled",
        ),
        pytest.param(
            "1NTXX",
            True,
            13,
            "3160",
            "160",
            "500 game, 0 slam, 100 insult",
            "6 overtricks: 2400",
            id="seed-001-highest",
        ),
        pytest.param(
            "1NT",
            False,
            6,
            "-50",
            None,
            None,
            "Down 1: 50 to the defenders",
            id="seed-001-smallest-penalty",
        ),
        pytest.param(
            "7NTXX",
            True,
            0,
            "-7600",
            None,
            None,
            "Down 13: 7600 to the defenders",
            id="seed-001-largest-penalty",
        ),
    ],
)
def test_seed_001_extreme_contracts(
    client, contract, vulnerable, tricks, score, contract_points, bonuses, extra
):
    page = calculate(client, contract, tricks, vulnerable=vulnerable)

    assert shown(page, "score") == score
    assert shown(page, "extra-tricks") == extra
    if contract_points is not None:
        assert shown(page, "contract-points") == contract_points
        assert shown(page, "bonuses") == bonuses
    column = 2 if vulnerable else 1
    assert str(results_table(page)[tricks][column]) == score


def test_seed_001_passed_out_scores_nothing(client):
    page = calculate(client, "P", "")

    assert shown(page, "score") == "0"
    assert "<td>Passed out</td>" in page
    assert results_table(page) == {}


def test_the_table_of_every_result_of_a_contract(client):
    page = calculate(client, "4S", 10)
    table = results_table(page)

    assert list(table) == list(range(13, -1, -1))
    assert table[13] == ("+3", 510, 710)
    assert table[10] == ("=", 420, 620)
    assert table[9] == ("-1", -50, -100)
    assert table[0] == ("-10", -500, -1000)
    assert re.search(r'<tr class="made mine" data-tricks="10">', page)


def test_the_table_of_a_doubled_contract(client):
    table = results_table(calculate(client, "4SX", 6, vulnerable=True))

    assert table[11] == ("+1", 690, 990)
    assert table[6] == ("-4", -800, -1100)


@pytest.mark.parametrize(
    ("contract", "vulnerable", "tricks", "other", "expected"),
    [
        # Seed 001 "Illustration": a game bid and made against a part-score, 6 (10) IMPs.
        pytest.param("4S", False, 10, 170, "Score difference 250, 6 IMPs", id="seed-001-nv-game"),
        pytest.param("4S", True, 10, 170, "Score difference 450, 10 IMPs", id="seed-001-vul-game"),
        pytest.param("4S", True, 9, 140, "Score difference -240, -6 IMPs", id="seed-001-failed"),
        pytest.param("4S", False, 10, 420, "Score difference 0, 0 IMPs", id="seed-004-flat"),
    ],
)
def test_imps_against_the_other_table(client, contract, vulnerable, tricks, other, expected):
    page = calculate(client, contract, tricks, vulnerable=vulnerable, other=other)

    assert shown(page, "imps") == expected


def test_matchpoints_against_other_scores(client):
    # Seed 001, pair event, board 1: 4S= 420 against the seven other tables.
    page = calculate(client, "4S", 10, scores="480 450 420, 420 300 170 -50")

    assert shown(page, "matchpoints") == "8 of 14 matchpoints, 57.14%"
    assert "Against 7 other scores" in page


@pytest.mark.parametrize(
    ("query", "field", "message"),
    [
        pytest.param(
            {"contract": "8S", "tricks": "10"}, "contract", "Level must be 1 to 7.", id="level"
        ),
        pytest.param(
            {"contract": "4Z", "tricks": "10"},
            "contract",
            "Strain must be C, D, H, S or NT.",
            id="strain",
        ),
        pytest.param(
            {"contract": "4S", "tricks": "14"}, "tricks", "Tricks must be 0 to 13.", id="14"
        ),
        pytest.param(
            {"contract": "4S", "tricks": ""}, "tricks", "Tricks must be 0 to 13.", id="none"
        ),
        pytest.param(
            {"contract": "4S", "tricks": "10", "scores": "420 abc"},
            "scores",
            "&#x27;abc&#x27; is not a score: type whole numbers separated by spaces, "
            "e.g. 420 450 -50.",
            id="scores",
        ),
    ],
)
def test_a_refused_input_says_what_to_fix_and_keeps_what_was_typed(client, query, field, message):
    page = client.get(reverse("calculator"), {"vulnerable": "no", "declarer": "NS", **query}).text

    assert field_error(page, field) == message
    assert f'value="{query["contract"]}"' in page
    assert shown(page, "score") is None


def test_the_empty_calculator_shows_the_form_only(client):
    page = client.get(reverse("calculator")).text

    assert re.search(r'<input type="text" name="contract"[^>]* autofocus', page)
    assert 'id="result"' not in page
    assert "errorlist" not in page


@pytest.mark.parametrize(
    ("language", "contract", "name"),
    [
        ("en", "1C", "(1 Club)"),
        ("en", "4SX", "(4 Spades doubled)"),
        ("fr", "1D", "(1 Carreau)"),
        ("fr", "4SX", "(4 Piques contré)"),
        ("fr", "3NT", "(3 Sans-atout)"),
        ("nb", "4HXX", "(4 Hjerter redoblet)"),
    ],
)
def test_a_contract_is_named_as_its_level_reads_it(language, contract, name):
    """One club, four spades: the strain's name agrees with the level (French 4 Piques)."""
    reader = Client(headers={"accept-language": language})
    assert name in calculate(reader, contract, 6 + int(contract[0]))
