"""Both tables of a teams match entering from their phones (issue 23, item 11): each table
enters its lines, the opponents accept them, and a table sees the other table's result, the
board's IMPs and the match's VPs only when they are due."""

import uuid
from decimal import Decimal

import pytest
from django.utils import translation

from events.models import Change, Event, Match, MatchLine, TableCall, TableLine
from events.services.entry import LineRefused
from events.services.history import undo_change
from events.services.notes import note_text
from events.services.tables.access import TableClosed, event_tables, open_table
from events.services.tables.calls import call_director
from events.services.tables.match_tables import (
    accept_line,
    dispute_line,
    enter_line,
    reopen_line,
    table_now,
)
from events.services.tables.seating import seat_next_round
from events.services.teams.lines import delete_match_line, save_match_line
from events.services.teams.rounds import draw_next_round
from scoring import board_conditions, board_imps, match_imps, match_result
from scoring.traveller_lines import parse_traveller_line

pytestmark = pytest.mark.django_db

# Each board's line at table 1 (home NS) and table 2 (away NS).
LINES = {
    1: ("4S N 10", "4S S 9"),
    2: ("3NT E 8", "3NT W 9"),
    3: ("PASS", "1H N 7"),
    4: ("6D S 12", "5D N 12"),
}


@pytest.fixture
def swiss(make_team_event):
    event = make_team_event(teams=4, boards_per_match=4, vp_scale="20-table")
    draw_next_round(event=event)
    tables = {(a.table, a.half): a for a in event_tables(event=event)}
    match = Match.objects.get(event=event, round=1, table=1)
    return event, match, tables[1, 1], tables[1, 2]


def _ns(board: int, text: str) -> int:
    return parse_traveller_line(text).score_ns(board_conditions(board)[1])


def _at(access):
    """The table's match as its page shows it: being played, or played at this table."""
    now = table_now(access=access)
    return now.current or now.ended


def _enter(access, board, text, round=1):
    return enter_line(access=access, round=round, board_number=board, text=text, key=uuid.uuid4())


def _play(access, board, text, pin="", round=1):
    line = _enter(access, board, text, round)
    return accept_line(access=access, key=line.key, pin=pin)


def test_each_table_sees_its_match_and_who_sits_where(swiss):
    _event, match, first, second = swiss
    now = table_now(access=first)
    assert now.current == now.round(1) and now.ended is None
    at = now.current
    assert at.match == match and at.number == 1
    assert (at.ns.team, at.ew.team) == (match.home, match.away)
    assert at.ns.players == [f"{match.home.name.replace('Team', 'Player')}{s}" for s in "abcd"]
    assert at.seats == {
        "N": match.home.name,
        "S": match.home.name,
        "E": match.away.name,
        "W": match.away.name,
    }
    assert [b.number for b in at.boards] == [1, 2, 3, 4]
    assert [b.state for b in at.boards] == ["open"] * 4
    other = _at(second)
    assert (other.ns.team, other.ew.team) == (match.away, match.home)


def test_a_line_waits_for_the_opponents_then_is_the_match_line(swiss):
    event, match, first, _ = swiss
    line = _enter(first, 1, " 4s  n 10 ")
    assert line.state == TableLine.State.ENTERED
    assert not MatchLine.objects.filter(board__match=match).exists()
    assert _at(first).boards[0].state == "entered"

    accepted = accept_line(access=first, key=line.key)

    saved = MatchLine.objects.get(board__match=match, board__number=1, table=1)
    assert (accepted.state, accepted.match_line) == (TableLine.State.ACCEPTED, saved)
    assert saved.score_ns == 420
    change = Change.objects.filter(event=event).latest("pk")
    assert note_text(change.note) == f"entered at table 1 of match 1, accepted by {match.away.name}"
    assert _at(first).boards[0].state == "played"


def test_the_same_key_again_is_the_same_line(swiss):
    _, _, first, _ = swiss
    key = uuid.uuid4()
    one = enter_line(round=1, access=first, board_number=2, text="3NT E 8", key=key)
    again = enter_line(round=1, access=first, board_number=2, text="3NT E 8", key=key)
    assert one.pk == again.pk and TableLine.objects.count() == 1
    accept_line(access=first, key=key)
    assert accept_line(access=first, key=key).state == TableLine.State.ACCEPTED
    assert MatchLine.objects.count() == 1


