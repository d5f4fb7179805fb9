"""The director's grid of table-rounds, one row a round.

Built in Python: a 200-table event's grid has 1,800 cells, and the template language (or
format_html, which escapes every number) takes about ten times as long to render each one.
"""

from html import escape

from django import template
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, pgettext

from events.services.progress import SlipProgress

register = template.Library()


def meeting(ns: str, ew: str) -> str:
    """A table-round's two pairs, escaped, as short as a grid's cell wants them ("8 v 7"; the
    sentences' "8 mot 7" would push a Norwegian grid of four tables off a phone)."""
    return escape(pgettext("a grid's cell", "%(ns)s v %(ew)s") % {"ns": ns, "ew": ew})


@register.simple_tag
def slip_cells(slips: list[SlipProgress], slip_url: str, query: str) -> SafeString:
    """A round's cells: each played slip links to its entry page with how much is entered;
    each cell names its table (`data-label`) for a phone, where the grid stacks."""
    link, query = escape(slip_url), escape(query)
    table, sit_out = escape(gettext("Table %(table)s")), escape(gettext("sit-out"))
    cells = (
        f'<td class="{"done" if slip.complete else ""}" '
        f'data-label="{table % {"table": slip.table}}">'
        f'<a href="{link}{slip.round}/tables/{slip.table}/{query}">'
        f"{meeting(slip.ns, slip.ew)}</a> "
        f'<span class="muted">{slip.entered}/{slip.boards}</span></td>'
        if slip.played
        else f'<td data-label="{table % {"table": slip.table}}">'
        f'<span class="muted">{sit_out}</span></td>'
        for slip in slips
    )
    # Every text in the cells is escaped above; the numbers are ints.
    return mark_safe("".join(cells))
