"""The director's pages: set-up, movement, names, the event page, publishing, table cards."""

import html
import re

import pytest
from django.urls import reverse
from django.utils import timezone

from events.models import Board, Change, Event, Pair, Player, Result, TableRound
from events.services.entry import board_meetings, save_line
from events.services.setup import name_pair
from events.templatetags.qr import qr_svg
from scoring import howell, mitchell, parse_traveller_line

pytestmark = pytest.mark.django_db


def test_director_pages_need_a_login(client, make_event):
    event = make_event(mitchell(3, 2))
    response = client.get(reverse("director-event", args=[event.pk]))
    assert response.status_code == 302 and response.url.startswith(reverse("login"))


def event_fields(**changes) -> dict:
    """What the new-event form posts, with `changes`."""
    fields = {
        "name": "Tuesday Pairs",
        "date": "2026-11-24",
        "scoring": "mp",
        "mp_scale": 2,
        "mp_rounding": "none",
        "adjusted_scores": "session",
        "datum_method": "drop-one",
        "cross_imp_mode": "cross2",
        "winners": 2,
        "reveal": "always",
        "tables": "7",
    }
    return fields | changes


def test_create_an_event_with_its_movement_in_one_go(director_client, club, director):
    url = reverse("event-new", args=[club.slug])
    # Without JavaScript the first post lists the movements that fit, and creates nothing.
    page = director_client.post(url, event_fields()).content.decode()
    assert not Event.objects.exists()
    assert "Choose one of the movements." in page and "7-table Mitchell" in page
    assert '<input type="hidden" name="proposed_for" value="7">' in page
    response = director_client.post(url, event_fields(choice=0, proposed_for="7"))
    event = Event.objects.get(name="Tuesday Pairs")
    assert response.url == reverse("director-pairs", args=[event.pk])
    assert event.status == "setup"
    section = event.sections.get()
    assert (section.movement, section.tables, section.rounds, section.boards_per_round) == (
        "7-table Mitchell",
        7,
        7,
        3,
    )
    assert Pair.objects.filter(section=section).count() == 14
    assert Board.objects.filter(section=section).count() == 21
    assert TableRound.objects.filter(section=section).count() == 49
    assert Board.objects.get(section=section, number=1).expected_results == 7
    change = Change.objects.get(event=event)
    assert (change.kind, change.user) == ("movement", director)


def test_a_movement_chosen_from_another_number_of_tables_is_no_choice(director_client, club):
    response = director_client.post(
        reverse("event-new", args=[club.slug]), event_fields(tables="8", proposed_for="7", choice=0)
    )
    page = response.content.decode()
    assert "Choose one of the movements." in page and "8-table Mitchell" in page
    assert not Event.objects.exists()


def test_a_section_count_typed_splits_the_room_or_says_why_not(director_client, club):
    url = reverse("event-new", args=[club.slug])
    page = director_client.get(url, {"tables": "14", "sections": "2"}, HTTP_HX_REQUEST="true")
    assert "2 sections of 7 tables" in page.content.decode()
    page = director_client.get(url, {"tables": "14", "sections": "1"}, HTTP_HX_REQUEST="true")
    assert "sections of" not in page.content.decode() and "Mitchell" in page.content.decode()
    page = director_client.get(url, {"tables": "14", "sections": "8"}, HTTP_HX_REQUEST="true")
    assert "do not split into 8 equal sections" in page.content.decode()


@pytest.mark.parametrize(
    ("tables", "shown"),
    [
        pytest.param("7", '<input type="hidden" name="proposed_for" value="7">', id="fits"),
        pytest.param("6½", "6½-table Howell", id="half-table"),
        pytest.param("150", "12 sections of 12.5 tables", id="sections-proposed"),
        pytest.param("29", "29 tables do not split into 3 equal sections", id="no-equal-split"),
        pytest.param("x", "type the number of tables, e.g. 7 or 6.5", id="no-number"),
    ],
)
def test_the_movements_that_fit_are_listed_as_the_tables_are_typed(
    director_client, club, tables, shown
):
    response = director_client.get(
        reverse("event-new", args=[club.slug]), {"tables": tables}, HTTP_HX_REQUEST="true"
    )
    page = response.content.decode()
    assert page.strip().startswith('<div id="movement-choices">') and shown in page
    assert "Choose one of the movements." not in page