def test_the_other_tables_result_and_the_imps_only_once_both_tables_played(swiss):
    _, _match, first, second = swiss
    _play(first, 1, "4S N 10")
    # The other table has not played board 1: it sees nothing of it, not even that it is in.
    theirs = _at(second).boards[0]
    assert (theirs.result, theirs.other, theirs.home_imps) == (None, None, None)
    mine = _at(first).boards[0]
    assert (mine.other, mine.home_imps) == (None, None)
    # Their line waiting for acceptance is not played either.
    waiting = _enter(second, 1, "4S S 9")
    assert _at(first).boards[0].other is None
    accept_line(access=second, key=waiting.key)

    imps = board_imps(_ns(1, "4S N 10"), _ns(1, "4S S 9"))
    for access, other_text in ((first, "4S S 9"), (second, "4S N 10")):
        board = _at(access).boards[0]
        assert board.other.score_ns == _ns(1, other_text)
        assert board.home_imps == imps == 10
    assert _at(first).home_vps is None


def test_the_matchs_vps_once_the_last_board_is_in(swiss):
    _, _match, first, second = swiss
    for board, (home_table, away_table) in LINES.items():
        _play(first, board, home_table)
        if board < 4:
            _play(second, board, away_table)
    assert _at(first).home_vps is None
    assert _at(second).home_imps is None
    _play(second, 4, LINES[4][1])

    boards = [board_imps(_ns(b, h), _ns(b, a)) for b, (h, a) in LINES.items()]
    result = match_result(match_imps(boards), boards=4, scale="20-table")
    for access in (first, second):
        now = table_now(access=access).ended
        assert [b.home_imps for b in now.boards] == boards
        assert (now.home_imps, now.away_imps) == (result.imps.home, result.imps.away)
        assert (now.home_vps, now.away_vps) == (
            Decimal(str(result.home_vps)),
            Decimal(str(result.away_vps)),
        )
    assert now.home_vps + now.away_vps == 20


def test_a_token_enters_its_own_matchs_boards_only(swiss):
    event, _match, first, _ = swiss
    with pytest.raises(LineRefused, match="boards 1 to 4, not board 5"):
        _enter(first, 5, "4S N 10")
    _play(first, 1, "4S N 10")
    # Board 1 of the match at table 2 is that match's: this token did not touch it.
    assert not MatchLine.objects.filter(board__match__table=2).exists()
    other = Match.objects.get(event=event, round=1, table=2)
    assert _at(first).match != other


def test_a_teams_table_is_refused_a_round_it_is_not_playing_in_a_teams_word(swiss):
    _, _, first, _ = swiss
    with translation.override("fr"), pytest.raises(LineRefused) as refused:
        _enter(first, 1, "4S N 10", round=2)
    # A teams event's round is a "tour" in French, a pairs event's a "position".
    assert str(refused.value) == "cette table ne joue pas le tour 2 en ce moment"


def test_a_line_the_director_alone_enters_is_refused(swiss):
    _, _, first, _ = swiss
    for text in ("A+ A-", "NP", "420", "4S N 10 # fouled"):
        with pytest.raises(LineRefused, match="call the director"):
            _enter(first, 1, text)
    with pytest.raises(LineRefused, match="14"):
        _enter(first, 1, "7NT N 14")
    assert not TableLine.objects.exists()


def _reopen(access, board, text, round=1):
    return reopen_line(access=access, round=round, board_number=board, text=text, key=uuid.uuid4())


def test_a_board_played_or_waiting_is_refused_but_corrected_before_the_round_ends(swiss):
    _, match, first, _ = swiss
    waiting = _enter(first, 1, "4S N 10")
    with pytest.raises(LineRefused, match="waiting for East-West"):
        _enter(first, 1, "4S N 11")
    with pytest.raises(LineRefused, match="not entered at this table"):
        _reopen(first, 1, "4S N 11")
    accept_line(access=first, key=waiting.key)
    with pytest.raises(LineRefused, match="already entered"):
        _enter(first, 1, "4S N 11")

    saved = MatchLine.objects.get(board__match=match, table=1)
    correction = _reopen(first, 1, "4S N 11")
    assert (correction.state, correction.match_line) == (TableLine.State.ENTERED, saved)
    assert _at(first).boards[0].state == "entered"
    # The result stands until the correction is accepted.
    saved.refresh_from_db()
    assert saved.score_ns == 420
    accept_line(access=first, key=correction.key)
    saved.refresh_from_db()
    assert saved.score_ns == 450
    assert _at(first).boards[0].state == "played"
    # A line the director entered at the table is the director's to correct.
    save_match_line(match=match, board_number=2, table=1, line=parse_traveller_line("3NT E 8"))
    with pytest.raises(LineRefused, match="call the director"):
        _reopen(first, 2, "3NT E 9")


