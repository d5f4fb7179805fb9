"""Files of deals: the hand records a dealing program writes for a set of boards, read to plain
data (board number and deal).

PBN is read, as Dealer (`printpbn`) and BigDeal (`-f pbn`) write it, and as any PBN results
file carries it. The dealer and vulnerability a file gives are not read: the event's boards keep
their own (a dealing program often writes "N" and "None" for every board).

The dealing machines' files are read as BigDeal's output.c writes them (the Duplimate
conversion notes agree), the cards numbered 1 (the ace of spades) to 52 (the two of clubs):
- .bri: a record of 128 bytes a board, North's, East's and South's cards as 39 two-digit
  numbers (West holds the rest), then filler. The file does not number its boards: they are
  boards 1, 2, 3 ... in order.
- .dup: a record of 156 bytes a board, the .bri part, a drawing of the hands, then 10 bytes
  whose 149th to 151st give the set's lowest board number; the boards follow from it.
- .dlm: text, `Board 07=` and 26 letters, each two cards' holders ('a' + 4 x the first's
  seat + the second's, N E S W = 0 1 2 3), then a three-digit check (the board number XOR each
  letter); only the boards from `From board` to `To board` are deals, the others are filler.
Other machine formats are refused with a sentence that says how to get a PBN file instead.
"""

import re
from dataclasses import dataclass
from functools import reduce
from operator import xor
from pathlib import PurePath

from django.utils.translation import gettext

from events.formats.imported import FileRefused, whole_number
from events.formats.pbn import decode, looks_like_pbn, read_games
from scoring.deals import DealRefused, normalize_deal

# Other formats of the dealing machines: the same deals, saved as PBN by the program that made them.
MACHINE_FORMATS = {".dge", ".ber", ".rzd", ".pdf", ".lin", ".cds"}
BRI_RECORD, DUP_RECORD = 128, 156
_SEATS = "NESW"
_CARDS = [suit + rank for suit in "SHDC" for rank in "AKQJT98765432"]  # card 1 is _CARDS[0]
_DLM_LINE = re.compile(r"^([A-Za-z ]+?)\s*(\d*)=(.*)$")
_DLM_BOARD = re.compile(r"^([a-p]{26})(\d{3})$")


@dataclass(frozen=True)
class DealtBoard:
    """One board of a deal file: its number and its deal, written from North (PBN)."""

    number: int
    deal: str
    line: int  # where the file gives it, for the messages


def read_deal_file(*, name: str, data: bytes) -> list[DealtBoard]:
    """The boards a file deals, by number; FileRefused naming the line for anything else.

    A board given twice must be dealt the same both times (a teams file repeats each deal).
    """
    suffix = PurePath(name).suffix.lower()
    if suffix in MACHINE_FORMATS:
        raise FileRefused(
            gettext(
                "%(suffix)s files are not read here: save the deals as PBN from your dealing "
                "program (BigDeal: -f pbn) and upload that file"
            )
            % {"suffix": suffix},
        )
    if not data.strip(b" \t\r\n\x00"):
        raise FileRefused(
            gettext("the file is empty"),
        )
    if suffix in (".bri", ".dup"):
        return _read_records(data, suffix)
    if suffix == ".dlm":
        return _read_dlm(data)
    if not looks_like_pbn(data):
        raise FileRefused(
            gettext(
                "this is not a PBN file (it has no [Tag] lines): save the deals as PBN from your "
                "dealing program (BigDeal: -f pbn) and upload that file"
            )
        )
    _, games = read_games(decode(data))
    boards: dict[int, DealtBoard] = {}
    empty_deals = 0
    for game in games:
        deal_tag, board_tag = game.tags.get("Deal"), game.tags.get("Board")
        if deal_tag is None or not deal_tag.value.strip():
            empty_deals += deal_tag is not None
            continue
        if board_tag is None or not board_tag.value.strip():
            raise FileRefused(
                gettext("line %(line)s: this deal has no [Board] number") % {"line": deal_tag.line},
            )
        number = whole_number(board_tag.value)
        if number is None or number < 1:
            raise FileRefused(
                gettext('line %(line)s: [Board "%(value)s"] is not a board number')
                % {"line": board_tag.line, "value": board_tag.value[:20]},
            )
        try:
            deal = normalize_deal(deal_tag.value)
        except DealRefused as refused:
            raise FileRefused(
                gettext("line %(line)s: board %(number)s: %(refused)s")
                % {"line": deal_tag.line, "number": number, "refused": refused},
            ) from None
        earlier = boards.setdefault(number, DealtBoard(number, deal, deal_tag.line))
        if earlier.deal != deal:
            raise FileRefused(
                gettext("line %(line)s: board %(number)s is dealt differently on line %(line_2)s")
                % {"line": deal_tag.line, "number": number, "line_2": earlier.line},
            )
    if not boards and empty_deals:
        raise FileRefused(
            gettext(
                'the file\'s deals are empty ([Deal ""]): it carries results but no '
                "hands; upload the hand records from your dealing program instead"
            ),
        )
    if not boards:
        raise FileRefused(
            gettext("the file has no deals: no game in it has a [Deal] tag"),
        )
    return sorted(boards.values(), key=lambda board: board.number)


