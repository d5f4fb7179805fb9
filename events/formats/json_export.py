"""The event's results as JSON, in a shape other programs can rely on.

    {"event": {"id", "name", "club", "date", "kind", "scoring", "status", "settings": {...}},
     "ranking": [{"section", "pair", "label", "direction", "names", "score", "percentage",
                  "place", "boards_played"}],
     "overall": [... as "ranking"] (several sections only),
     "boards": [{"section", "number", "dealer", "vulnerability", "deal", "par", "datum",
                 "results": [{"ns", "ew", "ns_label", "ew_label", "round", "table", "contract",
                              "declarer", "tricks", "lead", "score_ns", "score_ew", "adjusted",
                              "weighted", "not_played", "ns_points", "ew_points"}]}]}

"datum" is null unless the event is scored by Butler. "adjusted" is null, or the two sides'
codes and percents: {"ns": "A+", "ew": "A-", "ns_percent": 60, "ew_percent": 40}. "weighted" is
null, or a weighted score's parts (Law 12C1(c)): [{"percent": 40, "contract": "4S", "declarer":
"N", "tricks": 10, "score_ns": 420}, ...] (contract null for a part given as a score alone), its
"score_ns" then their weighted mean. "pair", "ns" and "ew" are pair numbers, unique in the event;
a label is what players know the pair by: "3 NS" and "3 EW" in a Mitchell numbered per direction,
else the number. Numbers are
unrounded (to 6 decimals); "place" is a string such as "3=". With two winners the ranking lists
North-South, then East-West, each with its own places. An event of several sections ranks each
section ("section" is its letter; "pair" is unique in its section, the label names it: "A3 NS"),
then the whole field in "overall"; "section_scoring" says whether its boards were matchpointed
within each section or across the field.

An individual event ("kind": "individual") ranks players: "ranking" is [{"player", "name",
"score", "percentage", "place", "boards_played"}], and each result names its four players,
"players": {"N": 1, "S": 11, "E": 6, "W": 16}; its "ns" and "ew" are then the sides (the two
players sitting North-South, or East-West, at a table in a round).
"""

import json

from events.models import Event, Result
from events.services.individuals import player_ranking, side_players
from events.services.rankings import overall_ranking, section_ranking
from scoring import butler_datum
from scoring.adjusted_scores import FIXED_PERCENT


def _number(value: float | None) -> float | None:
    return None if value is None else round(value, 6)


def event_results(event: Event, *, hidden_hands: set[int] = frozenset()) -> dict:
    """The event's settings, ranking and travellers as plain data (see the module docstring);
    the boards in `hidden_hands` without their deal and par."""
    sections = list(event.sections.all())
    letters = {section.pk: section.letter for section in sections}
    ranking = [
        _standing(standing, letters)
        for section in sections
        for group in section_ranking(section=section)
        for standing in group.standings
    ]
    seats = None
    if event.is_individual:
        ranking = [row for section in sections for row in _player_ranking(section)]
        seats = {side: at for s in sections for side, at in side_players(section=s).items()}
    boards = []
    for section in sections:
        for board in section.boards.prefetch_related("results__ns_pair", "results__ew_pair"):
            results = list(board.results.all())
            hidden = board.pk in hidden_hands
            boards.append(
                {
                    "section": section.letter,
                    "number": board.number,
                    "dealer": board.dealer,
                    "vulnerability": board.vulnerability,
                    "deal": None if hidden else board.deal or None,
                    "par": None if hidden else board.par or None,
                    "datum": _datum(event, results),
                    "results": [_result(r, seats) for r in results],
                }
            )
    return {
        "event": {
            "id": event.pk,
            "name": event.name,
            "club": event.club.name,
            "date": event.date.isoformat(),
            "kind": event.kind,
            "scoring": event.scoring,
            "status": event.status,
            "settings": {
                "mp_scale": event.mp_scale,
                "mp_rounding": event.mp_rounding,
                "missing_results": event.missing_results,
                "datum_method": event.datum_method,
                "cross_imp_mode": event.cross_imp_mode,
                "factor_totals": event.factor_totals,
                "factor_boards": event.factor_boards,
                "winners": event.winners,
                "section_scoring": event.section_scoring,
            },
        },
        "ranking": ranking,
        **(
            {
                "overall": [
                    _standing(standing, letters)
                    for group in overall_ranking(event=event)
                    for standing in group.standings
                ]
            }
            if len(sections) > 1
            else {}
        ),
        "boards": boards,
    }


def _standing(standing, letters: dict[int, str]) -> dict:
    pair = standing.pair
    return {
        "section": letters[pair.section_id],
        "pair": pair.number,
        "label": pair.name,
        "direction": pair.direction,
        "names": pair.names,
        "score": _number(standing.score),
        "percentage": _number(standing.percentage),
        "place": standing.place,
        "boards_played": standing.boards_played,
    }


def _player_ranking(section) -> list[dict]:
    return [
        {
            "player": standing.individual.number,
            "name": standing.individual.name,
            "score": _number(standing.score),
            "percentage": _number(standing.percentage),
            "place": standing.place,
            "boards_played": standing.boards_played,
        }
        for standing in player_ranking(section=section)
    ]


def _datum(event: Event, results: list[Result]) -> int | None:
    if event.scoring != Event.Scoring.BUTLER:
        return None
    scores = [r.score_ns for r in results if r.score_ns is not None]
    return butler_datum(scores, event.datum_method) if scores else None


def _adjusted(result: Result) -> dict | None:
    if not result.ns_adjustment:
        return None
    return {
        "ns": result.ns_adjustment,
        "ew": result.ew_adjustment,
        "ns_percent": result.ns_percent
        if result.ns_percent is not None
        else FIXED_PERCENT[result.ns_adjustment],
        "ew_percent": result.ew_percent
        if result.ew_percent is not None
        else FIXED_PERCENT[result.ew_adjustment],
    }


def _weighted(result: Result) -> list[dict] | None:
    if not result.weights:
        return None
    return [
        {
            "percent": percent,
            "contract": contract or None,
            "declarer": declarer or None,
            "tricks": tricks,
            "score_ns": score,
        }
        for percent, contract, declarer, tricks, score in result.weights
    ]


def _result(result: Result, seats: dict | None) -> dict:
    line = {
        "ns": result.ns_pair.number,
        "ew": result.ew_pair.number,
        "ns_label": result.ns_pair.name,
        "ew_label": result.ew_pair.name,
        "round": result.round,
        "table": result.table,
        "contract": result.contract or None,
        "declarer": result.declarer or None,
        "tricks": result.tricks,
        "lead": result.lead or None,
        "score_ns": result.score_ns,
        "score_ew": result.score_ew,
        "adjusted": _adjusted(result),
        "weighted": _weighted(result),
        "not_played": result.not_played,
        "ns_points": _number(result.ns_points),
        "ew_points": _number(result.ew_points),
    }
    if seats is not None:
        players = seats.get(result.ns_pair_id, {}) | seats.get(result.ew_pair_id, {})
        line["players"] = {seat: player.number for seat, player in sorted(players.items())}
    return line


def export_event(event: Event, *, hidden_hands: set[int] = frozenset()) -> bytes:
    results = event_results(event, hidden_hands=hidden_hands)
    return json.dumps(results, ensure_ascii=False, indent=1).encode("utf-8")
