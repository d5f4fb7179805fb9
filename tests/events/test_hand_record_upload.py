"""Hand records uploaded to an event that exists: a dealing program's PBN file matched to the
boards by number, saved in the request, analysed by the worker, shown on the board pages."""

import random

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.urls import reverse
from django_tasks_db.models import DBTaskResult

from events.formats.deal_files import read_deal_file
from events.formats.imported import FileRefused
from events.models import Board, Change
from events.services import hand_records
from events.services.hand_records import hands_to_analyse
from events.services.history import undo_change
from events.services.history_text import change_lines
from scoring import mitchell
from scoring.deals import normalize_deal
from tests.events.files import read_file
from tests.events.test_public_views import enter

# Board 1 of sm1.pbn (Ruter 4.9.1.3), whose double-dummy table and par Ruter printed.
SM1_BOARD_1 = "N:J63.AKQ8762.92.6 KT754.3.QJ763.87 AQ8.T94.K85.AKQ9 92.J5.AT4.JT5432"


def shuffled_deal(rng: random.Random) -> str:
    deck = [suit + rank for suit in "SHDC" for rank in "AKQJT98765432"]
    rng.shuffle(deck)
    hands = [
        ".".join("".join(c[1] for c in deck[13 * h : 13 * h + 13] if c[0] == s) for s in "SHDC")
        for h in range(4)
    ]
    return normalize_deal("N:" + " ".join(hands))


def dealer_file(deals: dict[int, str]) -> bytes:
    """A file as Dealer's `printpbn` writes it: every board dealt by North, nobody vulnerable."""
    games = [
        f'[Event "Hand simulated by dealer with file stdin, seed 7"]\n[Site "-"]\n'
        f'[Date "2026.11.23"]\n[Board "{number}"]\n[West "-"]\n[North "-"]\n[East "-"]\n'
        f'[South "-"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{deal}"]\n'
        '[Declarer "?"]\n[Contract "?"]\n[Result "?"]\n'
        for number, deal in deals.items()
    ]
    return "\n".join(games).encode()


def some_deals(numbers, seed=12) -> dict[int, str]:
    rng = random.Random(seed)
    return {number: shuffled_deal(rng) for number in numbers}


def post_hands(client, event, data: bytes, *, name="hands.pbn", replace=False):
    form = {"file": SimpleUploadedFile(name, data)}
    if replace:
        form["replace"] = "on"
    return client.post(reverse("director-hands", args=[event.pk]), form)


def deals_of(event) -> dict[int, str]:
    return dict(Board.objects.filter(section__event=event).values_list("number", "deal"))


# Reading the file


def test_a_dealer_program_file_gives_each_board_its_deal():
    deals = some_deals(range(1, 4))
    read = read_deal_file(name="hands.pbn", data=dealer_file(deals))
    assert [(b.number, b.deal) for b in read] == list(deals.items())


def test_a_results_file_gives_the_deals_it_has():
    read = read_deal_file(name="ruter_pairs.pbn", data=read_file("ruter_pairs.pbn"))
    assert [(b.number, b.deal) for b in read] == [(1, SM1_BOARD_1)]


