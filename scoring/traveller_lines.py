"""One traveller line as a director types it: `1 8 4SX N 10`, `4S N +1`, `3NT E -2 HK`, `P`.

Grammar (case-insensitive, spaces between parts):
    [NS-pair EW-pair | N S E W] result [# note]   (an individual names its four players)
    result  := contract declarer outcome [lead]  |  contract declarer [lead] outcome
             | +420 | -50                        (North-South's score, when only that is known)
             | +420 / +170                       (an assigned split score: NS's, then EW's,
                                                  both written from North-South's side)
             | P | PASS                          (passed out)
             | NP                                (not played)
             | adjusted                          (an artificial score, Law 12C2)
    adjusted := A+ | A | A-                      (the usual ruling: A+ is Ave+ to NS and Ave-
                                                  to EW, A- the other way round, A both Ave)
             | side side                         (NS's, then EW's: A+ A-, A60 A40, 60% 40%, A+/A-)
             | A6040                             (USEBIO's code: NS's percent, then EW's)
    side    := A+ | A | A- | A60 | A60% | 60%    (a percent of the board's top, 0 to 100;
                                                  Ave+, Ave, Avg- are A+, A, A-)
    weighted := part + part [+ part ...]         (Law 12C1(c): 40% 4S N 10 + 60% 4S N 9,
    part    := percent [of] played-result         the percents adding up to 100)
    outcome := tricks taken (0-13) | = | +n | -n
    lead    := a card, suit then rank or rank then suit: HK, KH, S10, TS, xD (a small card)
"""

import re
from dataclasses import dataclass
from functools import cache

from scoring.adjusted_scores import adjustment_code
from scoring.boards import is_vulnerable
from scoring.contracts import Contract, parse_contract
from scoring.deal_scores import deal_score
from scoring.errors import Message, ScoringError

ADJUSTMENTS = ("A+", "A", "A-")
SEAT_NAMES = {
    "N": Message("North"),
    "E": Message("East"),
    "S": Message("South"),
    "W": Message("West"),
}
_STRAIN = r"(?:NT|N|S|H|D|C|♠|♥|♦|♣)"
_CONTRACT_PARTS = re.compile(rf"^([1-7])\s*({_STRAIN})\s*(XX|X|\*\*|\*)?$", re.IGNORECASE)
_RANK = r"(?:10|[AKQJT98765432X])"
_SUIT = r"[SHDC♠♥♦♣]"
_LEAD = re.compile(rf"^(?:({_SUIT})({_RANK})|({_RANK})({_SUIT}))$", re.IGNORECASE)
_OUTCOME = re.compile(r"^(=|[+-]\d{1,2}|\d{1,2})$")
_SCORE = re.compile(r"^[+-]?\d{1,4}$")
_SPLIT = re.compile(r"^([+-]?\d{1,4})\s*/\s*([+-]?\d{1,4})$")
# A60, A60% or 60%: a bare 60 is not a percent (a half-typed "40% 4S ..." must not save as 40% 4%).
_PERCENT = re.compile(r"^(?:A(\d{1,3}(?:\.\d+)?)%?|(\d{1,3}(?:\.\d+)?)%)$")
_PAIRED_PERCENTS = re.compile(r"^A(\d\d)(\d\d)$")
_AVERAGE = re.compile(r"^AV[EG](?=[+-]?$)")
_USUAL_RULING = {"A+": ("A+", "A-"), "A": ("A", "A"), "A-": ("A-", "A+")}
_WEIGHT = re.compile(r"^(\d{1,3}(?:\.\d+)?)%$")
_WEIGHTED_EXAMPLE = "e.g. 40% 4S N 10 + 60% 4S N 9"
_ADJUSTED_EXAMPLES = "A+ A-, A60 A40 or 60% 40%"
_SUIT_LETTER = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}


@dataclass(frozen=True)
class TravellerLine:
    ns_pair: int | None = None
    ew_pair: int | None = None
    players: tuple[int, int, int, int] | None = None  # an individual's North, South, East, West
    contract: Contract | None = None
    declarer: str = ""
    tricks: int | None = None
    lead: str = ""
    ns_adjustment: str = ""
    ew_adjustment: str = ""
    ns_percent: float | None = None  # an artificial score typed as a percent, not a code
    ew_percent: float | None = None
    not_played: bool = False
    entered_score: int | None = None  # an NS score typed without its contract
    entered_ew_score: int | None = None  # with entered_score: an assigned split score
    weights: tuple[tuple[float, "TravellerLine"], ...] = ()  # a weighted score's parts
    note: str = ""

    @property
    def passed_out(self) -> bool:
        return self.contract is not None and self.contract.level == 0

    def score_ew(self, vulnerability: str) -> int | None:
        """The NS-side score East-West are scored on when it differs (a split score), else None."""
        if self.entered_ew_score is None:
            return None
        return _possible(self.entered_ew_score, vulnerability)

    def weighted_scores(self, vulnerability: str) -> tuple[tuple[float, int], ...]:
        """A weighted score's (percent, NS score) parts; () for any other line."""
        return tuple((percent, part.score_ns(vulnerability)) for percent, part in self.weights)

    def score_ns(self, vulnerability: str) -> int | None:
        """North-South's score on a board of this vulnerability; None when nothing was scored.

        Raises ScoringError for a typed score that no contract can produce on this board.
        """
        if self.entered_score is not None:
            return _possible(self.entered_score, vulnerability)
        if self.contract is None:
            return None
        if self.passed_out:
            return 0
        score = deal_score(self.contract, is_vulnerable(vulnerability, self.declarer), self.tricks)
        return score if self.declarer in "NS" else -score


