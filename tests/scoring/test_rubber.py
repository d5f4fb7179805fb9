import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring import Chicago, Rubber, ScoringError
from scoring.contracts import STRAINS
from scoring.rubber import SheetEntry


def above(deal, side, points, label):
    return SheetEntry(deal, side, points, "above", label)


def below(deal, side, points, game):
    return SheetEntry(deal, side, points, "below", "contract", game)


def as_deals(rows):
    return [dict(zip(("side", "contract", "tricks", "honours"), row, strict=True)) for row in rows]


# Seed 000's six-deal rubber. South keeps the score, so "we" are North-South. The suit symbols
# were lost: the points fix major or minor, and which one does not change any score. Deal 3's
# strain is not known at all; two down undoubled costs the same in any strain.
SEED000_RUBBER = as_deals(
    [
        ("we", "2NT", 9, None),  # N 2NT making 3
        ("they", "4S", 10, None),  # W 4 of a major
        ("they", "5D", 9, None),  # W 5, down 2, vulnerable, undoubled
        ("we", "4HX", 11, None),  # S 4 of a major doubled, making 5
        ("we", "3C", 10, None),  # N 3 of a minor making 4
        ("they", "6D", 12, ["they", 150]),  # E 6 of a minor holding all five honours
    ]
)
SEED000_SHEET = [
    below(1, "we", 70, 1),
    above(1, "we", 30, "overtricks"),
    below(2, "they", 120, 1),
    above(3, "we", 200, "penalty"),
    below(4, "we", 240, 2),
    above(4, "we", 100, "overtricks"),
    above(4, "we", 50, "insult"),
    below(5, "we", 60, 3),
    above(5, "we", 20, "overtricks"),
    below(6, "they", 120, 3),
    above(6, "they", 750, "slam"),
    above(6, "they", 150, "honours"),
    above(None, "they", 500, "rubber bonus"),
]
# After each deal: games won (we, they) and who is vulnerable (we, they).
SEED000_PROGRESS = [
    ((0, 0), (False, False)),
    ((0, 1), (False, True)),
    ((0, 1), (False, True)),
    ((1, 1), (True, True)),
    ((1, 1), (True, True)),
    ((1, 2), (True, True)),
]

# Seed 001's nine-deal rubber, strains inferred from the points.
SEED001_RUBBER = as_deals(
    [
        ("we", "2S", 9, None),  # 60 below, 30 above: a major
        ("they", "1C", 7, None),  # 20 below: a minor
        ("we", "1NT", 6, None),
        ("they", "3DXX", 11, ["they", 100]),  # 240 below: a minor; declarer had AKQJ
        ("we", "1NTX", 7, ["they", 150]),  # one of the opponents had all four aces
        ("they", "4HX", 7, None),  # down 3 vulnerable: 800 whatever the strain
        ("we", "1C", 11, None),  # 20 below and 80 above: a minor
        ("they", "3S", 9, None),  # 90 below: a major
        ("we", "7NT", 13, None),
    ]
)
SEED001_SHEET = [
    below(1, "we", 60, 1),
    above(1, "we", 30, "overtricks"),
    below(2, "they", 20, 1),
    above(3, "they", 50, "penalty"),
    below(4, "they", 240, 1),
    above(4, "they", 400, "overtricks"),
    above(4, "they", 100, "insult"),
    above(4, "they", 100, "honours"),
    below(5, "we", 80, 2),
    above(5, "we", 50, "insult"),
    above(5, "they", 150, "honours"),
    above(6, "we", 800, "penalty"),
    below(7, "we", 20, 2),
    above(7, "we", 80, "overtricks"),
    below(8, "they", 90, 3),
    below(9, "we", 220, 3),
    above(9, "we", 1500, "slam"),
    above(None, "we", 500, "rubber bonus"),
]
SEED001_PROGRESS = [
    ((0, 0), (False, False)),
    ((0, 0), (False, False)),
    ((0, 0), (False, False)),
    ((0, 1), (False, True)),
    ((0, 1), (False, True)),
    ((0, 1), (False, True)),
    ((1, 1), (True, True)),
    ((1, 1), (True, True)),
    ((2, 1), (True, True)),
]


