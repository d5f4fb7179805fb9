"""A weighted score (Law 12C1(c)) as a traveller line keeps it: its parts, each
[percent, contract, declarer, tricks, North-South score]; contract "" for a part typed as a
bare score, "PASS" for a part passed out."""

from fractions import Fraction

from scoring.traveller_lines import TravellerLine

Component = list  # [percent, contract, declarer, tricks, NS score]


def weighted_components(line: TravellerLine, vulnerability: str) -> list[Component]:
    """A weighted line's parts as stored; raises ScoringError for a part no contract can make."""
    return [
        [
            percent,
            str(part.contract) if part.contract else "",
            part.declarer,
            part.tricks,
            part.score_ns(vulnerability),
        ]
        for percent, part in line.weights
    ]


def weighted_entry(components: list[Component]) -> tuple[tuple[float, int], ...]:
    """The (percent, NS score) pairs the matchpoint engine reads (scoring.matchpoints.Weighted)."""
    return tuple((percent, score) for percent, _, _, _, score in components)


def expected_score(components: list[Component]) -> int:
    """The weighted mean of the parts' North-South scores, to the nearest point (a half away
    from zero): what a format with one score per line gets."""
    mean = sum(Fraction(str(percent)) * score for percent, _, _, _, score in components) / 100
    whole = abs(mean).numerator * 2 + abs(mean).denominator
    rounded = whole // (2 * abs(mean).denominator)
    return rounded if mean >= 0 else -rounded


def weighted_text(components: list[Component], *, typed: bool = False) -> str:
    """ "40% 4S N =, 60% 4S N -1" as travellers show it; typed: "40% 4S N 10 + 60% 4S N 9",
    the line as the entry grid reads it again."""
    parts = [f"{percent:g}% {_part_text(component, typed)}" for percent, *component in components]
    return (" + " if typed else ", ").join(parts)


def _part_text(component: list, typed: bool) -> str:
    contract, declarer, tricks, score = component
    if contract == "PASS":
        return "P"
    if not contract:
        return f"{score:+d}"
    if typed:
        return f"{contract} {declarer} {tricks}"
    over = tricks - (int(contract[0]) + 6)
    return f"{contract} {declarer} {'=' if over == 0 else f'{over:+d}'}"
