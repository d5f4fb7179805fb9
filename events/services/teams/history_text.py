"""A teams event's changes in a director's words: "Round 1, table 2 (Aces v Kings), board 3,
table 1: entered 4S N 10 (+420)", "Captains' totals: (blank) -> 20", "Team 3 Aces registered"."""

from django.utils.translation import gettext

from events.models import Event, Match, MatchBoard, MatchLine, Team, TeamMember, TeamSettings
from events.services.field_words import shown
from events.services.line_text import scored_text

TEAMS_MODELS = (TeamSettings, Team, TeamMember, Match, MatchBoard, MatchLine)
# Fields a change never sets by hand (derived, or kept by the database).
QUIET = {"id", "event_id", "match_id", "board_id", "team_id", "updated"}


def team_numbers(event: Event) -> dict:
    """Team names and where each match board is, by id, for the lines below."""
    numbers = {(Team, pk): name for pk, name in event.teams.values_list("pk", "name")}
    for board in MatchBoard.objects.filter(match__event=event).select_related("match"):
        where = _match_name(board.match, numbers)
        numbers[(MatchBoard, board.pk)] = gettext("%(match)s, board %(board)s") % {
            "match": where,
            "board": board.number,
        }
    for match in Match.objects.filter(event=event):
        numbers[(Match, match.pk)] = _match_name(match, numbers)
    return numbers


def _match_name(match, numbers) -> str:
    home = numbers.get((Team, match.home_id), "?")
    bye = gettext("bye")
    away = numbers.get((Team, match.away_id), bye) if match.away_id else bye
    return gettext("Round %(round)s, table %(table)s (%(home)s v %(away)s)") % {
        "round": match.round,
        "table": match.table,
        "home": home,
        "away": away,
    }


def team_lines(version, numbers) -> list[str]:
    """What the change did to one row of a teams event."""
    before, after = version.before, version.after
    row = after or before
    model = version.model
    if model is MatchLine:
        where = gettext("%(board)s, table %(table)s") % {
            "board": numbers.get((MatchBoard, row.board_id), gettext("a match board")),
            "table": row.table,
        }
        if before is None:
            return [
                gettext("%(where)s: entered %(line)s") % {"where": where, "line": _quoted(after)}
            ]
        if after is None:
            return [
                gettext("%(where)s: deleted %(line)s") % {"where": where, "line": _quoted(before)}
            ]
        return [
            gettext("%(where)s: %(before)s -> %(after)s")
            % {"where": where, "before": _quoted(before), "after": _quoted(after)}
        ]
    if model is Match and (before is None or after is None):
        text = (
            gettext("Match set: %(match)s")
            if before is None
            else gettext("Match removed: %(match)s")
        )
        return [text % {"match": _match_name(row, numbers)}]
    if model is Team and (before is None or after is None):
        text = (
            gettext("Team %(number)s %(name)s registered")
            if before is None
            else gettext("Team %(number)s %(name)s removed")
        )
        return [text % {"number": row.number, "name": row.name}]
    if model is TeamMember:
        team = numbers.get((Team, row.team_id), gettext("a team"))
        if before is None:
            return [gettext("%(team)s: player %(seat)s added") % {"team": team, "seat": after.seat}]
        if after is None:
            return [
                gettext("%(team)s: player %(seat)s removed") % {"team": team, "seat": before.seat}
            ]
        return []
    if before is None or after is None:
        return []
    prefix = ""
    if model is Match:
        where = numbers.get((Match, row.id), gettext("A match"))
        prefix = gettext("%(where)s: ") % {"where": where}
    elif model is MatchBoard:
        where = numbers.get((MatchBoard, row.id), gettext("A match board"))
        prefix = gettext("%(where)s: ") % {"where": where}
    elif model is Team:
        prefix = gettext("Team %(number)s: ") % {"number": row.number}
    return [
        prefix
        + gettext("%(setting)s: %(before)s -> %(after)s")
        % {
            "setting": _label(model, name),
            "before": _shown(model, name, getattr(before, name)),
            "after": _shown(model, name, getattr(after, name)),
        }
        for name in version.changed_fields()
        if name not in QUIET
    ]


def _label(model, attname: str) -> str:
    field = next(f for f in model._meta.concrete_fields if f.attname == attname)
    text = str(field.verbose_name)
    return text[:1].upper() + text[1:]


def _shown(model, attname: str, value) -> str:
    return shown(next(f for f in model._meta.concrete_fields if f.attname == attname), value)


def _quoted(row) -> str:
    line = MatchLine(
        **{f.attname: getattr(row, f.attname) for f in MatchLine.history.model.tracked_fields}
    )
    text = scored_text(line)
    return f"{text} # {line.note}" if line.note else text