def parse_traveller_line(text: str) -> TravellerLine:
    """Read one typed line; raise ScoringError saying what to fix when it cannot be scored."""
    text, _, note = text.partition("#")
    tokens = text.replace(",", " ").split()
    if not tokens:
        raise ScoringError("type a result, e.g. 4S N 10, 3NT E -1, P, NP or A+ A-")
    ns_pair = ew_pair = players = None
    # isdecimal, not isdigit: "²" is a digit that int() cannot read.
    if len(tokens) >= 5 and all(token.isdecimal() for token in tokens[:4]):
        players = tuple(int(token) for token in tokens[:4])
        if len(set(players)) < 4:
            raise ScoringError(
                "%(tokens)s: the four players, North South East West, are four different players",
                tokens=" ".join(tokens[:4]),
            )
        tokens = tokens[4:]
    elif len(tokens) >= 3 and tokens[0].isdecimal() and tokens[1].isdecimal():
        ns_pair, ew_pair = int(tokens[0]), int(tokens[1])
        tokens = tokens[2:]
    elif len(tokens) == 2 and tokens[0].isdecimal() and tokens[1].isdecimal():
        raise ScoringError(
            "%(first)s %(second)s: after the pair numbers, type the result, e.g. "
            "%(first)s %(second)s 4S N 10",
            first=tokens[0],
            second=tokens[1],
        )
    pairs = {"ns_pair": ns_pair, "ew_pair": ew_pair, "players": players, "note": note.strip()}
    if "+" in tokens:
        return _weighted(tokens, pairs)
    head = tokens[0].upper()
    if split := _SPLIT.match(" ".join(tokens)):
        return TravellerLine(**pairs, entered_score=int(split[1]), entered_ew_score=int(split[2]))
    if len(tokens) == 1 and head in {"P", "PASS", "PASSED"}:
        return TravellerLine(**pairs, contract=parse_contract("PASS"))
    if len(tokens) == 1 and head == "NP":
        return TravellerLine(**pairs, not_played=True)
    if head.startswith("A") or head.endswith("%"):
        return _adjusted(tokens, pairs)
    if len(tokens) == 1 and _SCORE.match(head):
        return TravellerLine(**pairs, entered_score=int(head))
    contract, rest = _contract(tokens)
    if not rest:
        raise ScoringError(
            "%(contract)s: add the declarer (N, E, S or W) and the tricks",
            contract=contract,
        )
    declarer = rest[0].upper()
    if declarer not in SEAT_NAMES:
        raise ScoringError(
            "declarer must be N, E, S or W, not %(rest)s",
            rest=repr(rest[0]),
        )
    outcome, lead = _outcome_and_lead(rest[1:], contract)
    return TravellerLine(
        **pairs,
        contract=contract,
        declarer=declarer,
        tricks=_tricks(outcome, contract),
        lead=lead,
    )


def _adjusted(tokens: list[str], pairs: dict) -> TravellerLine:
    codes = " ".join(tokens).replace("/", " ").upper().split()  # A+/A- as well as A+ A-
    codes = [_AVERAGE.sub("A", code) for code in codes]  # Ave+, Avg- as well as A+, A-
    if len(codes) == 1 and (paired := _PAIRED_PERCENTS.match(codes[0])):
        codes = [f"{paired[1]}%", f"{paired[2]}%"]
    elif len(codes) == 1 and codes[0] in _USUAL_RULING:
        codes = list(_USUAL_RULING[codes[0]])
    if len(codes) != 2:
        raise ScoringError(
            "an adjusted score gives each side its own: %(examples)s (A+ "
            "alone is Ave+ to North-South, Ave- to East-West)",
            examples=_ADJUSTED_EXAMPLES,
        )
    (ns, ns_percent), (ew, ew_percent) = (_adjusted_side(code) for code in codes)
    return TravellerLine(
        **pairs, ns_adjustment=ns, ew_adjustment=ew, ns_percent=ns_percent, ew_percent=ew_percent
    )


def _adjusted_side(code: str) -> tuple[str, float | None]:
    """One side's artificial score: its code, and its percent when typed as a number."""
    if code in ADJUSTMENTS:
        return code, None
    if not (match := _PERCENT.match(code)):
        raise ScoringError(
            "an adjusted score is A+, A, A- or a percent such as A60 or 60%%, not %(code)s",
            code=repr(code),
        )
    typed = match[1] or match[2]
    percent = float(typed)
    if percent > 100:
        raise ScoringError(
            "an adjusted score is 0 to 100 percent of the top, not %(typed)s%%",
            typed=typed,
        )
    return adjustment_code(percent), percent


