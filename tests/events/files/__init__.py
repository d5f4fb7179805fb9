"""Small result files written for the project's own tests, and how the tests read them."""

from pathlib import Path

FILES = Path(__file__).parent


def read_file(name: str) -> bytes:
    return (FILES / name).read_bytes()


def lines_by_meeting(imported) -> dict:
    """An imported event's traveller lines keyed by (board, NS pair, EW pair)."""
    return {
        (b.number, line.ns_pair, line.ew_pair): line for b in imported.boards for line in b.lines
    }