@pytest.mark.parametrize(
    ("name", "data", "message"),
    [
        pytest.param(
            "set1.dge",
            b"\x06J987\x03JT7643",
            ".dge files are not read here: save the deals as PBN from your dealing program "
            "(BigDeal: -f pbn) and upload that file",
            id="dge-file",
        ),
        pytest.param(
            "hands.txt",
            b"North: AKQ...",
            "this is not a PBN file (it has no [Tag] lines): save the deals as PBN from your "
            "dealing program (BigDeal: -f pbn) and upload that file",
            id="not-pbn",
        ),
        pytest.param("hands.pbn", b"  \n", "the file is empty", id="empty"),
        pytest.param(
            "hands.pbn",
            b'[Event "Club"]\n[Board "1"]\n[Dealer "N"]\n',
            "the file has no deals: no game in it has a [Deal] tag",
            id="no-deals",
        ),
        pytest.param(
            "butler.pbn",
            b'[Board "1"]\n[Deal ""]\n[Contract "4S"]\n\n[Board "2"]\n[Deal ""]\n',
            'the file\'s deals are empty ([Deal ""]): it carries results but no hands; '
            "upload the hand records from your dealing program instead",
            id="results-file-with-empty-deals",
        ),
        pytest.param(
            "hands.pbn",
            b'[Board "1"]\n[Deal "N:AKQ.AKQ.AKQ.AKQJ - - -"]\n\n'
            b'[Board "2"]\n[Deal "N:J63.AKQ8762.92 - - -"]\n',
            "line 5: board 2: N's hand has 3 suits: write spades.hearts.diamonds.clubs",
            id="malformed-deal",
        ),
        pytest.param(
            "hands.pbn",
            b'[Board "one"]\n[Deal "N:AKQ.AKQ.AKQ.AKQJ - - -"]\n',
            'line 1: [Board "one"] is not a board number',
            id="board-not-a-number",
        ),
        pytest.param(
            "hands.pbn",
            b'[Deal "N:AKQ.AKQ.AKQ.AKQJ - - -"]\n',
            "line 1: this deal has no [Board] number",
            id="deal-without-board",
        ),
        pytest.param(
            "hands.pbn",
            b'[Board "1"]\n[Deal "N:AKQ.AKQ.AKQ.AKQJ - - -"]\n\n'
            b'[Board "1"]\n[Deal "N:AKQ.AKQ.AKQJ.AKQ - - -"]\n',
            "line 5: board 1 is dealt differently on line 2",
            id="board-dealt-twice",
        ),
    ],
)
def test_a_file_that_is_not_deals_is_refused(name, data, message):
    with pytest.raises(FileRefused) as refused:
        read_deal_file(name=name, data=data)
    assert str(refused.value) == message


# The dealing machines' files, written as BigDeal's output.c writes them

CARDS = [suit + rank for suit in "SHDC" for rank in "AKQJT98765432"]  # card 1 is the ace of spades


def card_numbers(deal: str) -> list[list[int]]:
    """Each hand's card numbers (1 to 52), North first, as a deal written from North holds them."""
    return [
        sorted(
            CARDS.index(suit + rank) + 1
            for suit, cards in zip("SHDC", hand.split("."), strict=True)
            for rank in cards
        )
        for hand in deal[2:].split()
    ]


def bri_part(deal: str) -> bytes:
    return "".join(f"{n:02d}" for hand in card_numbers(deal)[:3] for n in hand).encode()


def bri_file(deals: list[str]) -> bytes:
    return b"".join(bri_part(deal) + b" " * 32 + b"\0" * 18 for deal in deals)


def dup_file(deals: list[str], lowest: int = 1) -> bytes:
    tail = f"YN{lowest:<3d}0 {len(deals):02d} ".encode()
    return b"".join(bri_part(deal) + b" " * 68 + tail for deal in deals)


def dlm_file(deals: dict[int, str], crypto: int = 0) -> bytes:
    low, high = min(deals), max(deals)
    lines = [
        "[Document]",
        "Headline=Generated by Big Deal version 2.0",
        "Status=Show",
        "Duplicates=0",
        f"From board={low}",
        f"To board={high}",
        "Next board to duplimate=0",
        "PrintOuts=0",
        f"Crypto key={crypto}",
        "Checksum=0",
    ]
    for board in range(1, 100):
        if board not in deals:
            letters, check = "aaaaaabffffffkkkkkklpppppp", board ^ 14
        else:
            holder = {n: seat for seat, hand in enumerate(card_numbers(deals[board])) for n in hand}
            letters = "".join(
                chr(ord("a") + 4 * holder[2 * i + 1] + holder[2 * i + 2]) for i in range(26)
            )
            check = board
            for letter in letters:
                check ^= ord(letter)
        lines += [f"Duplicates {board:02d}=0", f"Board {board:02d}={letters}{check:03d}"]
    return ("\n".join(lines) + "\n").encode()


# The worked example of the Duplimate conversion notes: the .bri part and the hands it deals.
NOTES_BRI = b"180437272408224221062507175150321516492941264031464543351128302039140152133403"
NOTES_DEAL = "N:J987.JT7643.A4.Q .KQ2.QT9.AK98543 AQ42.A8.KJ762.J2 KT653.95.853.T76"


def test_the_duplimate_notes_example_reads_as_its_hands():
    read = read_deal_file(name="set.bri", data=NOTES_BRI + b" " * 32 + b"\0" * 18)
    assert [(b.number, b.deal) for b in read] == [(1, NOTES_DEAL)]


