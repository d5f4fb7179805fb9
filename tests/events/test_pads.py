"""The rubber and Chicago score pads, driven through their POST endpoints as a browser would."""

import re

import pytest
from django.test import Client
from django.urls import reverse

pytestmark = pytest.mark.django_db

# Seed 000 "Example": South keeps score, so North-South are "we". The suit symbols are lost in
# the seed's text; the points fix majors (4♥ 120, 4♠X 240) and minors (3♣ 60, 6♦ 120).
SEED_000_RUBBER = [
    "2NT we 9",  # N 2NT making 3
    "4H they 10",  # W 4♥ making
    "5C they 9",  # W 5♣ down 2, vulnerable
    "4SX we 11",  # S 4♠X making 5
    "3C we 10",  # N 3♣ making 4
    "6D they 12 hon they 150",  # E 6♦ making, all five honours
]
SEED_000_SHEET = {
    "we-above": [(1, 30), (3, 200), (4, 100), (4, 50), (5, 20)],
    "they-above": [(6, 750), (6, 150), (None, 500)],
    "we-game-1": [(1, 70)],
    "they-game-1": [(2, 120)],
    "we-game-2": [(4, 240)],
    "they-game-2": [],
    "we-game-3": [(5, 60)],
    "they-game-3": [(6, 120)],
}

# Seed 001 "Scoring of rubber bridge": 3340 v 1150.
SEED_001_RUBBER = [
    "2H we 9",  # 60 below, 30 above
    "1C they 7",  # 20 below
    "1NT we 6",  # down 1: 50 to them
    "3CXX they 11 hon they 100",  # 240 below, 100 insult, 400 overtricks, AKQJ 100
    "1NTX we 7 hon they 150",  # 80 below, 50 insult; they held all four aces
    "4SX they 7",  # down 3 doubled vulnerable: 800 to us
    "1C we 11",  # 20 below (game), 80 above
    "3H they 9",  # 90 below
    "7NT we 13",  # 220 below, 1500 slam, 500 rubber
]
SEED_001_SHEET = {
    "we-above": [(1, 30), (5, 50), (6, 800), (7, 80), (9, 1500), (None, 500)],
    "they-above": [(3, 50), (4, 400), (4, 100), (4, 100), (5, 150)],
    "we-game-1": [(1, 60)],
    "they-game-1": [(2, 20), (4, 240)],
    "we-game-2": [(5, 80), (7, 20)],
    "they-game-2": [],
    "we-game-3": [(9, 220)],
    "they-game-3": [(8, 90)],
}

_COLUMN = re.compile(r'<ol id="([a-z0-9-]+)"[^>]*>(.*?)</ol>', re.DOTALL)
_ENTRY = re.compile(r'data-deal="(\d*)".*?<span class="points">(-?\d+)</span>', re.DOTALL)


def sheet_columns(html: str) -> dict[str, list[tuple[int | None, int]]]:
    """Each column of the sheet as (deal, points), in the order written (None: a bonus)."""
    return {
        column: [
            (int(deal) if deal else None, int(points)) for deal, points in _ENTRY.findall(body)
        ]
        for column, body in _COLUMN.findall(html)
    }


def totals(html: str) -> tuple[int, int]:
    we = re.search(r'id="total-we"[^>]*>(-?\d+)<', html)
    they = re.search(r'id="total-they"[^>]*>(-?\d+)<', html)
    return int(we[1]), int(they[1])


def line_error(html: str) -> str | None:
    match = re.search(r'id="line-error"[^>]*>(.*?)</div>', html, re.DOTALL)
    return match and match[1]


def enter(client, kind: str, line: str, *, htmx: bool = False):
    headers = {"HX-Request": "true"} if htmx else {}
    return client.post(reverse("pad-deal", args=[kind]), {"line": line}, headers=headers)


def saved_deals(client, kind: str) -> list[dict]:
    return client.session.get("pads", {}).get(kind, {}).get("deals", [])


@pytest.mark.parametrize(
    ("lines", "sheet", "we", "they", "result"),
    [
        pytest.param(
            SEED_000_RUBBER, SEED_000_SHEET, 770, 1640, "They win, 1640 to 770.", id="seed-000"
        ),
        pytest.param(
            SEED_001_RUBBER, SEED_001_SHEET, 3340, 1150, "We win, 3340 to 1150.", id="seed-001"
        ),
    ],
)
@pytest.mark.parametrize("htmx", [False, True], ids=["plain", "htmx"])
def test_seed_rubber_entered_deal_by_deal(client, lines, sheet, we, they, result, htmx):
    for line in lines:
        response = enter(client, "rubber", line, htmx=htmx)
        if htmx:
            assert line_error(response.text) is None
            assert response["HX-Trigger"] == '{"pad-changed": {}}'
        else:
            assert response["Location"] == reverse("rubber-pad")

    page = client.get(reverse("rubber-pad")).text

    assert totals(page) == (we, they)
    assert sheet_columns(page) == sheet
    assert result in page
    assert "Rubber over" in page
    assert 'name="line"' not in page  # the entry line gives way to "New rubber"
    assert len(saved_deals(client, "rubber")) == len(lines)