def test_a_new_event_without_tables_says_so(director_client, club):
    response = director_client.post(reverse("event-new", args=[club.slug]), event_fields(tables=""))
    assert "type the number of tables, e.g. 7 or 6½" in response.content.decode()
    assert not Event.objects.exists()


def test_typing_no_tables_yet_lists_nothing_and_refuses_nothing(director_client, club):
    response = director_client.get(
        reverse("event-new", args=[club.slug]), {"tables": ""}, HTTP_HX_REQUEST="true"
    )
    assert response.content.decode().split() == ["<div", 'id="movement-choices">', "</div>"]


def test_a_new_event_is_dated_today(director_client, club):
    page = director_client.get(reverse("event-new", args=[club.slug])).content.decode()
    assert f'type="date" name="date" value="{timezone.localdate():%Y-%m-%d}"' in page


def test_settings_that_do_not_apply_to_the_scoring_are_marked_and_ignored(director_client, club):
    url = reverse("event-new", args=[club.slug])
    page = director_client.get(url).content.decode()
    assert 'name="datum_method" data-shown-when="scoring:butler"' in page
    assert 'name="mp_scale" data-shown-when="scoring:mp"' in page
    # Matchpoints: a garbled datum and cross-IMP method are ignored, not refused.
    garbled = {"datum_method": "x", "cross_imp_mode": "", "choice": 0, "proposed_for": "7"}
    director_client.post(url, event_fields(name="Pairs MP", **garbled))
    event = Event.objects.get(name="Pairs MP")
    assert (event.datum_method, event.cross_imp_mode) == ("drop-one", "cross2")
    # Butler: the matchpoint settings posted are ignored, the datum method is kept.
    director_client.post(
        url,
        event_fields(
            name="Pairs IMPs",
            scoring="butler",
            datum_method="mean",
            mp_scale=1,
            mp_rounding="x",
            adjusted_scores="fixed",
            choice=0,
            proposed_for="7",
        ),
    )
    event = Event.objects.get(name="Pairs IMPs")
    assert (event.scoring, event.datum_method) == ("butler", "mean")
    assert (event.mp_scale, event.mp_rounding, event.adjusted_scores) == (2, "none", "session")


def test_the_settings_page_keeps_the_settings_that_do_not_apply(director_client, make_event):
    event = make_event(mitchell(3, 2), scoring="butler", mp_rounding="ebu")
    director_client.post(
        reverse("director-settings", args=[event.pk]),
        event_fields(name=event.name, scoring="butler", mp_rounding="acbl", datum_method="mean"),
    )
    event.refresh_from_db()
    assert (event.mp_rounding, event.datum_method) == ("ebu", "mean")


@pytest.mark.parametrize("tables", ["6.3", "nan", "inf", "-inf", "1e308", "1e400", "-7", "201"])
def test_tables_must_be_a_whole_or_half_number(director_client, club, tables):
    response = director_client.post(
        reverse("event-new", args=[club.slug]), event_fields(tables=tables)
    )
    assert "tables must be a whole or half number from 2½ to 200" in response.content.decode()
    assert not Event.objects.exists()


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        pytest.param({"tables": "12345678"}, "tables must be a whole or half number", id="long"),
        pytest.param({"choice": "-1"}, "Choose one of the movements.", id="choice"),
        pytest.param({"choice": "x"}, "Choose one of the movements.", id="choice-text"),
        pytest.param({"name": ""}, "Give the event a name, e.g. Tuesday Pairs.", id="no-name"),
        pytest.param({"name": "N" * 121}, "Keep the event&#x27;s name to 120", id="long-name"),
        pytest.param({"date": "24/11"}, "Give the date, e.g. 2026-11-24.", id="date"),
        pytest.param({"start_time": "7pm"}, "Give the start time in hours and", id="time"),
        *(
            pytest.param(
                {"factor_totals": "on", "factor_boards": boards},
                "Factor totals to a number of boards from 1 to 32767, e.g. 28",
                id=f"factor-boards-{boards}",
            )
            for boards in ("-1", "0", "40000", "x")
        ),
        *(
            pytest.param(
                {"start_time": "19:30", "round_minutes": minutes},
                "A round takes a number of minutes from 1 to 240, e.g. 15",
                id=f"round-minutes-{minutes}",
            )
            for minutes in ("0", "241", "1.5")
        ),
    ],
)
def test_the_new_event_form_says_what_to_type_in_plain_words(
    director_client, club, changes, message
):
    response = director_client.post(
        reverse("event-new", args=[club.slug]),
        event_fields(**({"choice": 0, "proposed_for": "7"} | changes)),
    )
    page = response.content.decode()
    assert message in page
    assert "Ensure this value" not in page and "Enter a " not in page
    assert not Event.objects.exists()


