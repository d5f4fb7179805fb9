"""Rubber bridge and Chicago score pads.

A pad keeps only the deals recorded on it, as plain data; the sheet (entries above and below the
line), the games, the vulnerability and the totals are worked out again from those deals each time
they are asked for, so that undo, saving and reloading can never leave them out of step.
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from scoring.contracts import Contract, parse_contract
from scoring.deal_scores import GAME, GAME_BONUS, check_tricks, score_breakdown
from scoring.errors import ScoringError

SIDES = ("we", "they")
DEAL_KEYS = ("side", "contract", "tricks", "honours")
HONOURS = (100, 150)


@dataclass(frozen=True)
class SheetEntry:
    """One figure written on the score sheet."""

    deal: int | None  # 1-based; None for the bonuses written when play stops
    side: str  # "we" or "they"
    points: int
    line: str  # "above" or "below"
    label: str  # "contract", "overtricks", "slam", "insult", "penalty", "honours", ... bonuses
    game: int | None = None  # below the line: the game, from 1, these points count towards


@dataclass(frozen=True)
class _Deal:
    side: str | None  # the declaring side; None when passed out
    contract: Contract
    tricks: int | None
    honours: tuple[str, int] | None

    def as_dict(self) -> dict:
        return {
            "side": self.side,
            "contract": str(self.contract),
            "tricks": self.tricks,
            "honours": list(self.honours) if self.honours else None,
        }


@dataclass
class _Sheet:
    """The sheet part-way through a replay of the deals."""

    entries: list[SheetEntry] = field(default_factory=list)
    games_won: dict[str, int] = field(default_factory=lambda: dict.fromkeys(SIDES, 0))
    part_scores: dict[str, int] = field(default_factory=lambda: dict.fromkeys(SIDES, 0))
    game: int = 1  # the game in progress

    def write(self, deal: int | None, side: str, points: int, label: str) -> None:
        """Write points above the line (nothing when there are none)."""
        if points:
            self.entries.append(SheetEntry(deal, side, points, "above", label))

    def write_below(self, deal: int, side: str, points: int) -> bool:
        """Write contract points below the line; True when they complete a game."""
        self.entries.append(SheetEntry(deal, side, points, "below", "contract", self.game))
        self.part_scores[side] += points
        if self.part_scores[side] < GAME:
            return False
        # A game cuts off both sides' part-scores: they still count in the totals, not for game.
        self.games_won[side] += 1
        self.game += 1
        self.part_scores = dict.fromkeys(SIDES, 0)
        return True


def _opponents(side: str) -> str:
    return "they" if side == "we" else "we"


def _play(sheet: _Sheet, number: int, deal: _Deal, vulnerable: dict[str, bool]) -> str | None:
    """Write one deal's scores; say "game" if the contract completed a game, "part-score" if it
    was made without completing one, None if it was defeated or the deal passed out.
    """
    outcome = None
    if not deal.contract.passed_out:
        score = score_breakdown(deal.contract, vulnerable[deal.side], deal.tricks)
        if score.undertricks:
            sheet.write(number, _opponents(deal.side), score.undertricks, "penalty")
        else:
            completed = sheet.write_below(number, deal.side, score.contract_points)
            outcome = "game" if completed else "part-score"
            sheet.write(number, deal.side, score.overtricks, "overtricks")
            sheet.write(number, deal.side, score.slam_bonus, "slam")
            sheet.write(number, deal.side, score.insult, "insult")
    if deal.honours:
        sheet.write(number, *deal.honours, "honours")
    return outcome


def _checked_deal(side, contract, tricks, honours) -> _Deal:
    contract = parse_contract(contract)
    if contract.passed_out:
        if side is not None and side not in SIDES:
            raise ScoringError('the declaring side must be "we" or "they"')
        if honours is not None:
            raise ScoringError("a passed-out deal has no honours")
        return _Deal(None, contract, None, None)
    if side not in SIDES:
        raise ScoringError('the declaring side must be "we" or "they"')
    return _Deal(side, contract, check_tricks(tricks), _checked_honours(honours, contract))


def _checked_honours(honours, contract: Contract) -> tuple[str, int] | None:
    if honours is None:
        return None
    if isinstance(honours, str) or not isinstance(honours, Sequence) or len(honours) != 2:
        raise ScoringError('write honours as the side and the points, e.g. ("they", 150)')
    holder, points = honours
    if holder not in SIDES:
        raise ScoringError('honours are held by "we" or "they"')
    if type(points) is not int or points not in HONOURS:
        raise ScoringError("honours are 100 (four trump honours) or 150 (all five)")
    if contract.strain == "NT" and points != 150:
        raise ScoringError("at notrump only all four aces count as honours, for 150")
    return holder, points


class _ScorePad:
    """What rubber and Chicago share: recording, undo, replay, and reading the sheet.

    The sheet is kept up to date as deals are recorded, each deal played once: recording n deals
    and drawing the sheet take time linear in n. Undo plays the remaining deals again.
    """

    MAX_DEALS = 200  # no play needs more; a pad that never ends is refused past it

    def _over(self) -> ScoringError:
        """The error when a deal is recorded after the end."""
        raise NotImplementedError

    def _too_many(self) -> ScoringError:
        """The error past MAX_DEALS."""
        raise NotImplementedError

    def __init__(self) -> None:
        self._deals: list[_Deal] = []
        self._sheet = _Sheet()
        self._dealt_vulnerable: list[dict[str, bool]] = []

    @classmethod
    def from_deals(cls, deals):
        """A pad with these deals recorded in order, as given by `deals` (JSON-safe)."""
        pad = cls()
        for number, deal in enumerate(deals, start=1):
            if not isinstance(deal, Mapping) or set(deal) != set(DEAL_KEYS):
                raise ScoringError(
                    "deal %(number)s: a deal has a side, contract, tricks, honours",
                    number=number,
                )
            try:
                pad.record(**deal)
            except ScoringError as error:
                raise ScoringError(
                    "deal %(number)s: %(error)s",
                    number=number,
                    error=error,
                ) from None
        return pad

    def record(self, side, contract, tricks, honours=None) -> None:
        """Record a deal: the declaring side ("we" or "they"), contract, tricks declarer took,
        and honours as (side holding them, 100 or 150) or None. Raises ScoringError, recording
        nothing, when the deal cannot be scored, play is over, or the pad holds MAX_DEALS.
        """
        if self.finished:
            raise self._over()
        if len(self._deals) >= self.MAX_DEALS:
            raise self._too_many()
        deal = _checked_deal(side, contract, tricks, honours)
        try:
            self._play_next(self._sheet, deal)
        except ScoringError:
            self._replay()  # nothing half-written stays on the sheet
            raise
        self._deals.append(deal)

    def undo(self) -> dict:
        """Remove the last deal recorded and return it."""
        if not self._deals:
            raise ScoringError("there is no deal to undo")
        removed = self._deals.pop().as_dict()
        self._replay()
        return removed

    @property
    def deals(self) -> list[dict]:
        """The deals recorded, as dicts of side, contract, tricks and honours (JSON-safe)."""
        return [deal.as_dict() for deal in self._deals]

    @property
    def dealt_vulnerable(self) -> list[dict[str, bool]]:
        """Who was vulnerable on each deal recorded, in order (worked out as they were played)."""
        return [dict(vulnerable) for vulnerable in self._dealt_vulnerable]

    @property
    def entries(self) -> list[SheetEntry]:
        """Everything written on the sheet, in the order it was written."""
        return list(self._sheet.entries)

    @property
    def games_won(self) -> dict[str, int]:
        return dict(self._sheet.games_won)

    @property
    def vulnerable(self) -> dict[str, bool]:
        """Who is vulnerable on the next deal."""
        return self._vulnerability(self._sheet, len(self._deals) + 1)

    @property
    def finished(self) -> bool:
        return self._finished(self._sheet)

    @property
    def unfinished_bonuses(self) -> list[SheetEntry]:
        """The bonuses written if play stopped now; none when play is over."""
        return [] if self._finished(self._sheet) else self._closing(self._sheet)

    def totals(self, final: bool = False) -> dict[str, int]:
        """Each side's points; with `final`, as if play stopped now (unfinished bonuses added)."""
        entries = self._sheet.entries + (self.unfinished_bonuses if final else [])
        return {side: sum(e.points for e in entries if e.side == side) for side in SIDES}

    def _replay(self) -> None:
        self._sheet, self._dealt_vulnerable = _Sheet(), []
        for deal in self._deals:
            self._play_next(self._sheet, deal)

    def _play_next(self, sheet: _Sheet, deal: _Deal) -> None:
        number = len(self._dealt_vulnerable) + 1
        vulnerable = self._vulnerability(sheet, number)
        outcome = _play(sheet, number, deal, vulnerable)
        self._bonuses(sheet, number, deal, vulnerable, outcome)
        self._dealt_vulnerable.append(vulnerable)

    # The rules that differ between rubber and Chicago.
    def _vulnerability(self, sheet: _Sheet, number: int) -> dict[str, bool]:
        raise NotImplementedError

    def _bonuses(self, sheet, number, deal, vulnerable, outcome) -> None:
        raise NotImplementedError

    def _finished(self, sheet: _Sheet) -> bool:
        raise NotImplementedError

    def _closing(self, sheet: _Sheet) -> list[SheetEntry]:
        return []