@pytest.mark.parametrize(
    ("deals", "sheet", "progress", "totals"),
    [
        pytest.param(
            SEED000_RUBBER, SEED000_SHEET, SEED000_PROGRESS, (770, 1640), id="seed000-rubber"
        ),
        pytest.param(
            SEED001_RUBBER, SEED001_SHEET, SEED001_PROGRESS, (3340, 1150), id="seed001-rubber"
        ),
    ],
)
def test_seed_rubbers(deals, sheet, progress, totals):
    rubber = Rubber()
    assert rubber.vulnerable == {"we": False, "they": False}
    for number, (deal, (games, vulnerable)) in enumerate(zip(deals, progress, strict=True), 1):
        assert not rubber.finished
        rubber.record(**deal)
        assert rubber.games_won == dict(zip(("we", "they"), games, strict=True)), number
        assert rubber.vulnerable == dict(zip(("we", "they"), vulnerable, strict=True)), number
    assert rubber.finished
    assert rubber.entries == sheet
    assert rubber.totals() == {"we": totals[0], "they": totals[1]}
    assert rubber.totals(final=True) == rubber.totals()
    assert rubber.unfinished_bonuses == []


# The same rubbers stopped part-way: the bonuses for an unfinished rubber and the final totals.
@pytest.mark.parametrize(
    ("deals", "played", "bonuses", "final"),
    [
        pytest.param(
            SEED000_RUBBER,
            1,
            [above(None, "we", 100, "unfinished part-score")],
            (200, 0),
            id="seed000-rubber-after-deal1-part-score",
        ),
        pytest.param(
            SEED000_RUBBER,
            2,
            [above(None, "they", 300, "unfinished game")],
            (100, 420),
            id="seed000-rubber-after-deal2-game-cuts-off-part-score",
        ),
        pytest.param(
            SEED000_RUBBER,
            5,
            [above(None, "we", 100, "unfinished part-score")],
            (870, 120),
            id="seed000-rubber-after-deal5-game-all",
        ),
        pytest.param(
            SEED001_RUBBER,
            2,
            [],
            (90, 20),
            id="seed001-rubber-after-deal2-both-part-scores",
        ),
        pytest.param(
            SEED001_RUBBER,
            5,
            [
                above(None, "they", 300, "unfinished game"),
                above(None, "we", 100, "unfinished part-score"),
            ],
            (320, 1360),
            id="seed001-rubber-after-deal5-one-bonus-each",
        ),
        pytest.param(
            SEED001_RUBBER,
            8,
            [above(None, "they", 100, "unfinished part-score")],
            (1120, 1250),
            id="seed001-rubber-after-deal8",
        ),
    ],
)
def test_unfinished_rubber(deals, played, bonuses, final):
    rubber = Rubber.from_deals(deals[:played])
    assert rubber.unfinished_bonuses == bonuses
    assert rubber.totals(final=True) == {"we": final[0], "they": final[1]}
    bonus = {side: sum(b.points for b in bonuses if b.side == side) for side in ("we", "they")}
    assert rubber.totals() == {side: final[i] - bonus[side] for i, side in enumerate(bonus)}


def test_seed000_history_redoubled_insult():
    # Seed 000: the rubber insult for a redoubled contract became 100 "so that playing 5 of a
    # minor, redoubled, making an overtrick, is always worth more than an undoubled small slam".
    def points_on_deal_2(*deal):
        rubber = Rubber.from_deals(as_deals([("we", "3NT", 9, None)]))  # we are vulnerable
        rubber.record("we", *deal)
        return sum(entry.points for entry in rubber.entries if entry.deal == 2)

    assert points_on_deal_2("5CXX", 12) == 400 + 400 + 100
    assert points_on_deal_2("6C", 12) == 120 + 750
    assert points_on_deal_2("5CXX", 12) > points_on_deal_2("6C", 12)


def test_fast_rubber_scores_700():
    rubber = Rubber.from_deals(as_deals([("we", "4S", 10, None), ("they", "2H", 8, None)]))
    rubber.record("we", "3NT", 9)
    assert rubber.entries[-1] == above(None, "we", 700, "rubber bonus")
    assert rubber.totals() == {"we": 120 + 100 + 700, "they": 60}
    assert [entry.game for entry in rubber.entries if entry.line == "below"] == [1, 2, 2]