def _weighted(tokens: list[str], pairs: dict) -> TravellerLine:
    parts: list[list[str]] = [[]]
    for token in tokens:
        if token == "+":
            parts.append([])
        else:
            parts[-1].append(token)
    weights = []
    for part in parts:
        weight = _WEIGHT.match(part[0]) if part else None
        rest = part[1:] if weight else []
        if rest and rest[0].upper() == "OF":
            rest = rest[1:]
        if not rest:
            raise ScoringError(
                "a weighted score is %(example)s: each part a percent, then a result",
                example=_WEIGHTED_EXAMPLE,
            )
        line = parse_traveller_line(" ".join(rest))
        if line.contract is None and (
            line.entered_score is None or line.entered_ew_score is not None
        ):
            raise ScoringError(
                "each part of a weighted score is a result played or a score, not %(rest)s",
                rest=repr(" ".join(rest)),
            )
        if float(weight[1]) == 0:
            raise ScoringError(
                "a part of a weighted score weighs more than 0%%: %(part)s",
                part=" ".join(part),
            )
        weights.append((float(weight[1]), line))
    total = sum(percent for percent, _ in weights)
    if abs(total - 100) > 1e-9:
        raise ScoringError(
            "the parts of a weighted score add up to 100%%, not %(total)s%%: %(example)s",
            total=format(total, "g"),
            example=_WEIGHTED_EXAMPLE,
        )
    return TravellerLine(**pairs, weights=tuple(weights))


def _contract(tokens: list[str]) -> tuple[Contract, list[str]]:
    """The contract, which may be typed with spaces (`4 S X`), and the tokens after it."""
    for width in range(min(3, len(tokens)), 0, -1):
        if match := _CONTRACT_PARTS.match("".join(tokens[:width])):
            level, strain, doubled = match.groups()
            doubled = (doubled or "").replace("*", "X")
            return parse_contract(f"{level}{strain}{doubled}"), tokens[width:]
    try:
        return parse_contract(tokens[0]), tokens[1:]
    except ScoringError as refused:
        raise ScoringError(
            "%(tokens)s: %(refused)s",
            tokens=tokens[0],
            refused=refused,
        ) from None


def _outcome_and_lead(tokens: list[str], contract: Contract) -> tuple[str, str]:
    outcome = lead = ""
    for token in tokens:
        if _OUTCOME.match(token) and not outcome:
            outcome = token
        elif (match := _LEAD.match(token)) and not lead:
            suit, rank = (match[1], match[2]) if match[1] else (match[4], match[3])
            suit = _SUIT_LETTER.get(suit, suit.upper())
            rank = {"10": "T"}.get(rank.upper(), rank.upper())
            lead = f"{suit}{rank}"
        else:
            raise ScoringError(
                "%(token)s is neither the tricks (10, =, +1, -2) nor a lead card (HK, S10)",
                token=repr(token),
            )
    if not outcome:
        raise ScoringError(
            "%(contract)s: add the result: tricks taken (e.g. %(level)s), or =, +1, -2",
            contract=contract,
            level=contract.level + 6,
        )
    return outcome, lead


def _tricks(outcome: str, contract: Contract) -> int:
    book = contract.level + 6
    if outcome == "=":
        tricks = book
    elif outcome[0] in "+-":
        tricks = book + int(outcome)
    else:
        tricks = int(outcome)
    if not 0 <= tricks <= 13:
        raise ScoringError(
            "%(contract)s %(outcome)s would be %(tricks)s tricks: tricks must be 0 to 13",
            contract=contract,
            outcome=outcome,
            tricks=tricks,
        )
    return tricks


@cache
def possible_scores(vulnerability: str) -> frozenset[int]:
    """Every North-South score some contract, declarer and number of tricks can give."""
    scores = {0}
    for declarer in SEAT_NAMES:
        sign = 1 if declarer in "NS" else -1
        vulnerable = is_vulnerable(vulnerability, declarer)
        for level in range(1, 8):
            for strain in ("C", "D", "H", "S", "NT"):
                for doubled in ("", "X", "XX"):
                    contract = parse_contract(f"{level}{strain}{doubled}")
                    for tricks in range(14):
                        scores.add(sign * deal_score(contract, vulnerable, tricks))
    return frozenset(scores)


def _possible(score: int, vulnerability: str) -> int:
    if score not in possible_scores(vulnerability):
        raise ScoringError(
            "%(score)s is not a possible score for North-South when "
            "%(vulnerability_text)s vulnerable",
            score=format(score, "+d"),
            vulnerability_text=_vulnerability_text(vulnerability),
        )
    return score


def _vulnerability_text(vulnerability: str) -> Message:
    if vulnerability == "None":
        return Message("nobody is")
    if vulnerability == "All":
        return Message("both sides are")
    return Message("%(side)s are", side=vulnerability)