@pytest.mark.parametrize("tables", ["nan", "inf", "1e308"])
def test_the_movement_page_refuses_tables_that_are_no_number(director_client, make_event, tables):
    event = make_event(mitchell(3, 2))
    url = reverse("director-movement", args=[event.pk])
    for response in (
        director_client.get(url, {"tables": tables}),
        director_client.post(url, {"tables": tables, "choice": "0"}),
    ):
        assert "tables must be a whole or half number" in response.content.decode()
    assert event.sections.get().tables == 3


def test_factor_boards_past_a_small_integer_is_a_form_error(director_client, make_event):
    event = make_event(mitchell(3, 2))
    data = event_fields(factor_totals="on", factor_boards="40000")
    del data["tables"]
    response = director_client.post(reverse("director-settings", args=[event.pk]), data)
    assert (
        "Factor totals to a number of boards from 1 to 32767, e.g. 28, or leave it blank for the "
        "most boards any pair played."
    ) in response.content.decode()
    assert Event.objects.get(pk=event.pk).factor_boards is None


def test_half_table_movements_are_proposed(director_client, make_event):
    event = make_event(mitchell(3, 2))
    page = director_client.get(reverse("director-movement", args=[event.pk]), {"tables": "6½"})
    assert "Howell" in page.content.decode()


def test_movement_cannot_change_once_results_exist(director_client, make_event):
    event = make_event(mitchell(3, 2))
    board = Board.objects.select_related("section__event").get(number=1)
    meeting = board_meetings(board=board)[0]
    save_line(
        board=board, line=parse_traveller_line("4S N 10"), ns_pair=meeting.ns, ew_pair=meeting.ew
    )
    response = director_client.post(
        reverse("director-movement", args=[event.pk]), {"tables": "7", "choice": 0}, follow=True
    )
    assert "results are already entered: the movement can no longer change" in (
        response.content.decode()
    )
    assert event.sections.get().tables == 3


def test_naming_pairs_from_the_club_list_and_guests(director_client, club, make_event):
    event = make_event(mitchell(3, 2))
    Player.objects.create(club=club, name="Alice Archer", member_number="1001")
    director_client.post(
        reverse("director-pairs", args=[event.pk]),
        {"pair-1-1": "alice archer", "pair-1-2": "Guest Smith"},
    )
    pair = Pair.objects.get(number=1)
    assert pair.names == "Alice Archer & Guest Smith"
    assert Player.objects.get(name="Guest Smith").guest is True
    assert Player.objects.filter(name__iexact="alice archer").count() == 1


def test_event_page_shows_problems_and_ranking(director_client, make_event):
    event = make_event(mitchell(3, 2))
    board = Board.objects.select_related("section__event").get(number=1)
    meetings = sorted(board_meetings(board=board), key=lambda m: m.ns)
    save_line(
        board=board,
        line=parse_traveller_line("4S N 10"),
        ns_pair=meetings[0].ns,
        ew_pair=meetings[0].ew,
    )
    swapped = meetings[1]
    save_line(board=board, line=parse_traveller_line(f"{swapped.ew} {swapped.ns} 4S N 10"))
    content = director_client.get(reverse("director-event", args=[event.pk])).content.decode()
    first = meetings[0]
    assert (
        f"Round {first.round}, table {first.table} ({first.ns} v {first.ew}): board 2 missing."
    ) in content
    assert f"pair {swapped.ew} is entered North-South" in content
    # A result of round 3 is in: rounds 1 and 2 are due, table by table; round 3 is a count.
    assert "Round 2, table 3 (3 v 5): boards 1, 2 missing." in content
    assert "Round 3: 5 results still to come." in content
    panels = director_client.get(reverse("director-panels", args=[event.pk]))
    assert panels.content.decode().lstrip().startswith('<div id="panels"')