def test_a_passed_out_deal_scores_nothing_in_a_rubber_but_counts_as_a_deal():
    rubber = Rubber()
    rubber.record(None, "PASS", None)
    rubber.record("we", "1C", 7)
    assert rubber.entries == [below(2, "we", 20, 1)]
    assert rubber.deals[0] == {"side": None, "contract": "PASS", "tricks": None, "honours": None}


def test_the_rubber_is_over_after_two_games():
    rubber = Rubber.from_deals(SEED000_RUBBER)
    with pytest.raises(ScoringError) as refusal:
        rubber.record("we", "1C", 7)
    assert str(refusal.value) == "the rubber is over"
    assert rubber.deals == SEED000_RUBBER


def test_undo_takes_back_the_last_deal():
    rubber = Rubber.from_deals(SEED000_RUBBER)
    assert rubber.undo() == SEED000_RUBBER[-1]
    assert not rubber.finished
    assert rubber.games_won == {"we": 1, "they": 1}
    assert rubber.entries == SEED000_SHEET[:9]
    rubber.record(**SEED000_RUBBER[-1])
    assert rubber.entries == SEED000_SHEET


def test_nothing_to_undo():
    with pytest.raises(ScoringError) as refusal:
        Chicago().undo()
    assert str(refusal.value) == "there is no deal to undo"


@pytest.mark.parametrize("pad", [Rubber, Chicago])
def test_deals_survive_json(pad):
    original = pad.from_deals(SEED001_RUBBER[:4])
    reloaded = pad.from_deals(json.loads(json.dumps(original.deals)))
    assert reloaded.deals == original.deals == SEED001_RUBBER[:4]
    assert reloaded.entries == original.entries
    assert reloaded.totals() == original.totals()


def test_deals_are_a_copy():
    rubber = Rubber.from_deals(SEED001_RUBBER[:4])
    rubber.deals[3]["honours"][1] = 150
    rubber.deals.clear()
    assert rubber.deals == SEED001_RUBBER[:4]


@pytest.mark.parametrize(
    ("deal", "message"),
    [
        pytest.param(("north", "4S", 10), 'the declaring side must be "we" or "they"', id="side"),
        pytest.param((None, "4S", 10), 'the declaring side must be "we" or "they"', id="no-side"),
        pytest.param(("we", "8S", 10), "level must be 1 to 7", id="contract"),
        pytest.param(("we", "4S", 14), "tricks must be 0 to 13", id="tricks"),
        pytest.param(("we", "4S", None), "tricks must be 0 to 13", id="no-tricks"),
        pytest.param(
            ("we", "4S", 10, ("us", 100)), 'honours are held by "we" or "they"', id="honours-side"
        ),
        pytest.param(
            ("we", "4S", 10, ("we", 120)),
            "honours are 100 (four trump honours) or 150 (all five)",
            id="honours-points",
        ),
        pytest.param(
            ("we", "3NT", 9, ("we", 100)),
            "at notrump only all four aces count as honours, for 150",
            id="honours-at-notrump",
        ),
        pytest.param(
            ("we", "4S", 10, "we"),
            'write honours as the side and the points, e.g. ("they", 150)',
            id="honours-not-a-pair",
        ),
        pytest.param(
            ("we", "4S", 10, ("we", 100, 50)),
            'write honours as the side and the points, e.g. ("they", 150)',
            id="honours-three-items",
        ),
        pytest.param(
            (None, "PASS", None, ("we", 150)), "a passed-out deal has no honours", id="pass-honours"
        ),
        pytest.param(
            ("north", "PASS", None), 'the declaring side must be "we" or "they"', id="pass-side"
        ),
    ],
)
@pytest.mark.parametrize("pad", [Rubber, Chicago])
def test_record_refusals(pad, deal, message):
    sheet = pad.from_deals(SEED000_RUBBER[:2])
    with pytest.raises(ScoringError) as refusal:
        sheet.record(*deal)
    assert str(refusal.value) == message
    assert sheet.deals == SEED000_RUBBER[:2]


@pytest.mark.parametrize(
    ("deals", "message"),
    [
        pytest.param(
            [*SEED000_RUBBER[:1], {**SEED000_RUBBER[1], "tricks": 15}],
            "deal 2: tricks must be 0 to 13",
            id="bad-tricks",
        ),
        pytest.param(
            [{"side": "we", "contract": "4S"}],
            "deal 1: a deal has a side, contract, tricks, honours",
            id="missing-keys",
        ),
        pytest.param(
            [("we", "4S", 10, None)],
            "deal 1: a deal has a side, contract, tricks, honours",
            id="not-a-dict",
        ),
        pytest.param(
            [*SEED000_RUBBER, SEED000_RUBBER[0]], "deal 7: the rubber is over", id="past-the-end"
        ),
    ],
)
def test_from_deals_refusals(deals, message):
    with pytest.raises(ScoringError) as refusal:
        Rubber.from_deals(deals)
    assert str(refusal.value) == message


