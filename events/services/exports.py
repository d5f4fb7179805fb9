"""An event's results file: the event gathered from the database into the plain data a format
renders (a PairsFile, or a teams event's TeamsFile), then rendered by the format of the
events.formats registry.

Gathering reads by section, board and pair, never by line: a handful of queries whatever the
event's size (a player's scorecard in an individual's workbook aside).
"""

from django.conf import settings
from django.utils import translation

from events.formats import FORMATS
from events.formats.imported import ImportedTableRound
from events.formats.pair_files import (
    FileBoard,
    FileLine,
    FilePair,
    FilePlayer,
    FilePlayerLine,
    FilePlayerStanding,
    FileRanking,
    FileScorecardLine,
    FileSection,
    FileStanding,
    PairsFile,
)
from events.models import Board, Event, IndividualPlayer, Pair, Result, Section, TableRound
from events.services.event_settings import settings_summary
from events.services.individuals import player_ranking, player_scorecard, side_players
from events.services.movement_text import movement_name
from events.services.notes import note_text
from events.services.rankings import RankingGroup, overall_ranking, section_ranking
from events.services.team_exports import teams_file
from events.services.travellers import ScorecardLine, board_travellers, pair_scorecards


def export_file(
    *, event: Event, format_key: str, hidden_hands: set[int] = frozenset(), public: bool = False
) -> bytes:
    """The event's file in the format FORMATS[format_key]; the boards in `hidden_hands` (ids)
    without their cards. `public`: the file the public downloads, without the boards of a teams
    match still being played (the match page hides them too)."""
    fmt = FORMATS[format_key]
    if format_key != "xlsx":  # the other formats' words are their own, in every language
        return _rendered(fmt, event=event, hidden_hands=hidden_hands, public=public)
    with translation.override(club_language(event.club)):
        return _rendered(fmt, event=event, hidden_hands=hidden_hands, public=public)


def club_language(club) -> str:
    """The language a club's files are written in (the workbook's headings): the club's own
    setting where the club has one, else the site's."""
    return getattr(club, "language", None) or settings.LANGUAGE_CODE


def _rendered(fmt, *, event: Event, hidden_hands: set[int], public: bool) -> bytes:
    if event.is_teams:
        return fmt.render_teams(teams_file(event=event, public=public))
    document = pairs_file(event=event, hidden_hands=hidden_hands, scorecards=fmt.scorecards)
    return fmt.render(document)


def pairs_file(
    *, event: Event, hidden_hands: set[int] = frozenset(), scorecards: bool = False
) -> PairsFile:
    """A pairs or individual event as its files show it; the boards in `hidden_hands` (ids)
    without their deal, par and double-dummy table. `scorecards`: with each board's traveller
    and each pair's (or player's) scorecard, as the workbook lays them out."""
    sections = list(event.sections.all())
    rankings = {section.pk: section_ranking(section=section) for section in sections}
    models = {
        standing.pair.pk: standing.pair
        for groups in rankings.values()
        for group in groups
        for standing in group.standings
    }
    boards = list(Board.objects.filter(section__event=event))
    results = _results(event, sections, boards, models)
    letters = {section.pk: section.letter for section in sections}
    pairs = {pk: _pair(pair, letters) for pk, pair in models.items()}
    seats = {}
    if event.is_individual:
        seats = {side: at for s in sections for side, at in side_players(section=s).items()}
    lines = {result.pk: _line(result, pairs, seats) for result in results}
    on_board: dict[int, list[FileLine]] = {}
    for result in sorted(results, key=lambda r: (r.board_id, r.ns_pair.number)):
        on_board.setdefault(result.board_id, []).append(lines[result.pk])
    file_boards: dict[int, list[FileBoard]] = {section.pk: [] for section in sections}
    for board in boards:
        file_boards[board.section_id].append(
            _board(board, on_board.get(board.pk, []), hidden=board.pk in hidden_hands)
        )
    table_rounds: dict[int, list[ImportedTableRound]] = {section.pk: [] for section in sections}
    for tr in TableRound.objects.filter(section__event=event):
        table_rounds[tr.section_id].append(_table_round(tr, pairs))
    played: dict[int, list[Result]] | None = None
    if scorecards:
        played = {section.pk: [] for section in sections}
        for result in results:
            played[result.board.section_id].append(result)
    return PairsFile(
        identifier=event.pk,
        name=event.name,
        club_name=event.club.name,
        date=event.date,
        kind=event.kind,
        scoring=event.scoring,
        status=event.status,
        status_label=event.get_status_display(),
        mp_scale=event.mp_scale,
        mp_rounding=event.mp_rounding,
        missing_results=event.missing_results,
        factor_to=event.factor_to,
        percentage_basis=event.percentage_basis,
        datum_method=event.datum_method,
        cross_imp_mode=event.cross_imp_mode,
        adjusted_scores=event.adjusted_scores,
        factor_totals=event.factor_totals,
        factor_boards=event.factor_boards,
        winners=event.winners,
        section_scoring=event.section_scoring,
        reveal=event.reveal,
        settings_summary=settings_summary(event),
        sections=[
            _section(
                event,
                section,
                sections,
                ranking=_ranking(rankings[section.pk], pairs),
                boards=file_boards[section.pk],
                table_rounds=table_rounds[section.pk],
                played=played,
                lines=lines,
                pairs=pairs,
            )
            for section in sections
        ],
        overall=_ranking(overall_ranking(event=event), pairs) if len(sections) > 1 else [],
        lines=[lines[result.pk] for result in results],
    )


