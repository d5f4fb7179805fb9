"""Template filters of the rankings."""

from django import template

register = template.Library()


@register.filter
def boards_differ(standings) -> bool:
    """Whether the pairs (or players) of a ranking played different numbers of boards: then
    their places may not follow their totals, and the boards played say why."""
    return len({standing.boards_played for standing in standings}) > 1