# A hand-worked Chicago. "We" deal first: nobody is vulnerable on deal 1, "they" on deal 2,
# "we" on deal 3, both on deal 4.
CHICAGO = as_deals(
    [
        ("we", "4H", 11, None),  # a game at once, not vulnerable: 300
        ("they", "2S", 8, None),  # a part-score of 60
        ("they", "2D", 8, None),  # 60 + 40 completes a game, now not vulnerable: 300
        ("we", "2S", 9, None),  # a part-score on deal 4: 100
    ]
)
CHICAGO_SHEET = [
    below(1, "we", 120, 1),
    above(1, "we", 30, "overtricks"),
    above(1, "we", 300, "game bonus"),
    below(2, "they", 60, 2),
    below(3, "they", 40, 2),
    above(3, "they", 300, "game bonus"),
    below(4, "we", 60, 3),
    above(4, "we", 30, "overtricks"),
    above(4, "we", 100, "part-score bonus"),
]


def test_chicago():
    chicago = Chicago()
    vulnerability = []
    games = []
    for deal in CHICAGO:
        assert not chicago.finished
        vulnerability.append(chicago.vulnerable)
        chicago.record(**deal)
        games.append(chicago.games_won)
    assert vulnerability == [
        {"we": False, "they": False},
        {"we": False, "they": True},
        {"we": True, "they": False},
        {"we": True, "they": True},
    ]
    assert games == [
        {"we": 1, "they": 0},
        {"we": 1, "they": 0},
        {"we": 1, "they": 1},
        {"we": 1, "they": 1},
    ]
    assert chicago.finished
    assert chicago.entries == CHICAGO_SHEET
    assert chicago.totals() == chicago.totals(final=True) == {"we": 640, "they": 400}


def test_chicago_passed_out_deal_and_game_completed_on_deal_4():
    chicago = Chicago()
    chicago.record(None, "PASS", None)  # still counts as deal 1
    chicago.record("they", "3NT", 7)  # they are vulnerable on deal 2: 200 to us
    chicago.record("we", "2H", 8)
    chicago.record("we", "2S", 8)  # completes a game, vulnerable: 500, not a part-score bonus
    assert chicago.entries == [
        above(2, "we", 200, "penalty"),
        below(3, "we", 60, 1),
        below(4, "we", 60, 1),
        above(4, "we", 500, "game bonus"),
    ]
    assert chicago.totals() == {"we": 820, "they": 0}
    assert chicago.finished


def test_chicago_redoubled_part_score_makes_game_and_insult_is_100():
    chicago = Chicago()
    chicago.record("they", "1HXX", 7)
    assert chicago.entries == [
        below(1, "they", 120, 1),
        above(1, "they", 100, "insult"),
        above(1, "they", 300, "game bonus"),
    ]


def test_chicago_no_part_score_bonus_for_a_defeated_contract_on_deal_4():
    chicago = Chicago.from_deals(as_deals([(None, "P", None, None)] * 3))
    chicago.record("they", "2S", 7)
    assert chicago.entries == [above(4, "we", 100, "penalty")]


def test_chicago_is_over_after_four_deals():
    chicago = Chicago.from_deals(CHICAGO)
    with pytest.raises(ScoringError) as refusal:
        chicago.record("we", "1C", 7)
    assert str(refusal.value) == "the Chicago is over after four deals"
    assert chicago.unfinished_bonuses == []
    chicago.undo()
    assert chicago.vulnerable == {"we": True, "they": True}


suit_contracts = st.builds(
    lambda level, strain, doubling: f"{level}{strain}{doubling}",
    st.integers(1, 7),
    st.sampled_from(STRAINS),
    st.sampled_from(["", "X", "XX"]),
)
played_deals = st.fixed_dictionaries(
    {
        "side": st.sampled_from(["we", "they"]),
        "contract": suit_contracts,
        "tricks": st.integers(0, 13),
        "honours": st.one_of(st.none(), st.tuples(st.sampled_from(["we", "they"]), st.just(150))),
    }
)
pass_deals = st.just({"side": None, "contract": "PASS", "tricks": None, "honours": None})
deal_lists = st.lists(st.one_of(played_deals, pass_deals), max_size=12)


