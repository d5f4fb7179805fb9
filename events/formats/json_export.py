"""The event's results as JSON, in a shape other programs can rely on.

    {"event": {"id", "name", "club", "date", "kind", "scoring", "status", "settings": {...}},
     "ranking": [{"section", "pair", "label", "direction", "names", "score", "percentage",
                  "place", "boards_played"}],
     "overall": [... as "ranking"] (several sections only),
     "boards": [{"section", "number", "dealer", "vulnerability", "deal", "par", "datum",
                 "results": [{"ns", "ew", "ns_label", "ew_label", "round", "table", "contract",
                              "declarer", "tricks", "lead", "score_ns", "score_ew", "adjusted",
                              "weighted", "not_played", "ns_points", "ew_points",
                              "fixed"}]}]}

"datum" is null unless the event is scored by Butler; across the field it is the field's datum,
the one the board was scored against. "fixed" is true for a line whose points are kept as the
file it was imported from printed them (they fit no rule we score by). "adjusted" is null, or the
two sides' codes and percents: {"ns": "A+", "ew": "A-", "ns_percent": 60, "ew_percent": 40}.
"weighted" is null, or a weighted score's parts (Law 12C1(c)): [{"percent": 40, "contract": "4S",
"declarer": "N", "tricks": 10, "score_ns": 420}, ...] (contract null for a part given as a score
alone), its "score_ns" then their weighted mean. "pair", "ns" and "ew" are pair numbers, unique in
the event; a label is what players know the pair by: "3 NS" and "3 EW" in a Mitchell numbered per
direction, else the number. Numbers are unrounded (to 6 decimals); "place" is a string such as
"3=". With two winners the ranking lists North-South, then East-West, each with its own places. An
event of several sections ranks each section ("section" is its letter; "pair" is unique in its
section, the label names it: "A3 NS"), then the whole field in "overall"; "section_scoring" says
whether its boards were matchpointed within each section or across the field.

An individual event ("kind": "individual") ranks players: "ranking" is [{"player", "name",
"score", "percentage", "place", "boards_played"}], and each result names its four players,
"players": {"N": 1, "S": 11, "E": 6, "W": 16}; its "ns" and "ew" are then the sides (the two
players sitting North-South, or East-West, at a table in a round).
"""

import json

from events.formats.pair_files import FileLine, FileStanding, PairsFile
from events.formats.vocabulary import BUTLER
from scoring import butler_datum
from scoring.adjusted_scores import FIXED_PERCENT


def _number(value: float | None) -> float | None:
    return None if value is None else round(value, 6)


def event_results(pairs_file: PairsFile) -> dict:
    """The event's settings, ranking and travellers as plain data (see the module docstring)."""
    sections = pairs_file.sections
    ranking = [
        _standing(standing)
        for section in sections
        for group in section.ranking
        for standing in group.standings
    ]
    if pairs_file.is_individual:
        ranking = [row for section in sections for row in _player_ranking(section)]
    boards = [
        {
            "section": section.letter,
            "number": board.number,
            "dealer": board.dealer,
            "vulnerability": board.vulnerability,
            "deal": board.deal or None,
            "par": board.par or None,
            "datum": _datum(pairs_file, pairs_file.compared_lines(section, board)),
            "results": [_result(line, pairs_file.is_individual) for line in board.lines],
        }
        for section in sections
        for board in section.boards
    ]
    return {
        "event": {
            "id": pairs_file.identifier,
            "name": pairs_file.name,
            "club": pairs_file.club_name,
            "date": pairs_file.date.isoformat(),
            "kind": pairs_file.kind,
            "scoring": pairs_file.scoring,
            "status": pairs_file.status,
            "settings": {
                "mp_scale": pairs_file.mp_scale,
                "mp_rounding": pairs_file.mp_rounding,
                "missing_results": pairs_file.missing_results,
                "factor_to": pairs_file.factor_to,
                "percentage_basis": pairs_file.percentage_basis,
                "datum_method": pairs_file.datum_method,
                "cross_imp_mode": pairs_file.cross_imp_mode,
                "factor_totals": pairs_file.factor_totals,
                "factor_boards": pairs_file.factor_boards,
                "winners": pairs_file.winners,
                "section_scoring": pairs_file.section_scoring,
            },
        },
        "ranking": ranking,
        **(
            {
                "overall": [
                    _standing(standing)
                    for group in pairs_file.overall
                    for standing in group.standings
                ]
            }
            if len(sections) > 1
            else {}
        ),
        "boards": boards,
    }


def _standing(standing: FileStanding) -> dict:
    pair = standing.pair
    return {
        "section": pair.section,
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
            "player": standing.player.number,
            "name": standing.player.name,
            "score": _number(standing.score),
            "percentage": _number(standing.percentage),
            "place": standing.place,
            "boards_played": standing.boards_played,
        }
        for standing in section.player_ranking
    ]


def _datum(pairs_file: PairsFile, results: list[FileLine]) -> int | None:
    if pairs_file.scoring != BUTLER:
        return None
    scores = [r.score_ns for r in results if r.score_ns is not None]
    return butler_datum(scores, pairs_file.datum_method) if scores else None


def _adjusted(result: FileLine) -> dict | None:
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


def _weighted(result: FileLine) -> list[dict] | None:
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


def _result(result: FileLine, individual: bool) -> dict:
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
        "fixed": result.fixed,
    }
    if individual:
        line["players"] = result.players
    return line


def render_event(pairs_file: PairsFile) -> bytes:
    results = event_results(pairs_file)
    return json.dumps(results, ensure_ascii=False, indent=1).encode("utf-8")
