"""What a table sees once it has played: each played board's score, points so far, traveller
and hand (each as the event's settings allow), and at the end of a round the round's scores, the
running ranking as the event's reveal rule allows, and where everyone goes next.

Nothing here is read for a board the table has not played: the boards come from the table's
own rounds (seating.table_now), and a board is shown only once its result is saved.
"""

from dataclasses import dataclass

from events.models import Board, IndividualPlayer, Result
from events.services.individuals import GuideLine, player_guides, player_ranking, side_players
from events.services.publication import results_visible, reveal_limit
from events.services.rankings import section_ranking
from events.services.setup import section_movement
from events.services.tables.seating import RoundAtTable, TableNow
from events.services.teams.standings import revealed_standings
from events.services.travellers import traveller
from scoring import ScoringError
from scoring.movements.individual import SEAT_ORDER
from scoring.movements.model import Position


@dataclass(frozen=True)
class PlayedBoard:
    board: Board
    result: Result  # the table's own line
    points: bool  # its matchpoints or IMPs so far are shown
    traveller: list[Result]  # the lines of the tables that played it (empty: not shown)
    hand: bool  # its hand record and double-dummy table are shown


@dataclass(frozen=True)
class PlayerNext:
    """Where a player of an individual's table goes after the round: their guide card's next
    line (a sit-out has no table), None after their last round."""

    individual: IndividualPlayer
    line: GuideLine | None


@dataclass(frozen=True)
class NextRound:
    """Where the table's pairs, or an individual's players, and boards go after the round."""

    ns_next: Position | None  # None after the last round
    ew_next: Position | None
    boards_go_to: tuple[int, ...]  # the tables that play this round's boards next round
    boards_wait: bool  # they go to the relay stand
    boards_come_from: list[int]  # the tables whose boards this table plays next round
    # An individual's sides part after each round: each player's next seat, North to West.
    players: tuple[PlayerNext, ...] = ()


@dataclass(frozen=True)
class EndOfRound:
    round: int
    boards: list[PlayedBoard]
    # section_ranking's groups, player_ranking's rows, or a teams event's standings; None: hidden
    ranking: list | None
    individual: bool
    next: NextRound | None


def played_boards(*, now: TableNow, at: RoundAtTable) -> list[PlayedBoard]:
    """The round's boards the table has played, each with what the event lets it see."""
    event = now.event
    shown = []
    for board in at.boards:
        if not board.played:
            continue
        lines = traveller(board=board.board) if event.table_shows_traveller else []
        shown.append(
            PlayedBoard(
                board.board,
                board.result,
                event.table_shows_points,
                lines,
                event.table_shows_hand and bool(board.board.deal),
            )
        )
    return shown


def end_of_round(*, now: TableNow) -> EndOfRound | None:
    """The view of the table's round just played, until it enters a line of the next. A teams
    table's match (its boards and result are the match's, match_tables.MatchAtTable) with the
    standings as the reveal rule shows them."""
    at = now.ended
    if at is None:
        return None
    event, section = now.event, now.section
    if now.access.half:
        return EndOfRound(at.number, [], revealed_standings(event=event), False, None)
    ranking = None
    if results_visible(event):
        limit = reveal_limit(event, section)
        rank = player_ranking if event.is_individual else section_ranking
        ranking = rank(section=section, up_to_round=limit)
    return EndOfRound(
        at.number,
        played_boards(now=now, at=at),
        ranking,
        event.is_individual,
        _next_round(now, at),
    )


def _next_round(now: TableNow, at: RoundAtTable) -> NextRound | None:
    try:
        cards = section_movement(section=now.section).table_cards()
    except ScoringError:  # a repair left the movement unsettled: the director's to say
        return None
    table = now.access.table
    line = next((c for c in cards.get(table, ()) if c.round == at.number), None)
    if line is None:
        return None
    come_from = sorted(
        t
        for t, lines in cards.items()
        for other in lines
        if other.round == at.number and table in other.boards_next
    )
    players = _players_next(now, at) if now.event.is_individual else ()
    return NextRound(
        line.ns_next, line.ew_next, line.boards_next, line.boards_wait, come_from, players
    )


def _players_next(now: TableNow, at: RoundAtTable) -> tuple[PlayerNext, ...]:
    """The table's four players in seat order, each with where their guide card sends them."""
    sides = side_players(section=now.section)
    seated = sides.get(at.meeting.ns_pair_id, {}) | sides.get(at.meeting.ew_pair_id, {})
    guides = {individual.pk: lines for individual, lines in player_guides(section=now.section)}
    # A guide card has a line a round, round 1 first: the next round's is at index at.number.
    return tuple(
        PlayerNext(player, lines[at.number] if at.number < len(lines) else None)
        for _, player in sorted(seated.items(), key=lambda item: SEAT_ORDER.index(item[0]))
        for lines in [guides[player.pk]]
    )
