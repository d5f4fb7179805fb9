"""A club's pairs event for the benchmarks that need a database: a skip Mitchell of 9 rounds
of 3 boards, made by the same services as the director's pages, its lines filled in at once.
Call after measure.django_on_a_fresh_database()."""

import datetime

LINES = ["4S N 10", "4S N 11", "4S N 9", "3NT S 9", "4SX N 9", "5D E 10", "P", "2H W 8"]
PASSWORD = "bench-director"


def director_and_club(slug: str = "bench"):
    from django.contrib.auth import get_user_model

    from events.models import Club

    director = get_user_model().objects.create_user(f"director-{slug}", password=PASSWORD)
    club = Club.objects.create(name=f"Club {slug}", slug=slug)
    club.directors.add(director)
    return director, club


def pairs_event(
    club, tables: int, *, filled: bool, status: str = "running", sections: int = 1, rounds=None
):
    """A `tables`-table Mitchell in each of `sections` sections; with every scheduled line
    entered and scored when `filled` (saved together, then scored once by rescore_event, as an
    import is), or only those of the first `rounds` rounds."""
    from events.models import Board, Pair, Result
    from events.services.entry import board_meetings
    from events.services.rescoring import rescore_event
    from events.services.setup import create_pairs_event
    from scoring import mitchell, parse_traveller_line

    event = create_pairs_event(
        club=club,
        name=f"{tables * sections}-table Pairs",
        date=datetime.date(2026, 11, 23),
        movement=mitchell(
            tables, 3, rounds=min(9, tables - 1), variant="skip" if tables % 2 == 0 else None
        ),
        sections=sections,
        status=status,
    )
    if filled:
        pairs = {(p.section_id, p.number): p for p in Pair.objects.filter(section__event=event)}
        lines = []
        for board in Board.objects.filter(section__event=event):
            for i, meeting in enumerate(board_meetings(board=board)):
                if rounds is not None and meeting.round > rounds:
                    continue
                line = parse_traveller_line(LINES[(board.number + i) % len(LINES)])
                lines.append(
                    Result(
                        board=board,
                        ns_pair=pairs[board.section_id, meeting.ns],
                        ew_pair=pairs[board.section_id, meeting.ew],
                        round=meeting.round,
                        table=meeting.table,
                        contract=str(line.contract) if line.contract else "",
                        declarer=line.declarer,
                        tricks=line.tricks,
                        score_ns=line.score_ns(board.vulnerability),
                    )
                )
        Result.objects.bulk_create(lines, batch_size=2_000)
        rescore_event(event=event)
    return event
