"""Time the Swiss draw on a large field: round 7 for 200 teams after 6 rounds.

Run by hand: `python benchmarks/swiss_draw.py`. Plays 6 rounds of random 8-board results
(random round 1, then each round drawn by swiss_draw from the standings), then times the draw
of round 7 (as the app does, and over the whole field at once for comparison) and checks it
has no rematch. Drawing a round should take well under a second.
"""

import random
import sys
import time
from pathlib import Path

# Run as a script from anywhere: the engine is not installed as a package.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scoring import random_draw, swiss_draw, victory_points
from scoring.swiss import WINDOW

TEAMS = 200
ROUNDS_PLAYED = 6
BOARDS = 8
SEED = 20_261_123
REPEATS = 5


def play_rounds(rng: random.Random):
    """The standings, meetings and byes after ROUNDS_PLAYED rounds of random matches."""
    teams = [f"Team {n}" for n in range(1, TEAMS + 1)]
    scores = dict.fromkeys(teams, 0.0)
    met: set[frozenset[str]] = set()
    had_bye: set[str] = set()
    draw = random_draw(teams, SEED)
    for _ in range(ROUNDS_PLAYED):
        for home, away in draw:
            if away is None:
                scores[home] += 12
                had_bye.add(home)
                continue
            home_vps, away_vps = victory_points(rng.randint(-40, 40), BOARDS)
            scores[home] += home_vps
            scores[away] += away_vps
            met.add(frozenset((home, away)))
        ranking = sorted(teams, key=lambda t: (-scores[t], teams.index(t)))
        draw = swiss_draw(ranking, met, had_bye=had_bye, scores=scores)
    return ranking, met, had_bye, scores


def best_time(ranking, met, had_bye, scores, window) -> float:
    """The fastest of REPEATS draws, in seconds, each checked: everyone once, no rematch."""
    fastest = float("inf")
    for _ in range(REPEATS):
        start = time.perf_counter()
        draw = swiss_draw(ranking, met, had_bye=had_bye, scores=scores, window=window)
        fastest = min(fastest, time.perf_counter() - start)
        assert not any(frozenset(match) in met for match in draw)
        assert sorted(t for match in draw for t in match if t is not None) == sorted(ranking)
    return fastest


def main() -> None:
    ranking, met, had_bye, scores = play_rounds(random.Random(SEED))
    windowed = best_time(ranking, met, had_bye, scores, WINDOW)
    whole = best_time(ranking, met, had_bye, scores, None)
    print(f"swiss_draw, {TEAMS} teams after {ROUNDS_PLAYED} rounds: {windowed:.3f} s")
    print(f"the same over the whole field at once (window=None): {whole:.3f} s")
    print(f"(best of {REPEATS} each)")


if __name__ == "__main__":
    main()
