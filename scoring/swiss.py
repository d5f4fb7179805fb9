"""The Swiss draw: who plays whom next round, drawn optimally over the whole field.

Round 1 is random from a stored seed (`random_draw`) or seeded by strength (`seeded_draw`).
Later rounds come from the standings (`swiss_draw`): a maximum-weight matching (Edmonds'
blossom, networkx) whose integer weights rank every possible draw by, in this order,

1. the number of rematches (none while a draw without one exists; a second bye is never given
   while a team without one remains);
2. the bye going to the lowest team that has not had one;
3. the number of teams mismatched in the sense of the EBU White Book §165: a team is
   mismatched when its opponents' score differs by more than `mismatch_vps` from the score of
   its correct opponents, the team it would meet in a plain top-down draw (1 v 2, 3 v 4, …);
4. how far the draw strays from top-down: the sum of the squared distances in the ranking
   between opponents, a deviation at a higher table weighing a little more.

Magic Contest's greedy pass with repairs gives "no guarantees there will not be any double
meetings" (SPEC §4.2); a matching over the whole field does.

Which standings to draw from is the caller's business: one round in arrears passes the
standings after round n to draw round n + 2; a late match passes the standings without its
result, its two teams in `met` all the same.
"""

import random
from collections.abc import Collection, Hashable, Iterable, Mapping, Sequence
from itertools import combinations

from scoring.errors import ScoringError

Team = Hashable
Draw = list[tuple[Team, Team | None]]

# The search first pairs only teams at most this many places apart, and no two teams that have
# met; when that leaves a team unpaired or the bye above the lowest team due one, it searches
# the whole field. Rematches and the bye are thus settled over the whole field; mismatches and
# closeness among the draws that pair no teams further apart (a pairing further apart is a
# mismatch in its own right once the scores have spread). A 200-team field takes a few
# hundredths of a second in the window, a few tenths over the whole field.
WINDOW = 12
MISMATCH_VPS = 5  # EBU White Book §165, on a 20-VP scale
THREE_WAY_CANDIDATES = 15


def random_draw(teams: Sequence[Team], seed: int) -> Draw:
    """A round-1 draw in a random order that the stored `seed` reproduces.

    The teams are shuffled by `random.Random(seed)` and paired in that order, the first of
    each pair at home; for an odd field the last team in the shuffled order has the bye.
    """
    order = list(_distinct(teams))
    random.Random(seed).shuffle(order)
    return _pair_in_order(order)


def seeded_draw(teams: Sequence[Team]) -> Draw:
    """A round-1 draw seeded by strength: the top half meets the bottom half, 1 v n/2 + 1.

    `teams` is strongest first. For an odd field the weakest team has the bye.
    """
    order = list(_distinct(teams))
    bye = [order.pop()] if len(order) % 2 else []
    half = len(order) // 2
    return [(order[i], order[half + i]) for i in range(half)] + [(t, None) for t in bye]


def swiss_draw(
    ranking: Sequence[Team],
    met: Iterable[Collection[Team]],
    *,
    had_bye: Iterable[Team] = (),
    danish: bool = False,
    may_rematch: Iterable[Team] | None = None,
    scores: Mapping[Team, float] | None = None,
    mismatch_vps: float = MISMATCH_VPS,
    window: int | None = WINDOW,
) -> Draw:
    """The next round's matches, (home, away) in table order, then `(team, None)` for a bye.

    `ranking` is the teams best first (any hashable values), `met` the pairs of teams that
    have already played each other, `had_bye` the teams that have had a bye. The better placed
    team of each match is at home; table 1 is the match of the best placed team. The same
    input always gives the same draw.

    `scores` (team -> VPs so far) lets the draw count EBU §165 mismatches (opponents more than
    `mismatch_vps` VPs away from the correct ones); without it the draw keeps to the ranking.

    `danish=True` allows rematches, as the "Danish" option does for the last rounds: only
    between two teams of `may_rematch` when that is given (e.g. the top half), else anyone.

    `window` first limits the search to opponents that many places apart (see WINDOW); None
    searches the whole field at once (slower for fields of a hundred teams and more).
    """
    teams = list(_distinct(ranking))
    pairs_met = {frozenset(pair) for pair in met}
    if any(len(pair) != 2 for pair in pairs_met):
        raise ScoringError("Each meeting in `met` names two different teams.")
    byes = set(had_bye)
    rematch_allowed = (
        set() if not danish else set(teams) if may_rematch is None else set(may_rematch)
    )
    if window is not None and window < 1:
        raise ScoringError(
            "The draw's window is a number of places, 1 or more, not %(window)s.",
            window=repr(window),
        )
    if scores is not None:
        missing = [t for t in teams if t not in scores]
        if missing:
            raise ScoringError(
                "No score for %(missing)s: every team needs one.",
                missing=repr(missing[0]),
            )
    if len(teams) < 2:
        return [(t, None) for t in teams]

    problem = _DrawProblem(teams, pairs_met, byes, rematch_allowed, scores, mismatch_vps)
    mate = problem.best(window)
    if len(teams) % 2 and mate.get(len(teams)) != problem.bye:
        # Rematches sent the bye higher: measure again without the team that really sits out.
        # The bye stays where it is, its place being settled before distances and mismatches.
        problem.sit_out(mate[len(teams)])
        mate = problem.best(window)
    return problem.draw(mate)


