"""A table's way in: the token its QR code carries, one for each table of an event.

A pairs or individual section's tables are its movement's; a teams event's are the match tables
of its rounds, each in two halves (the home pair sits North-South at table 1 of the match, the
away pair at table 2). The token opens that table's page only, and nothing once the event is
published: corrections after that are the director's.
"""

from django.db import transaction
from django.db.models import Exists, Max, OuterRef, QuerySet
from django.urls import reverse
from django.utils.translation import gettext

from events.models import Board, Event, Match, Section, TableAccess
from events.models.tables import new_token


class TableClosed(Exception):
    """A token that opens nothing (unknown, regenerated, or its event published)."""


def knowing_tables(boards: QuerySet[Board]) -> QuerySet[Board]:
    """`boards`, each knowing whether its section has tables' links (`tables_open`): a line the
    director saves on a board no table enters reads and clears nothing of the tables."""
    return boards.annotate(
        tables_open=Exists(TableAccess.objects.filter(section_id=OuterRef("section_id")))
    )


def tables_open(board: Board) -> bool:
    """Whether a table may enter `board` (its section has tables' links); True for a board read
    without knowing_tables."""
    return getattr(board, "tables_open", True)


def open_table(*, token: str) -> TableAccess:
    """The table this token opens, with its event and section; TableClosed if none."""
    access = (
        TableAccess.objects.select_related("event", "event__club", "section")
        .filter(token=token)
        .first()
    )
    if access is None or access.event.is_published:
        raise TableClosed(token)
    return access


def event_tables(*, event: Event) -> list[TableAccess]:
    """Every table of the event with its token, made for the tables that have none yet (a
    section's tables, a teams event's match tables of the rounds drawn so far)."""
    wanted = set(_tables(event))
    with transaction.atomic():
        have = {(a.section_id, a.table, a.half): a for a in _accesses(event)}
        missing = [
            TableAccess(event=event, section_id=section_id, table=table, half=half)
            for section_id, table, half in sorted(wanted - have.keys(), key=_order)
        ]
        TableAccess.objects.bulk_create(missing, ignore_conflicts=True)
    return [a for a in _accesses(event) if (a.section_id, a.table, a.half) in wanted]


def _order(key: tuple) -> tuple:
    section_id, table, half = key
    return (section_id or 0, table, half)


def _accesses(event: Event) -> list[TableAccess]:
    return list(event.table_accesses.select_related("section"))


def _tables(event: Event):
    if event.is_teams:
        last = Match.objects.filter(event=event, away__isnull=False).aggregate(Max("table"))
        for table in range(1, (last["table__max"] or 0) + 1):
            yield (None, table, 1)
            yield (None, table, 2)
        return
    for section in Section.objects.filter(event=event):
        for table in range(1, section.tables + 1):
            yield (section.pk, table, 0)


def new_table_token(*, access: TableAccess) -> TableAccess:
    """Give the table a new token: the old one (a card left on a table, a photo of it) opens
    nothing from now on."""
    access.token = new_token()
    access.save(update_fields=["token"])
    return access


def table_url(*, access: TableAccess) -> str:
    """The address of the table's page (the URL named `table`), as its QR code carries it once
    the view has made it absolute with request.build_absolute_uri, like the live results' QR."""
    return reverse("table", kwargs={"token": access.token})


def table_name(*, access: TableAccess, several_sections: bool = False) -> str:
    """How the director's pages name the table: "Table 3", "Section B, table 3" when the event
    has several sections, "Match table 3, table 2" for a teams match's second table."""
    if access.half:
        return gettext("Match table %(table)s, table %(half)s") % {
            "table": access.table,
            "half": access.half,
        }
    if several_sections:
        return gettext("Section %(section)s, table %(table)s") % {
            "section": access.section.letter,
            "table": access.table,
        }
    return gettext("Table %(table)s") % {"table": access.table}