def test_a_disputed_line_goes_back_to_north_and_calls_the_director(swiss):
    _, match, first, _ = swiss
    line = _enter(first, 2, "3NT E 8")
    dispute_line(access=first, key=line.key)
    assert TableLine.objects.get(pk=line.pk).state == TableLine.State.DISPUTED
    call = TableCall.objects.get(access=first)
    assert (call.kind, call.board_number, call.round) == (TableCall.Kind.DISPUTE, 2, 1)
    with pytest.raises(LineRefused, match="disputed: North enters it again"):
        accept_line(access=first, key=line.key)
    again = _enter(first, 2, "3NT E 7")
    assert TableCall.objects.get().cleared is None  # North's new line waits for East-West
    accept_line(access=first, key=again.key)
    assert MatchLine.objects.get(board__match=match, table=1).score_ns == 100
    # East-West accept the new line: the dispute is settled, its call cleared.
    assert TableCall.objects.get().cleared is not None


def test_the_directors_line_of_a_disputed_board_settles_the_dispute(swiss):
    _, match, first, second = swiss
    disputed = _enter(first, 2, "3NT E 8")
    dispute_line(access=first, key=disputed.key)
    other = _enter(second, 2, "3NT W 9")
    dispute_line(access=second, key=other.key)
    button = call_director(access=first, round=1)

    save_match_line(match=match, board_number=2, table=1, line=parse_traveller_line("3NT E 7"))

    # Table 1's dispute is settled as the director ruled: its call cleared, its line gone and
    # the board played; table 2's dispute and table 1's own call wait for the director.
    open_calls = TableCall.objects.filter(cleared__isnull=True)
    assert sorted(open_calls.values_list("access", "kind")) == [
        (first.pk, "call"),
        (second.pk, "dispute"),
    ]
    assert not TableLine.objects.filter(pk=disputed.pk).exists()
    assert TableLine.objects.get(pk=other.pk).state == TableLine.State.DISPUTED
    board = _at(first).board(2)
    assert (board.state, board.result.score_ns) == ("played", 100)
    assert button.pk in open_calls.values_list("pk", flat=True)


def test_a_wrong_pin_is_refused_when_the_event_asks_for_one(swiss):
    event, match, first, second = swiss
    Event.objects.filter(pk=event.pk).update(table_pin=True)
    first, second = open_table(token=first.token), open_table(token=second.token)
    line = _enter(first, 1, "4S N 10")
    wrong = "0000" if match.away.pin != "0000" else "1111"
    for pin in (wrong, "", match.home.pin):
        with pytest.raises(LineRefused, match="wrong PIN"):
            accept_line(access=first, key=line.key, pin=pin)
    assert not MatchLine.objects.exists()
    assert accept_line(access=first, key=line.key, pin=match.away.pin).match_line is not None
    # At table 2 the home team sits East-West and accepts with its own PIN.
    line = _enter(second, 1, "4S S 9")
    with pytest.raises(LineRefused, match="wrong PIN"):
        accept_line(access=second, key=line.key, pin=match.away.pin)
    accept_line(access=second, key=line.key, pin=match.home.pin)


def test_nothing_is_entered_once_the_event_is_published(swiss):
    event, _match, first, _ = swiss
    line = _enter(first, 1, "4S N 10")
    Event.objects.filter(pk=event.pk).update(status=Event.Status.PUBLISHED)
    with pytest.raises(TableClosed):
        open_table(token=first.token)
    first.event.refresh_from_db()
    with pytest.raises(LineRefused):
        accept_line(access=first, key=line.key)
    assert not MatchLine.objects.exists()
    assert TableLine.objects.get(pk=line.pk).state == TableLine.State.ENTERED