def mismatches(
    draw: Draw,
    ranking: Sequence[Team],
    scores: Mapping[Team, float],
    *,
    mismatch_vps: float = MISMATCH_VPS,
) -> list[Team]:
    """The teams the draw mismatches (EBU White Book §165), in ranking order.

    A team is mismatched when its opponents' score differs by more than `mismatch_vps` from the
    score of its correct opponents: in `ranking` without the team that has the bye, 1 v 2,
    3 v 4, and so on. A team with the bye is not mismatched.
    """
    opponent = {}
    for home, away in draw:
        if away is not None:
            opponent[home], opponent[away] = away, home
    correct = _correct_opponents([t for t in ranking if t in opponent])
    return [
        t
        for t in ranking
        if t in opponent
        and t in correct
        and abs(scores[opponent[t]] - scores[correct[t]]) > mismatch_vps
    ]


def swap_teams(draw: Draw, first: Team, second: Team) -> Draw:
    """The draw with two teams changing places, as a director swaps them by hand: each takes
    the other's table, side and opponent (or bye). Rematches it makes are the director's call;
    `mismatches` and the meetings so far tell what the swap costs."""
    seats = {team: (k, side) for k, match in enumerate(draw) for side, team in enumerate(match)}
    for team in (first, second):
        if team is None or team not in seats:
            raise ScoringError(
                "%(team)s is not in this draw.",
                team=repr(team),
            )
    if first == second:
        raise ScoringError("Swap two different teams.")
    (k1, s1), (k2, s2) = seats[first], seats[second]
    if k1 == k2:
        raise ScoringError(
            "%(first)s and %(second)s already play each other.",
            first=repr(first),
            second=repr(second),
        )
    swapped = [list(match) for match in draw]
    swapped[k1][s1], swapped[k2][s2] = second, first
    return [(home, away) for home, away in swapped]


def three_way_teams(
    ranking: Sequence[Team],
    met: Iterable[Collection[Team]],
    *,
    had_three_way: Iterable[Team] = (),
) -> tuple[Team, Team, Team]:
    """The three teams to play a three-way match in an odd field, instead of a bye.

    A team plays in a three-way at most once. The trio is the one that, with the rest of the
    field drawn by `swiss_draw`, makes the fewest rematches; among those, the one with the
    fewest earlier meetings inside it, then the lowest in the ranking. Only the
    THREE_WAY_CANDIDATES lowest teams that have not played a three-way are considered.
    Draw the rest of the field with `swiss_draw` without the three.
    """
    teams = list(_distinct(ranking))
    used = set(had_three_way)
    eligible = [i for i, t in enumerate(teams) if t not in used][-THREE_WAY_CANDIDATES:]
    if len(eligible) < 3:
        raise ScoringError("Fewer than three teams have not yet played a three-way match.")
    pairs_met = {frozenset(pair) for pair in met}

    def inside(trio):
        meetings = sum(
            frozenset((teams[a], teams[b])) in pairs_met for a, b in combinations(trio, 2)
        )
        return (meetings, -sum(trio))

    def rematches(trio):
        rest = [t for i, t in enumerate(teams) if i not in trio]
        draw = swiss_draw(rest, pairs_met)
        return inside(trio)[0] + sum(frozenset(match) in pairs_met for match in draw)

    best, fewest = None, None
    for trio in sorted(combinations(eligible, 3), key=inside):
        count = rematches(trio)
        if fewest is None or count < fewest:
            best, fewest = trio, count
        if count == inside(trio)[0]:
            # No trio further down the order has fewer meetings inside it, nor fewer in all.
            break
    return tuple(teams[i] for i in best)


