"""One match of a Swiss teams event played from both its tables' phones (issue 23, item 11):
every board entered by taps and accepted by East-West; a table sees the other table's result
and the board's IMPs only once both have played it, and the match's IMPs and VPs once its last
board is in, equal to a computation here."""

import pytest

from events.models import Match, MatchLine
from events.services.tables.access import event_tables
from events.services.teams.lines import save_match_line
from events.services.teams.rounds import draw_next_round
from scoring import (
    board_conditions,
    board_imps,
    deal_score,
    match_imps,
    match_result,
    parse_contract,
    parse_traveller_line,
)
from scoring.boards import is_vulnerable
from tests.browser.conftest import PHONE, screenshot

pytestmark = pytest.mark.django_db(transaction=True)

# What each table's North taps, board by board: level, strain, doubled, declarer, tricks.
TABLE_1 = {
    1: ("4", "S", "", "N", 10),
    2: ("3", "NT", "", "E", 8),
    3: ("2", "H", "X", "S", 7),
    4: ("6", "D", "", "N", 12),
}
TABLE_2 = {
    1: ("4", "S", "", "S", 11),
    2: ("3", "NT", "", "W", 9),
    3: ("3", "C", "", "E", 8),
    4: ("6", "D", "", "S", 12),
}


def ns_score(board: int, line: tuple) -> int:
    level, strain, doubled, declarer, tricks = line
    vulnerable = is_vulnerable(board_conditions(board)[1], declarer)
    score = deal_score(parse_contract(level + strain + doubled), vulnerable, tricks)
    return score if declarer in "NS" else -score


def points(value) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".")


def play(page, board: int, line: tuple) -> None:
    level, strain, doubled, declarer, tricks = line
    page.click(f'[data-board-button][data-board="{board}"]')
    page.click(f'#entry [data-level="{level}"]')
    page.click(f'#entry [data-strain="{strain}"]')
    page.click(f'#entry [data-doubled="{doubled}"]')
    page.click(f'#entry [data-declarer="{declarer}"]')
    page.click(f'#entry-tricks [data-tricks="{tricks}"]')
    page.click("#entry-save")
    page.wait_for_selector("#accept:not([hidden])")
    assert f"NS {signed(ns_score(board, line))}" in page.inner_text("#accept-line")
    page.click("#accept-yes")
    page.wait_for_selector(f'[data-board="{board}"][data-state="played"]')
    page.wait_for_selector("#sync-status.saved")


def signed(score: int) -> str:
    """A score as the phone's script writes it (a true minus sign)."""
    return f"+{score}" if score > 0 else (f"\u2212{-score}" if score < 0 else "0")


def plain(score: int) -> str:
    """A score or IMPs as the page writes them."""
    return f"+{score}" if score > 0 else str(score)


def _contract_text(line: tuple) -> str:
    """The other table's contract as the page shows it, suit symbol and all."""
    level, strain, doubled, declarer, tricks = line
    suit = {"C": "\u2663", "D": "\u2666", "H": "\u2665", "S": "\u2660", "NT": "NT"}[strain]
    return f"{level}{suit}{doubled} {declarer} {tricks} ·"


def board_text(page, board: int) -> str:
    return page.inner_text(f"#match-board-{board}")