def _results(
    event: Event, sections: list[Section], boards: list[Board], pairs: dict[int, Pair]
) -> list[Result]:
    """Every line of the event by section, board, round, table and NS pair (lines without a
    round where the database puts them), each with its board and pairs (and their sections)
    attached: one query. select_related would build a board, two pairs and their sections again
    for each of a big event's 48,000 lines, and prefetch_related costs about as much."""
    by_id = {section.pk: section for section in sections}
    for item in (*boards, *pairs.values()):
        item.section = by_id[item.section_id]
    board_of = {board.pk: board for board in boards}
    # As select_related does: the related object goes into the line's field cache.
    board, ns_pair, ew_pair = (Result._meta.get_field(f) for f in ("board", "ns_pair", "ew_pair"))
    lines = list(
        Result.objects.filter(board__section__event=event).order_by(
            "board__section__letter", "board__number", "round", "table", "ns_pair__number"
        )
    )
    for line in lines:
        board.set_cached_value(line, board_of[line.board_id])
        ns_pair.set_cached_value(line, pairs[line.ns_pair_id])
        ew_pair.set_cached_value(line, pairs[line.ew_pair_id])
    return lines


def _section(
    event: Event,
    section: Section,
    sections: list[Section],
    *,
    ranking: list[FileRanking],
    boards: list[FileBoard],
    table_rounds: list[ImportedTableRound],
    played: dict[int, list[Result]] | None,
    lines: dict[int, FileLine],
    pairs: dict[int, FilePair],
) -> FileSection:
    standings = player_ranking(section=section) if event.is_individual else []
    travellers, scorecards, player_cards = {}, {}, {}
    if played is not None:
        # Across the field a traveller holds the lines of every section playing these deals.
        field = [
            other
            for other in sections
            if other == section or (event.across_field and other.board_set == section.board_set)
        ]
        travellers = {
            number: [lines[r.pk] for r in traveller]
            for number, traveller in board_travellers(
                [r for other in field for r in played[other.pk]]
            ).items()
        }
        scorecards = {
            pairs[pair_id].number: [_scorecard_line(card, lines, pairs) for card in cards]
            for pair_id, cards in pair_scorecards(played[section.pk]).items()
        }
        player_cards = {
            s.individual.number: _player_card(s.individual, lines, pairs) for s in standings
        }
    return FileSection(
        letter=section.letter,
        movement=section.movement,
        movement_shown=movement_name(section.movement),
        tables=section.tables,
        rounds=section.rounds,
        boards_per_round=section.boards_per_round,
        board_set=section.board_set,
        barometer=section.barometer,
        table_rounds=table_rounds,
        boards=boards,
        ranking=ranking,
        player_ranking=[
            FilePlayerStanding(
                _player(s.individual), s.place, s.score, s.percentage, s.boards_played
            )
            for s in standings
        ],
        travellers=travellers,
        scorecards=scorecards,
        player_cards=player_cards,
    )