class _DrawProblem:
    """The draw as a weighted graph: node i is the team ranked i + 1, node n the bye."""

    def __init__(self, teams, pairs_met, byes, rematch_allowed, scores, mismatch_vps):
        self.teams = teams
        n = len(teams)
        self.n = n
        self.rematch = [
            [
                frozenset((a, b)) in pairs_met
                and not (a in rematch_allowed and b in rematch_allowed)
                for b in teams
            ]
            for a in teams
        ]
        eligible = [i for i, t in enumerate(teams) if t not in byes] or list(range(n))
        self.bye_eligible = eligible if n % 2 else []
        # How many eligible teams rank below each eligible one: 0 for the right team to sit out.
        self.bye_rank = {i: len(eligible) - 1 - k for k, i in enumerate(eligible)}
        self.scores = None if scores is None else [scores[t] for t in teams]
        self.mismatch_vps = mismatch_vps
        self.sit_out(eligible[-1] if n % 2 else None)
        # Each level of the cost outweighs the most that every level below it can add up to.
        # Per match: closeness to the top d·(n − i) ≤ n², distance d² ≤ n²; n/2 matches.
        self.distance_weight = n * n * n + 1
        self.mismatch_weight = self.distance_weight * (n * n * n + 1)
        self.bye_weight = self.mismatch_weight * (n + 1)
        self.rematch_weight = self.bye_weight * (n + 1)

    def sit_out(self, bye):
        """Measure distances and mismatches in the ranking without the team that has the bye
        (None for an even field): the lowest team due one at first, another if the draw gives
        it elsewhere (see swiss_draw)."""
        self.bye = bye
        playing = [i for i in range(self.n) if i != bye]
        self.place = {i: k for k, i in enumerate(playing)}
        self.mismatch = None
        if self.scores is not None:
            correct = _correct_opponents(playing)
            values = self.scores
            self.mismatch = [
                [
                    i in correct and abs(values[j] - values[correct[i]]) > self.mismatch_vps
                    for j in range(self.n)
                ]
                for i in range(self.n)
            ]

    def edge_cost(self, i, j):
        """The cost of pairing team i (the better placed) with team j."""
        distance = abs(self.place.get(j, j) - self.place.get(i, i)) - 1
        top = self.place.get(i, i)
        cost = distance * distance * self.distance_weight + distance * (self.n - top)
        if self.rematch[i][j]:
            cost += self.rematch_weight
        if self.mismatch is not None:
            cost += (self.mismatch[i][j] + self.mismatch[j][i]) * self.mismatch_weight
        return cost

    def bye_cost(self, i):
        return self.bye_rank[i] * self.bye_weight

    def best(self, window):
        """The best matching, in the window first when that settles it (see WINDOW)."""
        if window is not None and window < self.n - 1:
            mate = self.solve(window)
            if self.is_settled(mate):
                return mate
        return self.solve(self.n)

    def solve(self, width):
        """The best matching among teams at most `width` places apart; when that is less than
        the whole field, without the rematches either (see is_settled)."""
        # networkx takes a few tenths of a second to import: only a draw pays for it, not every
        # process that imports the scoring engine.
        import networkx as nx

        n = self.n
        whole_field = width >= n - 1
        graph = nx.Graph()
        graph.add_nodes_from(range(n + 1))
        costs = []
        for i in range(n):
            for j in range(i + 1, min(n, i + width + 1)):
                if whole_field or not self.rematch[i][j]:
                    costs.append((i, j, self.edge_cost(i, j)))
        costs.extend((i, n, self.bye_cost(i)) for i in self.bye_eligible)
        ceiling = max((cost for _, _, cost in costs), default=0) + 1
        graph.add_weighted_edges_from((i, j, ceiling - cost) for i, j, cost in costs)
        mate = {}
        for a, b in nx.max_weight_matching(graph, maxcardinality=True):
            mate[a], mate[b] = b, a
        return mate

    def is_settled(self, mate):
        """Whether a draw found in a window is as good as the whole field's on rematches and
        the bye: it pairs everyone without a rematch and the bye is where it belongs."""
        if any(i not in mate for i in range(self.n)):
            return False
        return not self.bye_eligible or self.bye_rank[mate[self.n]] == 0

    def draw(self, mate):
        """The matching as matches in table order, then the bye. Over the whole field it pairs
        every team: each may meet each, and the bye node reaches a team that can sit out."""
        n = self.n
        matches = [(i, mate[i]) for i in range(n) if i < mate[i] < n]
        result: Draw = [(self.teams[i], self.teams[j]) for i, j in matches]
        if n in mate:
            result.append((self.teams[mate[n]], None))
        return result


def _correct_opponents(order):
    """Top-down pairing of an ordered list: 1 v 2, 3 v 4, …; a last odd one has none."""
    correct = {}
    for k in range(0, len(order) - 1, 2):
        correct[order[k]], correct[order[k + 1]] = order[k + 1], order[k]
    return correct


def _pair_in_order(order):
    bye = [order.pop()] if len(order) % 2 else []
    return [(order[k], order[k + 1]) for k in range(0, len(order), 2)] + [(t, None) for t in bye]


def _distinct(teams):
    seen = set()
    for team in teams:
        if team is None:
            raise ScoringError("A team cannot be None: None stands for the bye.")
        if team in seen:
            raise ScoringError(
                "%(team)s is in the ranking twice.",
                team=repr(team),
            )
        seen.add(team)
        yield team
