"""Files of deals: the hand records a dealing program writes for a set of boards, read to plain
data (board number and deal).

PBN is read, as Dealer (`printpbn`) and BigDeal (`-f pbn`) write it, and as any PBN results
file carries it. The dealer and vulnerability a file gives are not read: the event's boards keep
their own (a dealing program often writes "N" and "None" for every board).

Duplimate's binary files (.dup, .bri, .dlm and the like) are refused with a sentence that says
how to get a PBN file instead.
"""

from dataclasses import dataclass
from pathlib import PurePath

from events.formats.imported import FileRefused, whole_number
from events.formats.pbn import decode, looks_like_pbn, read_games
from events.services.hand_records import DealRefused, normalize_deal

# Dealing machines' own formats: the same deals, saved as PBN by the program that made them.
MACHINE_FORMATS = {".dup", ".bri", ".dlm", ".dge", ".ber", ".rzd", ".pdf"}
AS_PBN = "save the deals as PBN from your dealing program (BigDeal: -f pbn) and upload that file"


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
        raise FileRefused(f"{suffix} files are not read here: {AS_PBN}")
    if not data.strip():
        raise FileRefused("the file is empty")
    if not looks_like_pbn(data):
        raise FileRefused(f"this is not a PBN file (it has no [Tag] lines): {AS_PBN}")
    _, games = read_games(decode(data))
    boards: dict[int, DealtBoard] = {}
    for game in games:
        deal_tag, board_tag = game.tags.get("Deal"), game.tags.get("Board")
        if deal_tag is None or not deal_tag.value.strip():
            continue
        if board_tag is None or not board_tag.value.strip():
            raise FileRefused(f"line {deal_tag.line}: this deal has no [Board] number")
        number = whole_number(board_tag.value)
        if number is None or number < 1:
            raise FileRefused(
                f'line {board_tag.line}: [Board "{board_tag.value[:20]}"] is not a board number'
            )
        try:
            deal = normalize_deal(deal_tag.value)
        except DealRefused as refused:
            raise FileRefused(f"line {deal_tag.line}: board {number}: {refused}") from None
        earlier = boards.setdefault(number, DealtBoard(number, deal, deal_tag.line))
        if earlier.deal != deal:
            raise FileRefused(
                f"line {deal_tag.line}: board {number} is dealt differently on line {earlier.line}"
            )
    if not boards:
        raise FileRefused("the file has no deals: no game in it has a [Deal] tag")
    return sorted(boards.values(), key=lambda board: board.number)