class Rubber(_ScorePad):
    """A rubber: the first side to win two games wins it, with a bonus of 700 (2-0) or 500 (2-1).

    A side is vulnerable once it has won a game. A passed-out deal is recorded but scores
    nothing: the cards are dealt again.
    """

    def _over(self) -> ScoringError:
        return ScoringError("the rubber is over")

    def _too_many(self) -> ScoringError:
        return ScoringError(
            "a rubber is kept to %(max_deals)s deals: start a new rubber", max_deals=self.MAX_DEALS
        )

    def _vulnerability(self, sheet: _Sheet, number: int) -> dict[str, bool]:
        return {side: sheet.games_won[side] > 0 for side in SIDES}

    def _bonuses(self, sheet, number, deal, vulnerable, outcome) -> None:
        if outcome == "game" and sheet.games_won[deal.side] == 2:
            fast = sheet.games_won[_opponents(deal.side)] == 0
            sheet.write(None, deal.side, 700 if fast else 500, "rubber bonus")

    def _finished(self, sheet: _Sheet) -> bool:
        return 2 in sheet.games_won.values()

    def _closing(self, sheet: _Sheet) -> list[SheetEntry]:
        """Seed 000: "if but one side has won a game, it scores 300 points, and if but one side
        has a part-score, it scores 100 points."

        "But one side" is read as "only one side": at one game all, neither side scores the 300,
        and when both sides have a part-score in the game in progress, neither scores the 100
        (part-scores cut off by an earlier game do not count). Seed 001's looser wording ("the
        side with a game on scores 300, and the side with a partscore on scores 100") agrees
        whenever only one side qualifies; when both do, giving both the bonus would not change
        the margin anyway. The two bonuses are independent: one side may get both.
        """
        bonuses = []
        for label, points, holders in (
            ("unfinished game", 300, [s for s in SIDES if sheet.games_won[s]]),
            ("unfinished part-score", 100, [s for s in SIDES if sheet.part_scores[s]]),
        ):
            if len(holders) == 1:
                bonuses.append(SheetEntry(None, holders[0], points, "above", label))
        return bonuses