def test_suspicious_score_is_flagged_not_refused(director_client, make_event):
    event = make_event(mitchell(5, 2))
    board = Board.objects.select_related("section__event").get(number=1)
    meetings = sorted(board_meetings(board=board), key=lambda m: m.ns)
    for meeting, text in zip(
        meetings, ["4S N 10", "4S N 10", "4S N 11", "4S N 10", "7NTX N 6"], strict=True
    ):
        save_line(
            board=board, line=parse_traveller_line(text), ns_pair=meeting.ns, ew_pair=meeting.ew
        )
    content = director_client.get(reverse("director-event", args=[event.pk])).content.decode()
    assert "scored -1700, far from every other result. Is it right?" in content


def test_publishing_with_results_missing_asks_first_naming_them(director_client, make_event):
    event = make_event(mitchell(3, 2))
    url = reverse("director-status", args=[event.pk])

    page = director_client.post(url, {"status": "published"}).content.decode()

    event.refresh_from_db()
    assert event.status == "running"
    assert "6 boards still lack results" in page
    assert "Board 1</a>: 0 of 3 entered" in page
    french = director_client.post(url, {"status": "published"}, headers={"accept-language": "fr"})
    assert "Donne 1</a>\u00a0: 0 sur 3 saisis" in french.content.decode()
    director_client.post(url, {"status": "published", "confirm": "on"})
    event.refresh_from_db()
    assert event.status == "published"


def test_publish_and_reopen(director_client, make_event):
    event = make_event(mitchell(3, 2))
    director_client.post(
        reverse("director-status", args=[event.pk]), {"status": "published", "confirm": "on"}
    )
    event.refresh_from_db()
    assert event.status == "published"
    # A published event goes back only through a reopening with a reason (tests/events/
    # test_history_views.py): the old "back to running" button is refused.
    response = director_client.post(
        reverse("director-status", args=[event.pk]), {"status": "running"}, follow=True
    )
    event.refresh_from_db()
    assert event.status == "published" and event.reopened_on is None
    assert "reopen it with a reason" in response.content.decode()
    director_client.post(reverse("director-reopen", args=[event.pk]), {"reason": "Board 2"})
    event.refresh_from_db()
    assert event.status == "published" and event.reopened_on is not None


def test_table_cards_say_where_to_go_next(director_client, make_event):
    event = make_event(mitchell(3, 2))
    content = director_client.get(reverse("director-cards", args=[event.pk])).content.decode()
    assert "Table 1" in content and "Who sits where" in content
    # 3-table Mitchell: EW pair 4 starts at table 1 and moves up to table 2.
    assert "table 2 EW" in content
    assert "finished" in content


def cells(content: str, heading: str) -> list[list[str]]:
    """The text of each row's cells of the card whose heading starts `heading`."""
    card = content.split(heading)[1].split("</section>")[0]
    rows = card.split("<tbody>")[1].split("</tbody>")[0].split("</tr>")[:-1]
    return [
        [html.unescape(re.sub(r"<[^>]+>", "", cell)).strip() for cell in row.split("</td>")[:-1]]
        for row in rows
    ]


def test_table_cards_of_a_three_table_mitchell_match_a_hand_worked_movement(
    director_client, make_event
):
    # Worked by hand: NS pairs 1-3 stay, EW pairs 4-6 move up a table (3 to 1), boards move
    # down a table (1 to 3); nothing moves after the last round.
    event = make_event(mitchell(3, 2))
    content = director_client.get(reverse("director-cards", args=[event.pk])).content.decode()
    assert cells(content, "<h2>Table 1 ") == [
        ["1", "1", "4", "1–2", "table 3", "table 1 NS", "table 2 EW"],
        ["2", "1", "6", "3–4", "table 3", "table 1 NS", "table 2 EW"],
        ["3", "1", "5", "5–6", "finished", "finished", "finished"],
    ]
    assert cells(content, "<h2>Table 3 ") == [
        ["1", "3", "6", "5–6", "table 2", "table 3 NS", "table 1 EW"],
        ["2", "3", "5", "1–2", "table 2", "table 3 NS", "table 1 EW"],
        ["3", "3", "4", "3–4", "finished", "finished", "finished"],
    ]