def recorded(pad_class, deals):
    """A pad with the deals recorded until play is over."""
    pad = pad_class()
    for deal in deals:
        if pad.finished:
            break
        pad.record(**deal)
    return pad


@given(st.sampled_from([Rubber, Chicago]), deal_lists)
def test_a_pad_is_its_deals(pad_class, deals):
    pad = recorded(pad_class, deals)
    reloaded = pad_class.from_deals(json.loads(json.dumps(pad.deals)))
    assert reloaded.entries == pad.entries
    assert (reloaded.games_won, reloaded.vulnerable) == (pad.games_won, pad.vulnerable)
    assert reloaded.totals(final=True) == pad.totals(final=True)
    if pad.deals:
        last = pad.undo()
        pad.record(**last)
        assert pad.entries == reloaded.entries


@given(st.sampled_from([Rubber, Chicago]), deal_lists)
def test_totals_add_up_the_sheet(pad_class, deals):
    pad = recorded(pad_class, deals)
    for final, entries in ((False, pad.entries), (True, pad.entries + pad.unfinished_bonuses)):
        assert pad.totals(final=final) == {
            side: sum(entry.points for entry in entries if entry.side == side)
            for side in ("we", "they")
        }
    assert all(entry.points > 0 for entry in pad.entries)


@given(deal_lists)
def test_each_game_is_won_by_100_contract_points(deals):
    rubber = recorded(Rubber, deals)
    games = sum(rubber.games_won.values())
    assert rubber.finished == (max(rubber.games_won.values()) == 2)
    for game in range(1, games + 1):
        points = {"we": 0, "they": 0}
        for entry in rubber.entries:
            if entry.game == game:
                points[entry.side] += entry.points
        assert max(points.values()) >= 100


@given(st.sampled_from([Rubber, Chicago]), deal_lists)
def test_each_deals_vulnerability_is_the_one_a_pad_of_the_deals_before_it_gives(pad_class, deals):
    # The pad page used to rebuild a pad of the first n-1 deals for each row n (cubic in the
    # deals); the one pass must give every row the same answer.
    pad = recorded(pad_class, deals)
    assert pad.dealt_vulnerable == [
        pad_class.from_deals(pad.deals[:before]).vulnerable for before in range(len(pad.deals))
    ]


def test_the_vulnerability_of_each_deal_of_seed_000():
    rubber = Rubber.from_deals(SEED000_RUBBER)
    vulnerable = [(v["we"], v["they"]) for v in rubber.dealt_vulnerable]
    # Before each deal: the progress after the deal before it (SEED000_PROGRESS).
    assert vulnerable == [(False, False), (False, False), (False, True), (False, True),
                          (True, True), (True, True)]  # fmt: skip


PASS = {"side": None, "contract": "PASS", "tricks": None, "honours": None}


def test_a_rubber_that_never_ends_is_kept_to_200_deals():
    rubber = Rubber.from_deals([PASS] * 200)
    with pytest.raises(ScoringError) as refusal:
        rubber.record("we", "1C", 7)
    assert str(refusal.value) == "a rubber is kept to 200 deals: start a new rubber"
    assert len(rubber.deals) == 200
    with pytest.raises(ScoringError, match="deal 201: a rubber is kept to 200 deals"):
        Rubber.from_deals([PASS] * 201)


def test_a_chicago_is_four_deals_even_when_they_are_passed_out():
    chicago = Chicago.from_deals([PASS] * 4)
    with pytest.raises(ScoringError, match="over after four deals"):
        chicago.record(None, "PASS", None)
    with pytest.raises(ScoringError, match="deal 5: the Chicago is over"):
        Chicago.from_deals([PASS] * 5)


def test_undo_plays_the_remaining_deals_again():
    rubber = Rubber.from_deals(SEED000_RUBBER)
    rubber.undo()
    assert rubber.entries == Rubber.from_deals(SEED000_RUBBER[:5]).entries
    assert rubber.dealt_vulnerable == Rubber.from_deals(SEED000_RUBBER[:5]).dealt_vulnerable
