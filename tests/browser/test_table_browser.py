"""A whole 4-table Mitchell of two rounds of three boards played from four phones (issue 23):
every line entered by taps and accepted by the opponents, one table off the Wi-Fi for a round,
one dispute, one correction before the round ends; the ranking and the history come out of it."""

import pytest

from events.models import Change, Pair, Result, TableAccess, TableCall, TableLine
from events.services.notes import note_text
from events.services.rankings import section_ranking
from events.services.setup import name_pairs
from events.services.tables.access import event_tables
from scoring import board_conditions, deal_score, parse_contract
from scoring.boards import is_vulnerable
from scoring.matchpoints import matchpoints
from scoring.movements import mitchell
from tests.browser.conftest import PHONE, screenshot

pytestmark = pytest.mark.django_db(transaction=True)

# What each table's North taps, board by board: level, strain, doubled, declarer, tricks.
# Every board is played twice (two rounds), with different results so that the matchpoints split.
LINES = {
    1: ("4", "S", "", "N", 10),
    2: ("3", "NT", "", "S", 8),
    3: ("2", "H", "X", "E", 8),
    4: ("1", "C", "", "W", 7),
    5: ("5", "D", "", "N", 11),
    6: ("6", "S", "", "S", 12),
    7: ("3", "NT", "", "E", 9),
    8: ("4", "H", "", "W", 9),
    9: ("2", "S", "", "N", 9),
    10: ("3", "C", "XX", "S", 9),
    11: ("1", "NT", "", "E", 6),
    12: ("4", "S", "X", "W", 11),
}
# The second table to play a board takes one trick more (or less, at 13); board 11 is passed out.
SECOND = {board: (*line[:4], line[4] + 1 if line[4] < 13 else 12) for board, line in LINES.items()}
SECOND[11] = PASSED = None


def tap_line(page, board: int, line: tuple) -> None:
    page.click(f'[data-board-button][data-board="{board}"]')
    tap_contract(page, line)


def tap_contract(page, line: tuple | None, shot: str = "", lead: tuple = ()) -> None:
    """Tap a line in, with a lead when the event asks for one (`lead`, a suit and a rank, or
    the king of the suit after the contract's), or passed out (None)."""
    if line is PASSED:
        page.click("#entry [data-passed]")
        page.click("#entry-save")
        return
    level, strain, doubled, declarer, tricks = line
    page.click(f'#entry [data-level="{level}"]')
    page.click(f'#entry [data-strain="{strain}"]')
    page.click(f'#entry [data-doubled="{doubled}"]')
    page.click(f'#entry [data-declarer="{declarer}"]')
    page.click(f'#entry-tricks [data-tricks="{tricks}"]')
    if page.is_visible("#entry-lead"):
        assert page.is_disabled("#entry-save")  # no lead yet
        suit, rank = lead or (LEADS[strain], "K")
        page.click(f'#entry [data-suit="{suit}"]')
        page.click(f'#entry [data-rank="{rank}"]')
    if shot:
        screenshot(page, shot)
    page.click("#entry-save")


LEADS = {"C": "D", "D": "H", "H": "S", "S": "C", "NT": "S"}


def all_saved(page) -> None:
    page.wait_for_selector("#sync-status.saved")


def play(page, board: int, line: tuple, *, accept: bool = True) -> None:
    tap_line(page, board, line)
    page.wait_for_selector("#accept:not([hidden])")
    if accept:
        page.click("#accept-yes")


def test_four_phones_play_a_mitchell(chromium, live_server, make_event):
    event = make_event(mitchell(4, 3, rounds=2), name="Phone Pairs", table_lead=True)
    pairs = Pair.objects.filter(section__event=event)
    name_pairs(names={p: [f"North {p.number}", f"South {p.number}"] for p in pairs})
    tables = event_tables(event=event)
    contexts, phones = [], []
    for access in tables:
        context = chromium.new_context(viewport=PHONE, service_workers="block")
        page = context.new_page()
        page.goto(f"{live_server.url}/table/{access.token}/")
        contexts.append(context)
        phones.append(page)
    try:
        played = _round_one(phones)
        played = _round_two(phones, tables, played)
        _check_the_session(event, played)
    finally:
        for context in contexts:
            context.close()