def test_each_table_card_has_the_qr_code_of_the_events_live_page(director_client, make_event):
    event = make_event(mitchell(3, 2))
    content = director_client.get(reverse("director-cards", args=[event.pk])).content.decode()
    live = f"http://testserver/events/{event.pk}/"
    assert live == "http://testserver" + reverse("event", args=[event.pk])
    svg = qr_svg(live)
    assert svg.startswith('<svg viewBox="0 0 ') and f"<title>{live}</title>" in svg
    assert content.count(svg) == 3
    assert "style=" not in svg  # the Content Security Policy allows no inline style


def test_a_guide_card_for_each_pair_and_one_per_page_on_request(director_client, make_event):
    event = make_event(mitchell(3, 2))
    name_pair(pair=Pair.objects.get(section__event=event, number=4), names=["Ann", "Bob"])
    url = reverse("director-cards", args=[event.pk])
    content = director_client.get(url).content.decode()
    assert content.count('class="card guide-card"') == 6
    assert cells(content, "<h3>Pair 4 · Ann &amp; Bob ") == [
        ["1", "1", "EW", "pair 1", "1–2"],
        ["2", "2", "EW", "pair 2", "5–6"],
        ["3", "3", "EW", "pair 3", "3–4"],
    ]
    assert 'class="guide-cards"' in content
    one_per_page = director_client.get(url, {"guides": "one-per-page"}).content.decode()
    assert 'class="guide-cards one-per-page"' in one_per_page


def test_another_clubs_director_sees_nothing(client, django_user_model, make_event):
    event = make_event(mitchell(3, 2))
    client.force_login(django_user_model.objects.create_user("other", password="x-x-x-x"))
    assert client.get(reverse("director-event", args=[event.pk])).status_code == 404


def test_director_home_lists_the_clubs_events(director_client, make_event, club):
    event = make_event(mitchell(3, 2), name="Friday Pairs")
    content = director_client.get(reverse("director-home")).content.decode()
    assert reverse("event-new", args=[club.slug]) in content
    assert reverse("director-event", args=[event.pk]) in content and "Friday Pairs" in content


def test_arrow_switch_on_chosen_rounds_makes_one_winner(director_client, make_event):
    event = make_event(mitchell(3, 2))
    director_client.post(
        reverse("director-movement", args=[event.pk]),
        {"tables": "7", "choice": 0, "arrow_switch": "7"},
    )
    event.refresh_from_db()
    section = event.sections.get()
    assert event.winners == 1 and section.tables == 7
    # In round 7 the home EW pairs (8-14) sit North-South.
    round7 = TableRound.objects.filter(section=section, round=7)
    assert {tr.ns_pair.number for tr in round7} == set(range(8, 15))


def test_arrow_switch_refusals(director_client, make_event):
    event = make_event(mitchell(3, 2))
    url = reverse("director-movement", args=[event.pk])
    response = director_client.post(url, {"tables": "7", "choice": 0, "arrow_switch": "x"})
    assert "list round numbers, e.g. 6, 7" in response.content.decode()
    response = director_client.post(url, {"tables": "4", "choice": 0, "arrow_switch": "2"})
    assert "Only a Mitchell has arrow-switched rounds." in response.content.decode()
    assert event.sections.get().tables == 3


def test_changing_the_scoring_rescores_every_board(director_client, make_event):
    event = make_event(mitchell(3, 2))
    board = Board.objects.select_related("section__event").get(number=1)
    for meeting, text in zip(
        board_meetings(board=board), ["4S N 10", "4S N 11", "4S N 9"], strict=True
    ):
        save_line(
            board=board, line=parse_traveller_line(text), ns_pair=meeting.ns, ew_pair=meeting.ew
        )
    response = director_client.post(
        reverse("director-settings", args=[event.pk]),
        event_fields(name=event.name, scoring="butler", factor_boards=""),
    )
    assert response.url == reverse("director-event", args=[event.pk])
    event.refresh_from_db()
    assert event.scoring == "butler"
    points = {r.score_ns: r.ns_points for r in board.results.all()}
    assert points == {420: 0, 450: 1, -50: -10}  # IMPs against the datum, 420