def test_htmx_entry_returns_the_pad_fragment_with_an_empty_line(client):
    response = enter(client, "rubber", "2NT we 9", htmx=True)

    assert response.text.lstrip().startswith('<div id="pad"')
    assert "<html" not in response.text
    assert sheet_columns(response.text)["we-game-1"] == [(1, 70)]
    assert 'name="line" value=' not in response.text
    assert "Deal 2" in response.text


def test_the_sheet_shows_vulnerability_and_the_line_under_each_game(client):
    for line in ["2NT we 9", "4H they 10"]:
        enter(client, "rubber", line)

    page = client.get(reverse("rubber-pad")).text

    assert re.findall(r'<span class="vul-mark[^"]*">([\w ]+)</span>', page) == [
        "not vulnerable",
        "vulnerable",
    ]
    assert "Games: we 0, they 1" in page
    assert re.search(r'class="sheet-row game complete" aria-label="Game 1"', page)
    assert re.search(r'class="sheet-row game" aria-label="Game 2, in progress"', page)


def test_the_history_lists_each_deal_with_its_score(client):
    for line in SEED_000_RUBBER:
        enter(client, "rubber", line)

    page = client.get(reverse("rubber-pad")).text
    history = re.search(r'<table class="history" id="history">(.*?)</table>', page, re.DOTALL)[1]
    rows = [
        [re.sub(r"<[^>]+>", "", cell).strip() for cell in re.findall(r"<td[^>]*>(.*?)</td>", row)]
        for row in re.findall(r"<tr>(.*?)</tr>", history, re.DOTALL)[1:]
    ]

    assert rows == [
        ["1", "2NT we", "9 (+1)", "100", ""],
        ["2", "4♥ they", "10 (=)", "", "120"],
        ["3", "5♣ they vul", "9 (-2)", "200", ""],
        ["4", "4♠X we", "11 (+1)", "390", ""],
        ["5", "3♣ we vul", "10 (+1)", "80", ""],
        ["6", "6♦ they vul", "12 (=)honours: they 150", "", "1020"],
    ]


@pytest.mark.parametrize(
    ("line", "message"),
    [
        pytest.param("4Z they 10", "Strain must be C, D, H, S or NT.", id="bad-strain"),
        pytest.param("8S they 10", "Level must be 1 to 7.", id="bad-level"),
        pytest.param(
            "4S us 10",
            "After the contract write who declared, we or they, then the tricks: 4SX they 10.",
            id="bad-side",
        ),
        pytest.param("4S they 14", "Tricks must be 0 to 13.", id="tricks-14"),
        pytest.param(
            "4S they",
            "4S they: add the tricks declarer took (e.g. 10), or =, +1, -2.",
            id="no-tricks",
        ),
        pytest.param(
            "4S they 10 hon us 150",
            "Could not read &#x27;hon us 150&#x27;: honours are written hon, who held them "
            "(we or they) and 100 or 150, e.g. hon they 150.",
            id="bad-honours",
        ),
        pytest.param(
            "3NT we 9 hon they 100",
            "At notrump only all four aces count as honours, for 150.",
            id="notrump-honours",
        ),
        pytest.param(
            "P", "A passed-out deal scores nothing: leave it off the pad and deal again.", id="pass"
        ),
    ],
)
@pytest.mark.parametrize("htmx", [False, True], ids=["plain", "htmx"])
def test_a_refused_line_keeps_what_was_typed_and_says_what_to_fix(client, line, message, htmx):
    enter(client, "rubber", "2NT we 9")

    response = enter(client, "rubber", line, htmx=htmx)

    assert response.status_code == 200
    assert line_error(response.text) == message
    assert f'value="{line}"' in response.text
    assert saved_deals(client, "rubber") == [
        {"side": "we", "contract": "2NT", "tricks": 9, "honours": None}
    ]
    assert sheet_columns(response.text)["we-game-1"] == [(1, 70)]