def boards_of(page) -> list[int]:
    return [
        int(b)
        for b in page.eval_on_selector_all(
            "#boards [data-board-button]", "(buttons) => buttons.map((b) => b.dataset.board)"
        )
    ]


def _round_one(phones) -> dict:
    played = {}
    for table, page in enumerate(phones, start=1):
        assert page.inner_text("#seats").count(f"North {table}") == 1
        assert "Round 1" in page.inner_text("#table-now h1")
        boards = boards_of(page)
        assert boards == list(range(3 * table - 2, 3 * table + 1))
        for board in boards:
            if (table, board) == (1, 1):
                # East-West do not agree: back to North, the director is called.
                wrong = (*LINES[1][:4], 9)
                page.click(f'[data-board-button][data-board="{board}"]')
                tap_contract(page, wrong, shot="table-entry")
                page.wait_for_selector("#accept:not([hidden])")
                screenshot(page, "table-accept")
                assert page.inner_text("#accept-line") == (
                    "4♠ by North, tricks: 9 (−1), lead ♣K · NS −50"
                )
                page.click("#accept-no")
                page.wait_for_selector('[data-board="1"][data-state="disputed"]')
            play(page, board, LINES[board])
            played[board] = [LINES[board]]
            all_saved(page)
        page.wait_for_selector("#end-of-round")
        if table == 1:
            screenshot(page, "table-end-of-round")
    # Table 2 corrects board 4 before it starts its next round; East-West accept it again.
    page = phones[1]
    corrected = (*LINES[4][:4], LINES[4][4] + 2)
    page.click('[data-correct="4"]')
    tap_contract(page, corrected)
    page.click("#accept-yes")
    all_saved(page)
    page.wait_for_selector('#end-of-round [data-correct="4"]')
    played[4] = [corrected]
    return played


def _round_two(phones, tables, played) -> dict:
    offline = phones[3]
    offline.context.set_offline(True)
    # A reload loses nothing typed: table 3's North has tapped half a line.
    half = phones[2]
    half.click(f'[data-board-button][data-board="{boards_of(half)[0]}"]')
    half.click('#entry [data-level="5"]')
    half.click('#entry [data-strain="H"]')
    half.reload()
    half.wait_for_selector("#entry:not([hidden])")
    assert half.get_attribute('#entry [data-level="5"]', "aria-pressed") == "true"
    assert half.get_attribute('#entry [data-strain="H"]', "aria-pressed") == "true"
    half.click("#entry-cancel")
    for page in phones:
        assert "Round 2" in page.inner_text("#table-now h1")
        for board in boards_of(page):
            play(page, board, SECOND[board])
            # The first tap of round 2 says its players are seated: round 1 is gone.
            assert not page.is_visible('#end-of-round[data-round="1"]')
            played[board].append(SECOND[board])
            if page is not offline:
                all_saved(page)
    # Off the Wi-Fi, table 4's seating, three lines and their acceptances wait on the phone.
    assert offline.inner_text("#sync-status") == "Not saved yet: 7 waiting to send. " + (
        "No connection: they are sent when it is back."
    )
    screenshot(offline, "table-offline")
    # A reload with no connection shows the browser's own page; nothing typed is lost.
    with pytest.raises(playwright_error()):
        offline.reload()
    offline.context.set_offline(False)
    offline.reload()
    all_saved(offline)
    offline.reload()
    all_saved(offline)
    assert [t.seated_round for t in TableAccess.objects.order_by("table")] == [2, 2, 2, 2]
    lines = list(TableLine.objects.filter(access=tables[3], round=2).order_by("created"))
    assert [(line.board_number, line.state) for line in lines] == [
        (1, "accepted"),
        (2, "accepted"),
        (3, "accepted"),
    ]
    return played