@pytest.mark.parametrize(
    ("name", "data", "numbers"),
    [
        pytest.param("set.bri", lambda d: bri_file(list(d.values())), [1, 2, 3], id="bri"),
        pytest.param("set.dup", lambda d: dup_file(list(d.values())), [1, 2, 3], id="dup"),
        pytest.param(
            "SET.DUP", lambda d: dup_file(list(d.values()), lowest=17), [17, 18, 19], id="dup-17"
        ),
        pytest.param(
            "set.dlm",
            lambda d: dlm_file({n + 4: deal for n, deal in d.items()}),
            [5, 6, 7],
            id="dlm",
        ),
    ],
)
def test_a_dealing_machine_file_gives_each_board_its_deal(name, data, numbers):
    deals = some_deals(range(1, 4))
    read = read_deal_file(name=name, data=data(deals))
    assert [(b.number, b.deal) for b in read] == list(zip(numbers, deals.values(), strict=True))


def test_a_bigdeal_pbn_file_reads_as_its_deals():
    deals = some_deals(range(1, 3))
    games = "".join(
        f'[Event "?"]\n[Site "?"]\n[Date "?"]\n[Board "{n}"]\n[West "?"]\n[North "?"]\n'
        f'[East "?"]\n[South "?"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{deal}"]\n'
        '[Scoring "?"]\n[Declarer "?"]\n[Contract "?"]\n[Result "?"]\n\n'
        for n, deal in deals.items()
    )
    data = ('% PBN 2.1\n% EXPORT\n%\n[Generator "Big Deal version 2.0"]\n' + games).encode()
    assert [(b.number, b.deal) for b in read_deal_file(name="x.pbn", data=data)] == list(
        deals.items()
    )


def damaged_dlm() -> bytes:
    """A .dlm file whose board 1 has lost a card to board 2 on the way: its check fails."""
    lines = dlm_file({1: NOTES_DEAL}).split(b"\n")
    board = lines[11]
    lines[11] = board[:9] + bytes([board[9] ^ 1]) + board[10:]
    return b"\n".join(lines)


@pytest.mark.parametrize(
    ("name", "data", "message"),
    [
        pytest.param(
            "set.bri",
            NOTES_BRI,
            "a .bri file is 128 bytes a board; this one has 78 bytes, which is not a whole "
            "number of boards",
            id="bri-cut-short",
        ),
        pytest.param(
            "set.bri",
            b"01" * 39 + b" " * 50,
            "board 1 (byte 1): card 01 is dealt twice",
            id="bri-card-twice",
        ),
        pytest.param(
            "set.bri",
            b"53" + NOTES_BRI[2:] + b" " * 50,
            "board 1 (byte 1): 53 is not a card (01 to 52)",
            id="bri-not-a-card",
        ),
        pytest.param(
            "set.dup",
            dup_file([NOTES_DEAL]).replace(b"YN1  ", b"YN   "),
            "bytes 149-151 give the lowest board number, not ''",
            id="dup-without-lowest-board",
        ),
        pytest.param(
            "set.dlm",
            dlm_file({1: NOTES_DEAL}, crypto=7),
            "this .dlm file is encrypted: save the deals as PBN from your dealing program "
            "(BigDeal: -f pbn) and upload that file",
            id="dlm-encrypted",
        ),
        pytest.param(
            "set.dlm",
            damaged_dlm(),
            "line 12: board 1 fails its check: the line is damaged",
            id="dlm-check",
        ),
        pytest.param(
            "set.dlm",
            b"Board 01=abc\n",
            "a .dlm file starts with [Document]; this one does not",
            id="dlm-not-a-document",
        ),
    ],
)
def test_a_damaged_machine_file_is_refused(name, data, message):
    with pytest.raises(FileRefused) as refused:
        read_deal_file(name=name, data=data)
    assert str(refused.value) == message


# Uploading to an event