def test_a_deal_after_the_rubber_is_over_is_refused(client):
    for line in SEED_000_RUBBER:
        enter(client, "rubber", line)

    response = enter(client, "rubber", "1C we 7")

    assert line_error(response.text) == "The rubber is over. Start a new rubber to go on."
    assert len(saved_deals(client, "rubber")) == 6
    assert totals(response.text) == (770, 1640)


def test_undo_removes_the_last_deal_only(client):
    for line in ["2NT we 9", "4H they 10"]:
        enter(client, "rubber", line)

    response = client.post(reverse("pad-undo", args=["rubber"]), headers={"HX-Request": "true"})

    assert sheet_columns(response.text)["we-game-1"] == [(1, 70)]
    assert sheet_columns(response.text)["they-game-1"] == []
    assert totals(response.text) == (100, 0)
    assert saved_deals(client, "rubber") == [
        {"side": "we", "contract": "2NT", "tricks": 9, "honours": None}
    ]


def test_undo_on_an_empty_pad_changes_nothing(client):
    response = client.post(reverse("pad-undo", args=["rubber"]), follow=True)

    assert "No deals yet." in response.text
    assert saved_deals(client, "rubber") == []


def test_ending_an_unfinished_rubber_adds_its_bonuses_and_undo_reopens_it(client):
    for line in ["2NT we 9", "4H they 10", "2S we 8"]:
        enter(client, "rubber", line)

    ended = client.post(reverse("pad-end", args=["rubber"]), follow=True).text

    # They have a game (300); only we have a part-score in the game in progress (100).
    assert sheet_columns(ended)["they-above"] == [(None, 300)]
    assert sheet_columns(ended)["we-above"] == [(1, 30), (None, 100)]
    assert totals(ended) == (100 + 60 + 100, 120 + 300)
    assert "They win, 420 to 260." in ended
    refused = enter(client, "rubber", "1C we 7").text
    assert line_error(refused) == "This rubber was ended: start a new rubber, or undo the end."

    reopened = client.post(reverse("pad-undo", args=["rubber"]), follow=True).text

    assert totals(reopened) == (160, 120)
    assert len(saved_deals(client, "rubber")) == 3


def test_new_rubber_clears_the_pad(client):
    for line in SEED_000_RUBBER:
        enter(client, "rubber", line)

    page = client.post(reverse("pad-new", args=["rubber"]), follow=True).text

    assert totals(page) == (0, 0)
    assert "No deals yet." in page
    assert saved_deals(client, "rubber") == []


def test_each_browser_session_has_its_own_pad(client):
    other = Client()
    enter(client, "rubber", "2NT we 9")

    assert totals(other.get(reverse("rubber-pad")).text) == (0, 0)
    assert totals(client.get(reverse("rubber-pad")).text) == (100, 0)


def test_a_chicago_of_four_deals(client):
    vulnerability = []
    for line in ["1NT we 7", "4S they 10", "3NT we 8", "2H we 9"]:
        page = client.get(reverse("chicago-pad")).text
        vulnerability.append(
            tuple(re.findall(r'<span class="vul-mark[^"]*">([\w ]+)</span>', page))
        )
        enter(client, "chicago", line)

    page = client.get(reverse("chicago-pad")).text

    assert vulnerability == [
        ("not vulnerable", "not vulnerable"),
        ("not vulnerable", "vulnerable"),
        ("vulnerable", "not vulnerable"),
        ("vulnerable", "vulnerable"),
    ]
    assert sheet_columns(page) == {
        # Deal 4: 30 for the overtrick, 100 for a part-score on the last deal.
        "we-above": [(4, 30), (4, 100)],
        # Deal 2: game, vulnerable, 500 at once; deal 3: 3NT one down vulnerable.
        "they-above": [(2, 500), (3, 100)],
        "we-game-1": [(1, 40)],
        "they-game-1": [(2, 120)],
        "we-game-2": [(4, 60)],
        "they-game-2": [],
    }
    assert totals(page) == (230, 720)
    assert "Chicago over" in page
    assert "They win, 720 to 230." in page
    refused = enter(client, "chicago", "1C we 7").text
    assert (
        line_error(refused) == "The Chicago is over after four deals. Start a new Chicago to go on."
    )


def test_the_rubber_and_chicago_pads_are_kept_apart(client):
    enter(client, "chicago", "1NT we 7")

    assert totals(client.get(reverse("rubber-pad")).text) == (0, 0)
    assert totals(client.get(reverse("chicago-pad")).text) == (40, 0)


def test_an_unknown_pad_is_not_found(client):
    response = enter(client, "duplicate", "4S we 10")

    assert response.status_code == 404
    assert "pads" not in client.session


