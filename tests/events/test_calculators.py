"""The IMP, matchpoint and victory-point calculators: bare scores and margins in, the engine's
answers out, on plain GET forms that work without JavaScript."""

import re
from html import unescape

import pytest
from django.urls import reverse

from scoring import VP_SCALES, victory_points
from scoring.matchpoints import MATCHPOINT_SCALES


def shown(html: str, name: str) -> str | None:
    match = re.search(rf'data-testid="{name}"[^>]*>(.*?)</', html, re.DOTALL)
    return match and match[1].strip()


def field_error(html: str, field: str) -> str | None:
    match = re.search(rf'id="{field}-error"[^>]*>(.*?)</div>', html, re.DOTALL)
    return match and unescape(match[1])


def imps_page(client, score, other, table="wbf") -> str:
    query = {"score": score, "other": other, "table": table}
    return client.get(reverse("calculator-imps"), query).text


def matchpoints_page(client, score, scores) -> str:
    return client.get(reverse("calculator-matchpoints"), {"score": score, "scores": scores}).text


def vps_page(client, margin, boards) -> str:
    query = {"margin": margin, "boards": boards}
    return client.get(reverse("calculator-victory-points"), query).text


def vp_rows(html: str) -> dict[str, tuple[str, ...]]:
    """Scale key -> (VPs for, VPs against), or (the refusal,) for a scale that does not apply."""
    rows = {}
    for key, cells in re.findall(r'<tr data-scale="([\w-]+)">(.*?)</tr>', html, re.DOTALL):
        values = re.findall(r'<td[^>]* class="(?:num|muted)"[^>]*>([^<]*)</td>', cells)
        rows[key] = tuple(values)
    return rows


# IMPs


@pytest.mark.parametrize(
    ("score", "other", "table", "imps", "difference", "row"),
    [
        pytest.param("620", "170", "wbf", "10 IMPs", "620 − 170 = 450", "430 to 490", id="620-170"),
        pytest.param(
            "-100", "620", "wbf", "-12 IMPs", "-100 − 620 = -720", "600 to 740", id="a-loss"
        ),
        pytest.param("420", "420", "wbf", "0 IMPs", "420 − 420 = 0", "0 to 10", id="a-push"),
        pytest.param("+50", "−50", "wbf", "3 IMPs", "50 − -50 = 100", "90 to 120", id="signs"),
        pytest.param(
            "7600", "-2220", "wbf", "24 IMPs", "7600 − -2220 = 9820", "4000 and more", id="top-row"
        ),
        pytest.param("620", "170", "1961", "10 IMPs", "620 − 170 = 450", "430 to 490", id="1961"),
        pytest.param("620", "170", "1948", "5 IMPs", "620 − 170 = 450", "350 to 490", id="1948"),
    ],
)
def test_imps_between_two_bare_scores(client, score, other, table, imps, difference, row):
    page = imps_page(client, score, other, table)
    assert shown(page, "imps") == imps
    assert shown(page, "difference") == difference
    assert shown(page, "imp-row").startswith(f"{row} points: ")


def test_every_imp_table_of_the_engine_is_offered(client):
    page = client.get(reverse("calculator-imps")).text
    assert re.findall(r'<option value="(\w+)"', page) == ["wbf", "1938", "1948", "1961"]
    assert 'id="result"' not in page


@pytest.mark.parametrize(
    ("score", "other", "field", "message"),
    [
        ("625", "170", "score", "A duplicate score is a multiple of 10: 625 is not."),
        ("620", "8000", "other", "A duplicate score is at most 7600 either way, not 8000."),
        ("six", "170", "score", "Type the score as a whole number, e.g. 620 or -100, not 'six'."),
        (
            "620 170",
            "",
            "score",
            "Type the score as a whole number, e.g. 620 or -100, not '620 170'.",
        ),
        ("620", "", "other", "Type a score, e.g. 620 or -100."),
    ],
)
def test_imps_refuse_what_is_not_a_score(client, score, other, field, message):
    page = imps_page(client, score, other)
    assert field_error(page, field) == message
    assert 'id="result"' not in page


# Matchpoints