@pytest.mark.django_db(transaction=True)  # the worker closes its connection when it is done
def test_hand_records_uploaded_to_a_running_event_are_analysed_by_the_worker(
    director_client, make_event, client
):
    event = make_event(mitchell(3, 2))  # running, boards 1 to 6
    deals = {1: SM1_BOARD_1} | some_deals(range(2, 7))

    response = post_hands(director_client, event, dealer_file(deals))

    assert response.url == reverse("director-event", args=[event.pk])
    assert deals_of(event) == deals
    # The request saved the deals and queued the analysis; it did not work it out.
    assert hands_to_analyse(event=event).count() == 6
    assert not Board.objects.filter(section__event=event, double_dummy__isnull=False).exists()
    assert DBTaskResult.objects.get().status == "READY"
    page = director_client.get(response.url).content.decode()
    assert "Hand records saved for 6 boards" in page
    assert "Working out the double-dummy tables: 6 boards to go." in page
    board_page = reverse("director-board", args=[event.pk, 1])
    assert 'id="hand-record"' in director_client.get(board_page).content.decode()
    assert "Par:" not in director_client.get(board_page).content.decode()
    assert 'id="analysis-waiting"' in director_client.get(board_page).content.decode()

    call_command("db_worker", "--batch", "--no-startup-delay", verbosity=0)

    assert DBTaskResult.objects.get().status == "SUCCESSFUL"
    assert hands_to_analyse(event=event).count() == 0
    assert "hands-waiting" not in director_client.get(response.url).content.decode()
    enter(event, 1, "6NT S 12", "4H N 11", "6H S 12")  # every table has played board 1
    traveller = reverse("traveller", args=[event.pk, "A", 1])
    for page in (director_client.get(board_page), client.get(traveller)):
        content = page.content.decode()
        assert '<div class="seat">North</div>\n      <div><span>♠</span> J 6 3</div>' in content
        assert "<tr><th>S</th><td>6</td><td>2</td><td>6</td><td>–</td><td>2</td></tr>" in content
        assert "Par: NS +990 (6NT by S =)" in content
    # Board 2 is not played yet: the public does not see its cards.
    assert 'id="hand-record"' not in client.get(reverse("traveller", args=[event.pk, "A", 2])).text


@pytest.mark.django_db
def test_the_upload_is_one_change_in_the_history_that_can_be_undone(
    director_client, make_event, django_capture_on_commit_callbacks
):
    event = make_event(mitchell(3, 2))
    with django_capture_on_commit_callbacks(execute=False) as queued:
        post_hands(director_client, event, dealer_file(some_deals(range(1, 7))))
    # The analysis, once the deals are committed (and the public pages' new version).
    analysis = [f for f in queued if "queue_analysis" in f.__qualname__]
    assert len(analysis) == 1
    change = Change.objects.get(event=event, kind=Change.Kind.HANDS)
    assert change_lines(change=change) == ["Hand records: boards 1-6"]
    history = director_client.get(reverse("director-history", args=[event.pk])).text
    assert "Hand records: boards 1-6" in history
    Board.objects.filter(section__event=event).update(double_dummy={"worked": "out"}, par="x")

    with django_capture_on_commit_callbacks(execute=False) as queued:
        undo_change(change=change)

    assert set(deals_of(event).values()) == {""}
    assert (
        list(Board.objects.filter(section__event=event).values_list("double_dummy", "par"))
        == [(None, "")] * 6
    )
    assert len([f for f in queued if "queue_analysis" in f.__qualname__]) == 1


@pytest.mark.django_db
def test_the_boards_the_event_does_not_have_are_left_out_and_said(director_client, make_event):
    event = make_event(mitchell(3, 2))  # boards 1 to 6
    deals = some_deals(range(1, 10))  # a dealing program deals more boards than are played

    response = post_hands(director_client, event, dealer_file(deals))

    assert deals_of(event) == {number: deals[number] for number in range(1, 7)}
    page = director_client.get(response.url).text
    assert (
        "Hand records saved for 6 boards (1-6); the double-dummy tables and par are being "
        "worked out. The file&#x27;s boards 7-9 were left out: this event does not have them."
    ) in page


@pytest.mark.django_db
def test_the_left_out_boards_are_said_when_nothing_changed(director_client, make_event):
    event = make_event(mitchell(3, 2))
    deals = some_deals(range(1, 8))
    post_hands(director_client, event, dealer_file(deals))

    response = post_hands(director_client, event, dealer_file(deals))

    assert (
        "These boards have these hand records already. The file&#x27;s board 7 was left out: "
        "this event does not have it."
    ) in director_client.get(response.url).text