# Chicago vulnerability by deal, "we" dealing first: the dealer's side is vulnerable on deals 2
# and 3 (seed 000, "four-deal bridge").
_CHICAGO_VULNERABLE = (
    {"we": False, "they": False},
    {"we": False, "they": True},
    {"we": True, "they": False},
    {"we": True, "they": True},
)


class Chicago(_ScorePad):
    """Four-deal bridge: contract points accumulate towards game as in rubber, a completed game
    scores 300 (not vulnerable) or 500 (vulnerable) at once, and a part-score made on deal 4
    without completing a game scores 100. Vulnerability goes by the deal: none, they, we, both.
    """

    DEALS = 4

    def _over(self) -> ScoringError:
        return ScoringError("the Chicago is over after four deals")

    _too_many = _over

    def _vulnerability(self, sheet: _Sheet, number: int) -> dict[str, bool]:
        # Past the fourth deal this is the first deal of the next Chicago.
        return dict(_CHICAGO_VULNERABLE[(number - 1) % self.DEALS])

    def _bonuses(self, sheet, number, deal, vulnerable, outcome) -> None:
        if outcome == "game":
            sheet.write(number, deal.side, GAME_BONUS[vulnerable[deal.side]], "game bonus")
        elif outcome == "part-score" and number == self.DEALS:
            sheet.write(number, deal.side, 100, "part-score bonus")

    def _finished(self, sheet: _Sheet) -> bool:
        return len(self._deals) >= self.DEALS
