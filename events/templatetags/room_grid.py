"""The room's grid of table-rounds, one row a round, polled every few seconds.

Built in Python like the entry grid's (slip_grid): a 200-table room has 1,800 cells.
"""

from html import escape

from django import template
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from events.services.tables.room import Cell
from events.templatetags.slip_grid import meeting

register = template.Library()


@register.simple_tag
def room_cells(cells: list[Cell], slip_url: str, query: str) -> SafeString:
    """A round's cells: each played table-round links to its slip in the director's entry grid
    (the director's take-over), with how much is entered, from where, and what waits; each
    cell names its table (`data-label`) for a phone, where the grid stacks."""
    words = {
        "table": escape(gettext("Table %(table)s")),
        "sit_out": escape(gettext("sit-out")),
        "called": escape(gettext("called the director")),
        "late": escape(gettext("late")),
        "from_table": escape(gettext("from the table")),
        "from_director": escape(gettext("by the director")),
        "waiting": escape(gettext("waiting")),
        "disputed": escape(gettext("disputed")),
    }
    link, query = escape(slip_url), escape(query)
    return mark_safe("".join(_cell(cell, link, query, words) for cell in cells))


def _cell(cell: Cell, link: str, query: str, words: dict[str, str]) -> str:
    slip = cell.slip
    label = words["table"] % {"table": slip.table}
    if not slip.played:
        return (
            f'<td class="room-cell" data-label="{label}">'
            f'<span class="muted">{words["sit_out"]}</span></td>'
        )
    notes = [
        f'<span class="note {name}">{count} {words[name]}</span>'
        for name, count in (
            ("from_table", cell.from_table),
            ("from_director", cell.from_director),
            ("waiting", cell.waiting),
            ("disputed", cell.disputed),
        )
        if count
    ]
    if cell.late:
        notes.append(f'<span class="note late">{words["late"]}</span>')
    if cell.called:
        notes.append(f'<span class="note called">{words["called"]}</span>')
    # Every text is escaped above or here; the numbers are ints.
    return (
        f'<td class="room-cell {cell.state}" data-cell="{slip.round}-{slip.table}" '
        f'data-label="{label}">'
        f'<a href="{link}{slip.round}/tables/{slip.table}/{query}">'
        f"{meeting(slip.ns, slip.ew)}</a> "
        f'<span class="count">{slip.entered}/{slip.boards}</span>'
        f"{' '.join(notes)}</td>"
    )
