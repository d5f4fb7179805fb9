"""The director's grid of table-rounds, one row a round.

Built in Python: a 200-table event's grid has 1,800 cells, and the template language (or
format_html, which escapes every number) takes about ten times as long to render each one.
"""

from html import escape

from django import template
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from events.services.progress import SlipProgress

register = template.Library()


@register.simple_tag
def slip_cells(slips: list[SlipProgress], slip_url: str, query: str) -> SafeString:
    """A round's cells: each played slip links to its entry page with how much is entered."""
    link, query = escape(slip_url), escape(query)
    cells = (
        f'<td class="{"done" if slip.complete else ""}">'
        f'<a href="{link}{slip.round}/tables/{slip.table}/{query}">'
        f"{escape(gettext('%(ns)s v %(ew)s') % {'ns': slip.ns, 'ew': slip.ew})}</a> "
        f'<span class="muted">{slip.entered}/{slip.boards}</span></td>'
        if slip.played
        else f'<td><span class="muted">{escape(gettext("sit-out"))}</span></td>'
        for slip in slips
    )
    # Every text in the cells is escaped above; the numbers are ints.
    return mark_safe("".join(cells))
