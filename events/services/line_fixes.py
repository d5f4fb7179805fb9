"""One-click fixes the problems panel offers, each a save through the entry service."""

from events.models import Result
from events.services.entry import LineRefused, save_line
from events.services.line_text import result_text
from scoring import ScoringError, parse_traveller_line


def swap_directions(*, result: Result) -> Result:
    """The same line with its pair numbers the other way round: the pairs were written in each
    other's boxes, so the North-South score goes to the pair now entered North-South."""
    try:
        line = parse_traveller_line(result_text(result))
    except ScoringError as refused:
        raise LineRefused(
            f"this line cannot be swapped here ({refused}): edit it instead"
        ) from None
    return save_line(
        board=result.board,
        line=line,
        ns_pair=result.ew_pair.number,
        ew_pair=result.ns_pair.number,
        result=result,
    )