def test_a_lead_the_leader_did_not_hold_is_flagged(director_client, make_event):
    event = make_event(mitchell(3, 2))
    board = Board.objects.select_related("section__event").get(number=1)
    # North holds every spade, East every heart, South every diamond, West every club.
    board.deal = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
    board.save()
    first, second = sorted(board_meetings(board=board), key=lambda m: m.ns)[:2]
    save_line(
        board=board, line=parse_traveller_line("4S N 10 HA"), ns_pair=first.ns, ew_pair=first.ew
    )  # East leads against North: the ace of hearts, fine
    save_line(
        board=board, line=parse_traveller_line("4S N 10 SA"), ns_pair=second.ns, ew_pair=second.ew
    )  # East cannot lead a spade
    content = director_client.get(reverse("director-event", args=[event.pk])).content.decode()
    assert (
        f"Board 1: {second.ns} v {second.ew}, 4S by N: East, on lead, does not hold the ♠A. "
        "Is the lead, the declarer or the hand record right?"
    ) in content
    assert f"Board 1: {first.ns} v {first.ew}, 4S by N" not in content


def test_a_lead_question_is_answered_by_its_right_and_asked_again_after_an_edit(
    director_client, make_event
):
    event = make_event(mitchell(3, 2))
    board = Board.objects.select_related("section__event").get(number=1)
    board.deal = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
    board.save()
    meeting = min(board_meetings(board=board), key=lambda m: m.ns)
    # The director's save takes a lead South, on lead against East, does not hold.
    result = save_line(
        board=board, line=parse_traveller_line("4H E 10 CA"), ns_pair=meeting.ns, ew_pair=meeting.ew
    )
    question = "4H by E: South, on lead, does not hold the ♣A."
    page = reverse("director-event", args=[event.pk])
    content = director_client.get(page).content.decode()
    assert question in content
    assert reverse("line-confirm", args=[event.pk, result.pk]) in content

    director_client.post(reverse("line-confirm", args=[event.pk, result.pk]))
    assert question not in director_client.get(page).content.decode()

    save_line(
        board=board,
        line=parse_traveller_line("4H E 9 CA"),
        ns_pair=meeting.ns,
        ew_pair=meeting.ew,
        result=result,
    )
    assert question in director_client.get(page).content.decode()


@pytest.mark.parametrize(
    ("movement", "shown"),
    [
        pytest.param(howell(4, 2, sit_out=True), "sit out", id="howell-sit-out"),
        pytest.param(mitchell(8, 2, variant="relay"), "(shared with table 8)", id="relay"),
        pytest.param(mitchell(7, 3, arrow_switch_rounds=(7,)), "table 2 NS", id="arrow-switch"),
    ],
)
def test_table_cards_of_every_kind_of_movement(director_client, make_event, movement, shown):
    event = make_event(movement)
    content = director_client.get(reverse("director-cards", args=[event.pk])).content.decode()
    assert shown in content
    assert content.count('class="card table-card"') == movement.tables


@pytest.mark.parametrize(
    ("bad", "message"),
    [
        pytest.param("x" * 121, "a name is at most 120 characters (it has 121)", id="too-long"),
        pytest.param("Ann\x00Able", "a name cannot hold a NUL character", id="nul"),
        pytest.param(
            "Ann\nAble", "a name is one line of letters: remove the control character", id="newline"
        ),
    ],
)
def test_a_bad_name_saves_no_name_at_all_and_says_why(director_client, make_event, bad, message):
    event = make_event(mitchell(3, 2))
    name_pair(pair=Pair.objects.get(number=3), names=["Old Name", "Other Old"])

    response = director_client.post(
        reverse("director-pairs", args=[event.pk]),
        {
            "pair-1-1": "New One",
            "pair-1-2": "New Two",
            "pair-3-1": bad,
            "pair-3-2": "Other Old",
        },
    )

    assert response.status_code == 200
    page = response.content.decode()
    assert html.escape(message) in page
    assert "Nothing was saved" in page
    assert 'value="New One"' in page  # what was typed stays on the page
    names = dict(Pair.objects.filter(section__event=event).values_list("number", "names"))
    assert names == {1: "", 2: "", 3: "Old Name & Other Old", 4: "", 5: "", 6: ""}
    assert not Player.objects.filter(name__startswith="New").exists()