def test_both_tables_of_a_match_play_it_from_their_phones(chromium, live_server, make_team_event):
    event = make_team_event(teams=4, boards_per_match=4, vp_scale="20-table")
    draw_next_round(event=event)
    tables = {(a.table, a.half): a for a in event_tables(event=event)}
    match = Match.objects.get(event=event, round=1, table=1)
    home, away = match.home.name, match.away.name
    contexts, phones = [], []
    for half in (1, 2):
        context = chromium.new_context(viewport=PHONE, service_workers="block")
        page = context.new_page()
        page.goto(f"{live_server.url}/table/{tables[1, half].token}/")
        contexts.append(context)
        phones.append(page)
    first, second = phones
    try:
        assert first.inner_text("#seats").startswith("North-South\n" + home)
        assert second.inner_text("#seats").startswith("North-South\n" + away)

        for board, line in TABLE_1.items():
            play(first, board, line)
        second.reload()
        # Table 2 has played nothing: it sees nothing of table 1's boards.
        assert "Other table" not in second.inner_text("#table-now")
        assert "IMPs" not in second.inner_text("#table-now")
        screenshot(first, "match-table-1-played")

        expected = {}
        for board, line in TABLE_2.items():
            play(second, board, line)
            imps = board_imps(ns_score(board, TABLE_1[board]), ns_score(board, line))
            expected[board] = imps
            text = board_text(second, board)
            assert f"Other table: NS {plain(ns_score(board, TABLE_1[board]))}" in text.replace(
                _contract_text(TABLE_1[board]) + " ", ""
            )
            assert f"IMPs to {away}: {plain(-imps)}" in text
            if board < 4:
                # Boards not yet played at table 2 show nothing of table 1's.
                assert "Other table" not in board_text(second, board + 1)
                assert not second.query_selector("#match-result")

        result = match_result(match_imps(expected.values()), boards=4, scale="20-table")
        first.reload()
        for page in (first, second):
            page.wait_for_selector("#match-result")
            rows = page.inner_text("#match-result tbody").splitlines()
            assert rows == [
                f"{home}\t{points(result.imps.home)}\t{points(result.home_vps)}",
                f"{away}\t{points(result.imps.away)}\t{points(result.away_vps)}",
            ]
        screenshot(second, "match-table-2-result")
    finally:
        for context in contexts:
            context.close()

    saved = {
        (line.board.number, line.table): line.score_ns
        for line in MatchLine.objects.filter(board__match=match)
    }
    assert saved == {
        **{(b, 1): ns_score(b, line) for b, line in TABLE_1.items()},
        **{(b, 2): ns_score(b, line) for b, line in TABLE_2.items()},
    }
    match.refresh_from_db()
    assert (match.home_vps, match.away_vps) == (result.home_vps, result.away_vps)


def test_a_line_waiting_to_send_shows_on_its_own_matchs_board_only(
    chromium, live_server, make_team_event
):
    """The match just played and the next one both have boards 1 to 4: a line of the next
    match waiting to send (no connection) is marked on its board, not on the ended match's."""
    event = make_team_event(teams=4, boards_per_match=4, vp_scale="20-table")
    draw_next_round(event=event)
    match = Match.objects.get(event=event, round=1, table=1)
    for table, lines in ((1, TABLE_1), (2, TABLE_2)):
        for board, (level, strain, doubled, declarer, tricks) in lines.items():
            save_match_line(
                match=match,
                board_number=board,
                table=table,
                line=parse_traveller_line(f"{level}{strain}{doubled} {declarer} {tricks}"),
            )
    draw_next_round(event=event, late=True)
    access = next(a for a in event_tables(event=event) if (a.table, a.half) == (1, 1))
    context = chromium.new_context(viewport=PHONE, service_workers="block")
    page = context.new_page()
    try:
        page.goto(f"{live_server.url}/table/{access.token}/")
        ended = '#end-of-round [data-board-button][data-board="1"] .queued'
        current = "#match-board-1 [data-board-button] .queued"
        page.wait_for_selector("#seated")
        page.context.set_offline(True)
        page.click("#match-board-1 [data-board-button]")
        page.click('#entry [data-level="4"]')
        page.click('#entry [data-strain="S"]')
        page.click('#entry [data-doubled=""]')
        page.click('#entry [data-declarer="N"]')
        page.click('#entry-tricks [data-tricks="10"]')
        page.click("#entry-save")
        page.click("#accept-later")
        page.wait_for_selector(f"{current}:not([hidden])")
        # The ended match is hidden too (a line of the next one ends it), its note unmarked.
        assert page.is_hidden("#end-of-round")
        assert page.eval_on_selector(ended, "note => [note.hidden, note.textContent]") == [
            True,
            "",
        ]
    finally:
        context.close()