def director_enters(event, meeting, number: int, text: str) -> None:
    """The director saves a line of board `number` for the table-round `meeting` meanwhile."""
    from events.models import Board
    from events.services.entry import save_line
    from scoring import parse_traveller_line

    board = Board.objects.select_related("section__event").get(section__event=event, number=number)
    save_line(
        board=board,
        line=parse_traveller_line(text),
        ns_pair=meeting.ns_pair.number,
        ew_pair=meeting.ew_pair.number,
    )


def playwright_error():
    from playwright.sync_api import Error

    return Error


def _check_the_session(event, played) -> None:
    section = event.sections.get()
    # The ranking, worked out here from the lines tapped and the movement.
    totals = {}
    sittings = mitchell(4, 3, rounds=2).sittings
    for board, lines in played.items():
        scores, meetings = [], []
        for sitting, line in zip(
            sorted(
                (s for s in sittings if 3 * s.board_set - 2 <= board <= 3 * s.board_set),
                key=lambda s: s.round,
            ),
            lines,
            strict=True,
        ):
            meetings.append(sitting)
            if line is PASSED:
                scores.append(0)
                continue
            level, strain, doubled, declarer, tricks = line
            _, vulnerability = board_conditions(board)
            score = deal_score(
                parse_contract(f"{level}{strain}{doubled}"),
                is_vulnerable(vulnerability, declarer),
                tricks,
            )
            scores.append(score if declarer in "NS" else -score)
        for sitting, points in zip(meetings, matchpoints(scores), strict=True):
            totals[sitting.ns_pair] = totals.get(sitting.ns_pair, 0) + points
            totals[sitting.ew_pair] = totals.get(sitting.ew_pair, 0) + 2 - points
    saved = {p.number: p.score for p in section.pairs.all()}
    assert saved == totals
    ranking = section_ranking(section=section)
    for group in ranking:
        shown = [s.pair.number for s in group.standings]
        assert shown == sorted(shown, key=lambda n: (-totals[n], n))
    # Every line came from a table, and its history says which.
    results = Result.objects.filter(board__section=section)
    assert results.count() == 24
    for result in results:
        notes = [
            note_text(row.change.note)
            for row in Result.history.filter(id=result.pk).select_related("change")
        ]
        assert all(
            note.startswith(f"entered at table {result.table}, accepted by EW ") for note in notes
        )
    assert {r.lead for r in results if r.contract != "PASS"} == {"SK", "HK", "DK", "CK"}
    assert Result.objects.get(board__section=section, board__number=11, round=2).score_ns == 0
    corrected = Result.objects.get(board__section=section, board__number=4, round=1)
    assert Result.history.filter(id=corrected.pk).count() == 2
    assert TableCall.objects.filter(kind="dispute", board_number=1).count() == 1
    assert Change.objects.filter(event=event, kind=Change.Kind.RESULT).count() == 25


def test_a_phone_is_told_what_was_refused(chromium, live_server, make_event):
    """A wrong PIN is typed again; a board the director entered meanwhile is refused in words
    and leaves nothing waiting; the director's button calls the director."""
    from events.models import TableRound

    event = make_event(mitchell(4, 3, rounds=2), name="PIN Pairs", table_pin=True)
    access = event_tables(event=event)[0]
    context = chromium.new_context(viewport=PHONE, service_workers="block")
    page = context.new_page()
    try:
        page.goto(f"{live_server.url}/table/{access.token}/")
        meeting = TableRound.objects.get(section__event=event, round=1, table=1)
        director_enters(event, meeting, 2, "3NT S 9")
        tap_line(page, 2, LINES[2])
        page.wait_for_selector("#table-message:not([hidden])")
        assert page.inner_text("#table-message") == "Board 2 not saved: board 2 is already entered"
        page.wait_for_selector("#accept", state="hidden")
        all_saved(page)

        tap_line(page, 1, LINES[1])
        page.fill("#accept-pin", "0000" if meeting.ew_pair.pin != "0000" else "1111")
        page.click("#accept-yes")
        page.wait_for_selector("#table-message:not([hidden])")
        assert "wrong PIN" in page.inner_text("#table-message")
        page.wait_for_selector("#accept:not([hidden])")
        page.fill("#accept-pin", meeting.ew_pair.pin)
        page.click("#accept-yes")
        page.wait_for_selector('[data-board="1"][data-state="played"]')
        assert Result.objects.get(board__number=1, board__section__event=event).score_ns == 420

        page.click("#call-director")
        all_saved(page)
        assert TableCall.objects.filter(access=access, kind="call").count() == 1
    finally:
        context.close()


