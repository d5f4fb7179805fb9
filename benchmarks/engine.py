"""The scoring engine on a 2,000-table, 24-board simultaneous pairs, scored from scratch.

`python benchmarks/engine.py` (--json, --tiny: see measure.py). 48,000 random but valid results
(a few boards short, so Neuberg applies) are scored with deal_score, then:
- matchpointing: every board's NS and EW matchpoints with the engine's board_matchpoints, beside
  a vectorised NumPy sort-and-search written here (the lower bound) on the same data, and the
  fastest open-source scorer we know (a sort-based JavaScript library, about 13 ms here);
- the whole scoring, on both scales: matchpoint_traveller per board (Neuberg on short boards),
  EBU rounding, pair totals, percentages and places.
"""

import random
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.measure import Row, arguments, best_of, report
from scoring import board_conditions, deal_score, is_vulnerable, matchpoint_traveller, places
from scoring.matchpoints import board_matchpoints, board_top, round_each

SEED = 20_240_601
JAVASCRIPT_PEER_MS = 13.0
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


def build_field(tables: int, boards: int) -> list[list[tuple[int, str, bool, int, int]]]:
    """Per board: (table, contract, declarer vulnerable, tricks, sign of the NS score) for each
    table that played it. Every fourth board misses 1% of its tables (a short board)."""
    rng = random.Random(SEED)
    field = []
    for board in range(1, boards + 1):
        _, vulnerability = board_conditions(board)
        results = []
        for table in range(tables):
            contract, declarer, tricks = random_result(rng)
            if board % 4 == 0 and rng.random() < 0.01:
                continue
            sign = 1 if declarer in "NS" else -1
            vulnerable = is_vulnerable(vulnerability, declarer)
            results.append((table, contract, vulnerable, tricks, sign))
        field.append(results)
    return field


def deal_scores(field) -> list[list[int]]:
    return [[sign * deal_score(c, v, t) for _, c, v, t, sign in board] for board in field]


def numpy_bound(scores: np.ndarray, boards: np.ndarray, per_beat: int) -> np.ndarray:
    """Matchpoints by sorting every board's scores once and searching each score in them."""
    keys = boards * 20_000 + scores + 10_000  # scores are within ±7,600
    ordered = np.sort(keys)
    low = np.searchsorted(ordered, keys, "left")
    high = np.searchsorted(ordered, keys, "right")
    first = np.searchsorted(ordered, boards * 20_000, "left")
    return per_beat * (low - first) + per_beat * (high - low - 1) / 2


def score_event(scores, tables_played, tables: int, per_beat: int) -> tuple[list[str], np.ndarray]:
    """What a simultaneous pairs' results need: every line matchpointed (Neuberg where short)
    and rounded, each pair's total, percentage and place. NS pair t and EW pair t sit at
    table t; pairs are numbered NS 0..tables-1, then EW."""
    totals = np.zeros(2 * tables)
    tops = np.zeros(2 * tables)
    for board, played in zip(scores, tables_played, strict=True):
        top = board_top(tables, per_beat)
        lines = matchpoint_traveller(board, expected=tables, per_beat=per_beat)
        ns = round_each((ns for ns, _ in lines), "ebu", top)
        ew = round_each((ew for _, ew in lines), "ebu", top)
        totals += np.bincount(played, ns, 2 * tables)
        totals += np.bincount(played + tables, ew, 2 * tables)
        tops += np.bincount(played, None, 2 * tables) * top
        tops += np.bincount(played + tables, None, 2 * tables) * top
    percentages = 100 * totals / tops
    ns_places = places(percentages[:tables].tolist())
    ew_places = places(percentages[tables:].tolist())
    return ns_places + ew_places, percentages


def run(tables: int, boards: int, repeats: int) -> list[Row]:
    field = build_field(tables, boards)
    results = sum(len(board) for board in field)
    deal_ms, scores = best_of(lambda: deal_scores(field), max(1, repeats // 5))
    tables_played = [np.array([line[0] for line in board]) for board in field]
    flat = np.concatenate([np.array(board, dtype=np.int64) for board in scores])
    board_of = np.repeat(np.arange(boards), [len(board) for board in scores])

    def engine():
        return board_matchpoints(flat, board_of), board_matchpoints(-flat, board_of)

    def bound():
        return numpy_bound(flat, board_of, 2), numpy_bound(-flat, board_of, 2)

    engine_ms, (ns, ew) = best_of(engine, repeats)
    bound_ms, (bound_ns, bound_ew) = best_of(bound, repeats)
    assert np.array_equal(ns, bound_ns) and np.array_equal(ew, bound_ew)
    whole_ms = {
        per_beat: best_of(lambda p=per_beat: score_event(scores, tables_played, tables, p), 3)[0]
        for per_beat in (2, 1)
    }
    size = f"{boards} boards, {results:,} results"
    ratio = engine_ms / bound_ms
    return [
        Row("engine", f"deal_score of {results:,} results", deal_ms, "ms"),
        Row(
            "engine",
            f"matchpoints NS+EW, {size}",
            engine_ms,
            "ms",
            "< 6.5 ms (13 ms JS / 2)",
            engine_ms < JAVASCRIPT_PEER_MS / 2,
        ),
        Row("engine", "the NumPy sort-and-search bound, same data", bound_ms, "ms"),
        Row("engine", "matchpoints / NumPy bound", ratio, "x", "<= 1.0", ratio <= 1.0),
        *(
            Row(
                "engine",
                f"whole scoring, {per_beat} a beat (Neuberg, EBU, totals, places)",
                ms,
                "ms",
                "< 500 ms",
                ms < 500,
            )
            for per_beat, ms in whole_ms.items()
        ),
    ]


if __name__ == "__main__":
    options = arguments(__doc__)
    tables, boards, repeats = (40, 4, 2) if options.tiny else (2_000, 24, 20)
    report(run(tables, boards, repeats), options)