def test_the_pad_page_shows_the_grammar_and_focuses_the_deal_line(client):
    page = client.get(reverse("rubber-pad")).text

    assert "<dt>we, they</dt><dd>the side that declared</dd>" in page
    assert "<dt>hon they 150</dt>" in page
    assert re.search(r'<input type="text" name="line"[^>]* autofocus', page)


def test_a_rubber_of_200_deals_refuses_the_next_and_says_to_start_a_new_one(client):
    # 200 deals that never make a game: one down, undoubled, alternately.
    deals = [
        {"side": side, "contract": "1C", "tricks": 6, "honours": None}
        for side in ["we", "they"] * 100
    ]
    enter(client, "rubber", "1C we 6")
    session = client.session
    session["pads"] = {"rubber": {"deals": deals, "ended": False}}
    session.save()

    response = enter(client, "rubber", "1C they 6", htmx=True)

    assert line_error(response.text) == "A rubber is kept to 200 deals: start a new rubber."
    assert saved_deals(client, "rubber") == deals
    assert totals(response.text) == (5000, 5000)


def history_rows(html: str) -> list[list[str]]:
    history = re.search(r'<table class="history" id="history">(.*?)</table>', html, re.DOTALL)[1]
    return [
        [re.sub(r"<[^>]+>", "", cell).strip() for cell in re.findall(r"<td[^>]*>(.*?)</td>", row)]
        for row in re.findall(r"<tr>(.*?)</tr>", history, re.DOTALL)[1:]
    ]


@pytest.mark.parametrize(
    ("language", "lines", "rows", "help_text", "placeholder"),
    [
        pytest.param(
            "fr",
            ["2NT nous 9", "4H they 10", "2D eux 8 hon Eux 100"],
            [
                # The line is typed 2NT; the pad prints it as French players read it, 2SA.
                ["1", "2SA nous", "9 (+1)", "100", ""],
                ["2", "4♥ eux", "10 (=)", "", "120"],
                ["3", "2♦ eux vuln.", "8 (=)honneurs\u00a0: eux 100", "", "140"],
            ],
            "Contrat, camp du déclarant, levées\u00a0: <code>4SX eux 10</code>, "
            "<code>2NT nous +1</code>, <code>5C eux -2</code>.",
            "4SX eux 10",
            id="french",
        ),
        pytest.param(
            "nb",
            ["2NT vi 9", "4H de 10", "2D they 8 hon De 100"],
            [
                ["1", "2NT vi", "9 (+1)", "100", ""],
                ["2", "4♥ de", "10 (=)", "", "120"],
                ["3", "2♦ de i sonen", "8 (=)honnører: de 100", "", "140"],
            ],
            "Kontrakt, hvem som spilte, stikk: <code>4SX de 10</code>, "
            "<code>2NT vi +1</code>, <code>5C de -2</code>.",
            "4SX de 10",
            id="norwegian",
        ),
    ],
)
def test_the_pad_reads_the_sides_in_the_readers_language_and_in_english(
    language, lines, rows, help_text, placeholder
):
    client = Client(headers={"accept-language": language})

    for line in lines:
        enter(client, "rubber", line)
    page = client.get(reverse("rubber-pad")).text

    assert [deal["side"] for deal in saved_deals(client, "rubber")] == ["we", "they", "they"]
    assert saved_deals(client, "rubber")[2]["honours"] == ["they", 100]
    assert history_rows(page) == rows
    assert f'<div class="helptext" id="id_line_helptext">{help_text}</div>' in page
    assert f'placeholder="{placeholder}"' in page


@pytest.mark.parametrize(
    ("language", "message", "grammar"),
    [
        pytest.param(
            "fr",
            "Après le contrat, écrivez qui a joué, nous ou eux, puis les levées\u00a0: 4SX eux 10.",
            "<dt>nous, eux</dt><dd>le camp du déclarant</dd>",
            id="french",
        ),
        pytest.param(
            "nb",
            "Etter kontrakten skriver du hvem som spilte, vi eller de, og så stikkene: 4SX de 10.",
            "<dt>vi, de</dt><dd>siden som spilte</dd>",
            id="norwegian",
        ),
    ],
)
def test_a_refused_side_names_the_words_of_the_readers_language(language, message, grammar):
    client = Client(headers={"accept-language": language})

    response = enter(client, "rubber", "4S us 10", htmx=True)

    assert line_error(response.text) == message
    assert grammar in response.text
    assert saved_deals(client, "rubber") == []