def test_the_director_sees_the_room_while_a_phone_plays(chromium, live_server, make_event):
    """The rest of the evening from a phone, with the director's room open beside it: a lead
    the leader does not hold is refused (the hand record is loaded), the table's call shows in
    the room within seconds, and the director takes the table over, accepting for it a line
    its opponents left waiting."""
    from playwright.sync_api import expect

    from events.models import Board
    from tests.browser.conftest import DESKTOP

    event = make_event(mitchell(4, 3, rounds=2), name="Room Pairs", table_lead=True)
    # North holds every king: East, on lead against North's 4S on board 1, has hearts.
    Board.objects.filter(section__event=event, number=1).update(
        deal="N:AKQJ.AKQ.AKQ.AKQ T98.JT98765432.. 765432..JT98.JT9 ..765432.8765432"
    )
    access = event_tables(event=event)[0]
    phone_context = chromium.new_context(viewport=PHONE, service_workers="block")
    director_context = chromium.new_context(viewport=DESKTOP)
    try:
        director = director_context.new_page()
        director.goto(f"{live_server.url}/login/")
        director.fill("#id_username", "director")
        director.fill("#id_password", "bridge-director")
        director.keyboard.press("Enter")
        director.wait_for_url(f"{live_server.url}/director/**")
        director.goto(f"{live_server.url}/director/events/{event.pk}/room/")
        phone = phone_context.new_page()
        phone.goto(f"{live_server.url}/table/{access.token}/")

        tap_line(phone, 1, LINES[1])  # led with the club king, which North holds
        phone.wait_for_selector("#table-message:not([hidden])")
        assert phone.inner_text("#table-message") == (
            "Board 1 not saved: East does not hold the ♣K on board 1"
        )
        all_saved(phone)
        assert not TableLine.objects.filter(access=access).exists()
        phone.click('[data-board-button][data-board="1"]')
        tap_contract(phone, LINES[1], lead=("H", "J"))
        phone.wait_for_selector("#accept:not([hidden])")
        phone.click("#accept-yes")
        phone.wait_for_selector('[data-board="1"][data-state="played"]')
        assert Result.objects.get(board__number=1).lead == "HJ"

        phone.click("#call-director")
        all_saved(phone)
        call = TableCall.objects.get(access=access, kind="call")
        expect(director.locator(f"#calls #call-{call.pk}")).to_be_visible(timeout=8000)

        # Board 2's opponents walk away: the director accepts the line for the table.
        play(phone, 2, LINES[2], accept=False)
        all_saved(phone)
        line = TableLine.objects.get(access=access, board_number=2)
        waiting = director.locator(f"#table-line-{line.pk}")
        expect(waiting).to_contain_text("3NT S 8", timeout=8000)
        waiting.get_by_role("button", name="Accept for the table").click()
        expect(waiting).to_have_count(0)
        saved = Result.objects.get(board__number=2)
        assert (saved.contract, saved.tricks, saved.table) == ("3NT", 8, 1)
        note = note_text(
            Change.objects.filter(kind=Change.Kind.RESULT).order_by("-pk").first().note
        )
        assert note == "accepted by the director for table 1"
        phone.reload()
        phone.wait_for_selector('[data-board="2"][data-state="played"]')
    finally:
        phone_context.close()
        director_context.close()
