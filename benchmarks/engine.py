"""Time the scoring engine on a large field: 24 boards, each played 2,000 times.

Run by hand: `python benchmarks/engine.py`. Scores 48,000 random but valid results with
deal_score, then matchpoints every board (NS and EW, through matchpoint_traveller). Prints the
time of each step; matchpointing all 24 boards should take well under a second.
"""

import random
import sys
import time
from pathlib import Path

# Run as a script from anywhere: the engine is not installed as a package.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scoring import board_conditions, deal_score, is_vulnerable, matchpoint_traveller

BOARDS = 24
RESULTS_PER_BOARD = 2_000
SEED = 20_240_601
REPEATS = 5

STRAINS = ("C", "D", "H", "S", "NT")
DOUBLING = ("", "", "", "", "X", "XX")  # doubled contracts are rarer than undoubled ones


def random_result(rng: random.Random) -> tuple[str, str, int]:
    """A valid traveller line: contract text, declarer and tricks (a few boards passed out)."""
    if rng.random() < 0.01:
        return "PASS", "N", 0
    level = rng.randint(1, 7)
    contract = f"{level}{rng.choice(STRAINS)}{rng.choice(DOUBLING)}"
    # Most contracts land within a few tricks of what was bid.
    tricks = max(0, min(13, level + 6 + rng.randint(-3, 2)))
    return contract, rng.choice("NESW"), tricks


def build_field() -> list[list[tuple[str, bool, int, int]]]:
    """Per board: (contract, declarer vulnerable, tricks, sign of the NS score) per result."""
    rng = random.Random(SEED)
    field = []
    for board in range(1, BOARDS + 1):
        _, vulnerability = board_conditions(board)
        results = []
        for _ in range(RESULTS_PER_BOARD):
            contract, declarer, tricks = random_result(rng)
            sign = 1 if declarer in "NS" else -1
            results.append((contract, is_vulnerable(vulnerability, declarer), tricks, sign))
        field.append(results)
    return field


def score_field(field) -> list[list[int]]:
    return [
        [
            sign * deal_score(contract, vulnerable, tricks)
            for contract, vulnerable, tricks, sign in board
        ]
        for board in field
    ]


def matchpoint_field(scores) -> list[list[tuple[float, float]]]:
    return [matchpoint_traveller(board) for board in scores]


def best_time(step, argument) -> tuple[float, object]:
    """The fastest of REPEATS runs, in seconds, and the step's result."""
    fastest = float("inf")
    result = None
    for _ in range(REPEATS):
        start = time.perf_counter()
        result = step(argument)
        fastest = min(fastest, time.perf_counter() - start)
    return fastest, result


def main() -> None:
    field = build_field()
    deals = BOARDS * RESULTS_PER_BOARD
    scoring_time, scores = best_time(score_field, field)
    matchpoint_time, lines = best_time(matchpoint_field, scores)
    top = 2 * (RESULTS_PER_BOARD - 1)
    assert all(ns + ew == top for board in lines for ns, ew in board)
    print(f"deal_score, {deals:,} deals: {scoring_time:.3f} s (best of {REPEATS})")
    print(f"matchpoints, {BOARDS} boards of {RESULTS_PER_BOARD:,}: {matchpoint_time:.3f} s")


if __name__ == "__main__":
    main()