def test_matchpoints_of_a_score_on_both_scales_with_ties(client):
    page = matchpoints_page(client, "420", "420 450 -50, 170")

    assert shown(page, "percent") == "62.50%"
    assert shown(page, "against") == (
        "420 beats 2, ties with 1 and loses to 1 of the other 4 scores."
    )
    assert shown(page, "scale-1") == "5 of 8"  # 2 a beat, 1 a tie
    assert shown(page, "scale-2") == "2.5 of 4"  # 1 a beat, ½ a tie
    for label in MATCHPOINT_SCALES.values():
        assert label in page


def test_a_score_every_table_equalled_is_an_average(client):
    page = matchpoints_page(client, "-100", "-100 -100 −100")
    assert shown(page, "percent") == "50.00%"
    assert (shown(page, "scale-1"), shown(page, "scale-2")) == ("3 of 6", "1.5 of 3")


def test_a_top_and_a_bottom(client):
    assert shown(matchpoints_page(client, "1430", "680 650 -100"), "percent") == "100.00%"
    assert shown(matchpoints_page(client, "-1100", "680"), "percent") == "0.00%"


@pytest.mark.parametrize(
    ("score", "scores", "field", "message"),
    [
        ("420", "", "scores", "Type the other tables' scores, at least one, e.g. 420 450 -50."),
        ("420", " , ;", "scores", "Type the other tables' scores, at least one, e.g. 420 450 -50."),
        (
            "420",
            "450 abc",
            "scores",
            "'abc' is not a score: type whole numbers separated by spaces, e.g. 420 450 -50.",
        ),
        ("420", "450 425", "scores", "A duplicate score is a multiple of 10: 425 is not."),
        ("", "450", "score", "Type a score, e.g. 620 or -100."),
    ],
)
def test_matchpoints_refuse_what_is_not_a_score(client, score, scores, field, message):
    page = matchpoints_page(client, score, scores)
    assert field_error(page, field) == message
    assert 'id="result"' not in page


# Victory points


def test_victory_points_on_every_scale_the_engine_has(client):
    page = vps_page(client, "14", "8")

    rows = vp_rows(page)
    assert list(rows) == list(VP_SCALES)  # a scale added to the engine shows here too
    assert rows["wbf"] == ("14.96", "5.04")
    assert rows["20-table"] == ("16", "4")
    assert rows["10-4board"] == (
        "The 10-VP scale for 4-board matches is for matches of 4 boards, not 8.",
    )
    for key, scale in VP_SCALES.items():
        if key != "10-4board":
            ours, theirs = victory_points(14, 8, key)
            text = "{:.2f}" if scale.decimals else "{}"
            assert rows[key] == (text.format(ours), text.format(theirs))
        assert f"<td>{scale.label}</td>" in page


def test_a_lost_match_gives_the_opponents_the_larger_share(client):
    rows = vp_rows(vps_page(client, "-14", "8"))
    assert rows["wbf"] == ("5.04", "14.96")
    assert rows["30-table"] == ("4", "26")


def test_a_fractional_margin_is_rounded_as_the_engine_says(client):
    page = vps_page(client, "3.5", "4")
    assert "A margin of 3.5 IMPs over 4 boards" in page
    assert "Fractional margin: Round the IMP margin to the nearest whole IMP" in page
    assert vp_rows(page)["10-4board"] == ("7", "3")  # as 4 IMPs


@pytest.mark.parametrize(
    ("margin", "boards", "field", "message"),
    [
        ("fourteen", "8", "margin", "Type the IMP margin as a number, e.g. 14 or -3.5."),
        ("", "8", "margin", "Type the IMP margin, e.g. 14 or -3.5."),
        ("3.125", "8", "margin", "An IMP margin has at most two decimals, e.g. 3.25."),
        ("12000", "8", "margin", "An IMP margin is at most 9999 either way."),
        ("14", "0", "boards", "A match has 1 to 999 boards."),
        ("14", "2.5", "boards", "Type the number of boards as a whole number, e.g. 8."),
        ("14", "", "boards", "Type how many boards the match had, e.g. 8."),
    ],
)
def test_victory_points_refuse_what_is_not_a_margin_or_a_length(
    client, margin, boards, field, message
):
    page = vps_page(client, margin, boards)
    assert field_error(page, field) == message
    assert "data-scale" not in page


def test_the_calculators_link_to_each_other(client):
    page = client.get(reverse("calculator-victory-points")).text
    for name in ("calculator", "calculator-imps", "calculator-matchpoints"):
        assert f'href="{reverse(name)}"' in page
    assert 'aria-current="page">Victory points</a>' in page