def _deal(holders: list[int], where: str) -> str:
    """The PBN deal of 52 cards' holders (0 to 3: N E S W, the ace of spades first)."""
    hands = []
    for seat in range(4):
        held = [card for card, holder in zip(_CARDS, holders, strict=True) if holder == seat]
        if len(held) != 13:
            raise FileRefused(
                gettext("%(where)s: %(seats)s holds %(held_count)s cards, not 13")
                % {"where": where, "seats": _SEATS[seat], "held_count": len(held)},
            )
        hands.append(".".join("".join(c[1] for c in held if c[0] == suit) for suit in "SHDC"))
    return normalize_deal("N:" + " ".join(hands))


def _bri_deal(record: bytes, where: str) -> str:
    """The deal of a .bri part: North's, East's and South's 13 card numbers; West the rest."""
    digits = record[:78]
    if not digits.isdigit():
        raise FileRefused(
            gettext("%(where)s: the cards are 78 digits, two a card, not %(digits)s")
            % {"where": where, "digits": repr(digits[:20].decode("latin-1"))},
        )
    numbers = [int(digits[i : i + 2]) for i in range(0, 78, 2)]
    holders = [3] * 52
    for position, number in enumerate(numbers):
        if not 1 <= number <= 52:
            raise FileRefused(
                gettext("%(where)s: %(number)s is not a card (01 to 52)")
                % {"where": where, "number": format(number, "02d")},
            )
        if holders[number - 1] != 3:
            raise FileRefused(
                gettext("%(where)s: card %(number)s is dealt twice")
                % {"where": where, "number": format(number, "02d")},
            )
        holders[number - 1] = position // 13
    return _deal(holders, where)


def _read_records(data: bytes, suffix: str) -> list[DealtBoard]:
    size = BRI_RECORD if suffix == ".bri" else DUP_RECORD
    if len(data) % size:
        raise FileRefused(
            gettext(
                "a %(suffix)s file is %(size)s bytes a board; this one has "
                "%(data_count)s bytes, which is not a whole number of boards"
            )
            % {"suffix": suffix, "size": size, "data_count": len(data)},
        )
    first = 1
    if suffix == ".dup":
        lowest = data[148:151].strip()
        if not lowest.isdigit() or int(lowest) < 1:
            raise FileRefused(
                gettext("bytes 149-151 give the lowest board number, not %(text)s")
                % {"text": repr(lowest.decode("latin-1"))},
            )
        first = int(lowest)
    boards = []
    for index in range(len(data) // size):
        number = first + index
        record = data[index * size : (index + 1) * size]
        deal = _bri_deal(
            record,
            gettext("board %(number)s (byte %(byte)s)")
            % {"number": number, "byte": index * size + 1},
        )
        boards.append(DealtBoard(number, deal, index + 1))
    return boards


def _read_dlm(data: bytes) -> list[DealtBoard]:
    lines = decode(data).splitlines()
    if not lines or lines[0].strip() != "[Document]":
        raise FileRefused(
            gettext("a .dlm file starts with [Document]; this one does not"),
        )
    settings: dict[str, str] = {}
    deals: dict[int, tuple[int, str]] = {}
    for number, line in enumerate(lines[1:], start=2):
        match = _DLM_LINE.match(line.strip())
        if match is None:
            continue
        key, board, value = match[1].strip(), match[2], match[3].strip()
        if key == "Board" and board:
            deals[int(board)] = (number, value)
        elif not board:
            settings[key] = value
    if settings.get("Crypto key", "0") != "0":
        raise FileRefused(
            gettext(
                "this .dlm file is encrypted: save the deals as PBN from your dealing program "
                "(BigDeal: -f pbn) and upload that file"
            ),
        )
    low, high = (
        whole_number(settings.get("From board", "")),
        whole_number(settings.get("To board", "")),
    )
    if low is None or high is None or not 1 <= low <= high:
        raise FileRefused(
            gettext("a .dlm file names its boards with From board= and To board="),
        )
    boards = []
    for board in range(low, high + 1):
        if board not in deals:
            raise FileRefused(
                gettext("board %(board)s is missing from the file") % {"board": board},
            )
        line, value = deals[board]
        match = _DLM_BOARD.match(value)
        if match is None:
            raise FileRefused(
                gettext("line %(line)s: board %(board)s is 26 letters a to p and 3 digits")
                % {"line": line, "board": board},
            )
        letters = match[1]
        if reduce(xor, map(ord, letters), board) != int(match[2]):
            raise FileRefused(
                gettext("line %(line)s: board %(board)s fails its check: the line is damaged")
                % {"line": line, "board": board},
            )
        holders = [h for c in letters for h in divmod(ord(c) - ord("a"), 4)]
        boards.append(
            DealtBoard(
                board,
                _deal(
                    holders,
                    gettext("line %(line)s: board %(board)s") % {"line": line, "board": board},
                ),
                line,
            )
        )
    return boards