def _table_round(tr: TableRound, pairs: dict[int, FilePair]) -> ImportedTableRound:
    def number(pair_id: int | None) -> int | None:
        return pairs[pair_id].number if pair_id in pairs else None

    return ImportedTableRound(
        tr.round,
        tr.table,
        number(tr.ns_pair_id),
        number(tr.ew_pair_id),
        tr.low_board,
        tr.high_board,
    )


def _ranking(groups: list[RankingGroup], pairs: dict[int, FilePair]) -> list[FileRanking]:
    return [
        FileRanking(
            group.title,
            [
                FileStanding(pairs[s.pair.pk], s.place, s.score, s.percentage, s.boards_played)
                for s in group.standings
            ],
        )
        for group in groups
    ]


def _pair(pair: Pair, letters: dict[int, str]) -> FilePair:
    return FilePair(
        section=letters[pair.section_id],
        number=pair.number,
        name=pair.name,
        file_id=pair.file_id,
        direction=pair.direction,
        names=pair.names,
        score=pair.score,
        percentage=pair.percentage,
        boards_played=pair.boards_played,
    )


def _player(individual: IndividualPlayer) -> FilePlayer:
    return FilePlayer(individual.number, individual.name)


def _board(board, lines: list[FileLine], *, hidden: bool) -> FileBoard:
    return FileBoard(
        number=board.number,
        dealer=board.dealer,
        vulnerability=board.vulnerability,
        deal="" if hidden else board.deal,
        par="" if hidden else board.par,
        double_dummy=None if hidden else board.double_dummy,
        lines=lines,
        movement_results=board.movement_results,
    )


def _line(result: Result, pairs: dict[int, FilePair], seats: dict) -> FileLine:
    """The line; in an individual with the four players of its two sides, by seat."""
    players = seats.get(result.ns_pair_id, {}) | seats.get(result.ew_pair_id, {})
    return FileLine(
        board=result.board.number,
        ns_pair=pairs[result.ns_pair_id],
        ew_pair=pairs[result.ew_pair_id],
        round=result.round,
        table=result.table,
        contract=result.contract,
        declarer=result.declarer,
        lead=result.lead,
        tricks=result.tricks,
        score_ns=result.score_ns,
        score_ew=result.score_ew,
        ns_adjustment=result.ns_adjustment,
        ew_adjustment=result.ew_adjustment,
        ns_percent=result.ns_percent,
        ew_percent=result.ew_percent,
        not_played=result.not_played,
        note=note_text(result.note),
        weights=result.weights,
        ns_points=result.ns_points,
        ew_points=result.ew_points,
        players={seat: player.number for seat, player in sorted(players.items())},
        fixed=result.is_fixed,
    )


def _scorecard_line(
    card: ScorecardLine, lines: dict[int, FileLine], pairs: dict[int, FilePair]
) -> FileScorecardLine:
    return FileScorecardLine(
        board=card.board.number,
        line=lines[card.result.pk],
        direction=card.direction,
        opponents=pairs[card.opponents.pk],
        score=card.score,
        points=card.points,
        percentage=card.percentage,
    )


def _player_card(
    individual: IndividualPlayer,
    lines: dict[int, FileLine],
    pairs: dict[int, FilePair],
) -> list[FilePlayerLine]:
    return [
        FilePlayerLine(
            row.round,
            row.seat,
            _player(row.partner),
            (_player(row.opponents[0]), _player(row.opponents[1])),
            _scorecard_line(row.line, lines, pairs),
        )
        for row in player_scorecard(individual=individual)
    ]