def test_names_are_stripped_and_saved_together(director_client, make_event):
    event = make_event(mitchell(3, 2))
    director_client.post(
        reverse("director-pairs", args=[event.pk]),
        {"pair-1-1": "  Ann Able ", "pair-1-2": "Bob Baker", "pair-2-1": "x" * 120},
    )
    names = dict(Pair.objects.filter(section__event=event).values_list("number", "names"))
    assert names[1] == "Ann Able & Bob Baker"
    assert names[2] == "x" * 120


def test_the_settings_page_fills_in_the_date_as_a_date_input_reads_it(director_client, make_event):
    event = make_event(mitchell(3, 2))
    page = director_client.get(reverse("director-settings", args=[event.pk])).content.decode()
    assert 'type="date" name="date" value="2026-11-20"' in page


def test_the_round_grid_names_a_mitchells_pairs_by_direction(director_client, make_event):
    event = make_event(mitchell(3, 2), ew_numbered_on=False)
    page = director_client.get(f"/director/events/{event.pk}/").content.decode()
    assert "1 NS v 1 EW" in page


def test_a_new_event_of_two_sections_has_each_its_movement(director_client, club):
    fields = event_fields(tables="14", sections="2", proposed_for="14/2", choice=0)
    fields["section_scoring"] = "field"
    response = director_client.post(reverse("event-new", args=[club.slug]), fields)
    event = Event.objects.get(name="Tuesday Pairs")
    assert response.status_code == 302 and event.section_scoring == "field"
    assert [(s.letter, s.tables) for s in event.sections.all()] == [("A", 7), ("B", 7)]
    page = director_client.get(reverse("director-event", args=[event.pk])).content.decode()
    assert "Section B: enter results by board" in page and "Overall North-South" in page
    cards = director_client.get(reverse("director-cards", args=[event.pk]), {"section": "B"})
    assert "Section B, table 7" in cards.content.decode()
    grid = director_client.get(reverse("director-board", args=[event.pk, 4]), {"section": "B"})
    assert "Section B, board 4" in grid.content.decode()
    assert director_client.get(reverse("director-board", args=[event.pk, 4])).status_code == 200
    public = reverse("event", args=[event.pk])
    Event.objects.filter(pk=event.pk).update(status=Event.Status.PUBLISHED)
    links = re.findall(
        r'href="/events/\d+/([AB])/boards/', director_client.get(public).content.decode()
    )
    assert (links.count("A"), links.count("B")) == (21, 0)  # across the field: one link a board


def test_a_lead_no_entry_writes_asks_nothing_and_the_page_still_shows(director_client, make_event):
    event = make_event(mitchell(3, 2))
    board = Board.objects.select_related("section__event").get(number=1)
    board.deal = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
    board.save()
    meeting = min(board_meetings(board=board), key=lambda m: m.ns)
    result = save_line(
        board=board, line=parse_traveller_line("4S N 10"), ns_pair=meeting.ns, ew_pair=meeting.ew
    )
    # As a club's backup restored from a file written elsewhere may hold it.
    Result.objects.filter(pk=result.pk).update(lead="S10")
    content = director_client.get(reverse("director-event", args=[event.pk])).content.decode()
    assert f"Board 1: {meeting.ns} v {meeting.ew}, 4S by N" not in content
    assert 'id="problems"' in content


def test_a_howell_is_one_field_whatever_the_clubs_default(make_event):
    """A Howell's pairs sit both ways, so it has one winner even where the club's events
    default to two (and its settings say so, as its movement's description does)."""
    event = make_event(howell(4, 3), winners=2)
    event.refresh_from_db()
    assert event.winners == 1
    assert make_event(mitchell(3, 2), winners=2).winners == 2