@pytest.mark.django_db
def test_a_file_that_deals_none_of_the_events_boards_is_refused(director_client, make_event):
    event = make_event(mitchell(3, 2))

    page = post_hands(director_client, event, dealer_file(some_deals(range(7, 9)))).text

    assert (
        "hands.pbn" not in page
        and "The file deals boards 7-8, which this event does not have (it has boards 1-6)." in page
    )
    assert set(deals_of(event).values()) == {""}
    assert not Change.objects.filter(kind=Change.Kind.HANDS).exists()


@pytest.mark.django_db
def test_a_malformed_file_is_refused_on_the_page(director_client, make_event):
    event = make_event(mitchell(3, 2))
    page = post_hands(director_client, event, b'[Board "1"]\n[Deal "N:AKQ - - -"]\n').text
    assert "hands.pbn: line 2: board 1: N&#x27;s hand has 1 suits" in page
    assert set(deals_of(event).values()) == {""}


@pytest.mark.django_db
def test_boards_with_hand_records_are_replaced_only_when_the_director_says_so(
    director_client, make_event
):
    event = make_event(mitchell(3, 2))
    first, second = some_deals(range(1, 7)), some_deals(range(1, 7), seed=13)
    post_hands(director_client, event, dealer_file(first))

    page = post_hands(director_client, event, dealer_file(second)).text

    assert (
        "Boards 1-6 already have hand records: tick “Replace the hand records already there” "
        "to put the file&#x27;s in their place." in page
    )
    assert deals_of(event) == first

    response = post_hands(director_client, event, dealer_file(second), replace=True)

    assert response.url == reverse("director-event", args=[event.pk])
    assert deals_of(event) == second
    assert Change.objects.filter(event=event, kind=Change.Kind.HANDS).count() == 2


@pytest.mark.django_db
def test_a_published_event_takes_no_hand_records(director_client, make_event):
    event = make_event(mitchell(3, 2), status="published")
    page = post_hands(director_client, event, dealer_file(some_deals(range(1, 7)))).text
    assert "The event is published: reopen it, with a reason, before changing it." in page
    assert set(deals_of(event).values()) == {""}


@pytest.mark.django_db
def test_the_upload_page_counts_the_boards_with_hand_records(director_client, make_event):
    event = make_event(mitchell(3, 2))
    Board.objects.filter(section__event=event, number__lte=2).update(deal=SM1_BOARD_1)
    page = director_client.get(reverse("director-hands", args=[event.pk])).text
    assert "2 of 6 boards have a hand record; 2 still wait for the double-dummy table." in page
    event_page = director_client.get(reverse("director-event", args=[event.pk])).text
    assert f'href="{reverse("director-hands", args=[event.pk])}"' in event_page


@pytest.mark.django_db
def test_a_duplimate_file_is_uploaded_like_a_pbn_file(director_client, make_event):
    event = make_event(mitchell(3, 2))
    deals = some_deals(range(1, 7))
    response = post_hands(director_client, event, dup_file(list(deals.values())), name="S1.DUP")
    assert response.url == reverse("director-event", args=[event.pk])
    assert deals_of(event) == deals


@pytest.mark.django_db
def test_an_analysis_never_lands_on_a_board_dealt_again_meanwhile(make_event, monkeypatch):
    event = make_event(mitchell(3, 2))
    first, second = some_deals(range(1, 3)), some_deals(range(1, 3), seed=13)
    Board.objects.filter(section__event=event, number=1).update(deal=first[1])
    analyse = hand_records.analyse_boards
    calls = []

    def redealt_while_analysing(boards):
        if not calls:  # hand records replaced while the worker works out the first deal
            Board.objects.filter(section__event=event, number=1).update(deal=second[1])
        calls.append(boards)
        return analyse(boards)

    monkeypatch.setattr(hand_records, "analyse_boards", redealt_while_analysing)

    assert hand_records.analyse_event_hands(event=event) == 1
    board = Board.objects.get(section__event=event, number=1)
    assert [deal for deal, _, _ in calls[1]] == [second[1]]
    expected = hand_records.analyse_deal(deal=second[1], dealer="N", vulnerability="None")
    assert (board.deal, board.double_dummy) == (second[1], expected.double_dummy)