def test_the_next_matchs_players_seated_close_the_last_rounds_lines_to_the_table(swiss):
    event, _match, first, second = swiss
    for board, (home_table, away_table) in LINES.items():
        _play(first, board, home_table)
        _play(second, board, away_table)
    other = Match.objects.get(event=event, round=1, table=2)
    for board, (home_table, away_table) in LINES.items():
        for table, text in ((1, home_table), (2, away_table)):
            save_match_line(
                match=other, board_number=board, table=table, line=parse_traveller_line(text)
            )
    # Before the next round, a correction is still the table's: one waits, disputed.
    waiting = _reopen(first, 3, "1H N 7")
    dispute_line(access=first, key=waiting.key)
    assert table_now(access=first).ended.number == 1
    draw_next_round(event=event)
    # Drawn, the next match is the table's, the one just played shown until its players sit.
    now = table_now(access=first)
    assert (now.ended.number, now.current.number) == (1, 2)
    seat_next_round(now=now, round=2)

    first.refresh_from_db()
    now = table_now(access=first)
    assert now.ended is None and now.current.number == 2
    assert now.current.match == Match.objects.get(event=event, round=2, table=1)
    assert [b.state for b in now.current.boards] == ["open"] * 4
    # Round 1's board 3 is the director's now; the same number in the new match starts afresh.
    with pytest.raises(LineRefused, match="round 1 is over at this table"):
        _reopen(first, 3, "1H N 8")
    with pytest.raises(LineRefused, match="not playing round 1"):
        _enter(first, 3, "1H N 8")
    assert _enter(first, 3, "1H N 7", round=2).round == 2


def test_a_round_drawn_late_moves_each_table_on_once_its_own_match_is_in(swiss):
    event, match, first, second = swiss
    tables = {(a.table, a.half): a for a in event_tables(event=event)}
    late, late_away = tables[2, 1], tables[2, 2]
    for board, (home_table, away_table) in LINES.items():
        _play(first, board, home_table)
        _play(second, board, away_table)
        _play(late, board, home_table)
        if board < 4:
            _play(late_away, board, away_table)
    draw_next_round(event=event, late=True)
    round_two = {m.table: m for m in Match.objects.filter(event=event, round=2)}

    # Match table 1's match is in at both tables: its next match is round 2's, the one just
    # played shown above it until the players sit.
    now = table_now(access=first)
    assert (now.ended.match, now.current.match) == (match, round_two[1])
    assert _enter(first, 1, "4S N 10", round=2).round == 2
    # Match table 2's stays on round 1 while a board is out at its second table, at both.
    for access in (late, late_away):
        now = table_now(access=access)
        assert (now.current.number, now.ended) == (1, None)
    assert [b.state for b in table_now(access=late).current.boards] == ["played"] * 4
    with pytest.raises(LineRefused, match="not playing round 2"):
        _enter(late_away, 1, "4S N 10", round=2)

    _play(late_away, 4, LINES[4][1])

    for access in (late, late_away):
        now = table_now(access=access)
        assert (now.ended.number, now.current.match) == (1, round_two[2])


def test_a_tables_line_the_director_deletes_takes_its_table_line_with_it(swiss):
    _, match, first, _ = swiss
    _play(first, 2, "3NT E 8")

    delete_match_line(match=match, board_number=2, table=1)

    assert not TableLine.objects.exists()
    assert table_now(access=first).current.board(2).state == "open"


def test_an_undone_acceptance_opens_the_board_at_the_table_again(swiss, director):
    event, match, first, _ = swiss
    _play(first, 2, "3NT E 8")

    undo_change(change=Change.objects.filter(event=event).latest("pk"), user=director)

    # The line goes with its saved line, as the pairs' table's does (tables.unsaved).
    assert not MatchLine.objects.filter(board__match=match).exists()
    assert not TableLine.objects.exists()
    assert _at(first).board(2).state == "open"
    assert _play(first, 2, "3NT E 9").state == TableLine.State.ACCEPTED


def test_a_line_of_the_match_before_a_late_draw_is_kept_as_the_table_moves_on(swiss):
    event, match, first, second = swiss
    for board, (home_table, away_table) in LINES.items():
        if board < 4:
            _play(first, board, home_table)
        _play(second, board, away_table)
    waiting = _enter(first, 4, LINES[4][0])  # the last board, waiting for East-West
    draw_next_round(event=event, late=True)

    # The match is not in at both tables until East-West accept: the table stays on it.
    now = table_now(access=first)
    assert (now.current.match, now.current.board(4).state) == (match, "entered")
    accept_line(access=first, key=waiting.key)
    # In now, the table moves on, and a correction of the match just played is still its own.
    now = table_now(access=first)
    assert (now.ended.match, now.current.number) == (match, 2)
    correction = _reopen(first, 3, "1NT N 7")
    assert table_now(access=first).ended.board(3).state == "entered"
    accept_line(access=first, key=correction.key)
    line = MatchLine.objects.get(board__match=match, board__number=3, table=1)
    assert (line.contract, line.score_ns) == ("1NT", 90)
    assert _enter(first, 1, "4S N 10", round=2).round == 2
