"""A teams event's changes in a director's words: "Round 1, table 2 (Aces v Kings), board 3,
table 1: entered 4S N 10 (+420)", "Captains' totals: (blank) -> 20", "Team 3 Aces registered"."""

from events.models import Event, Match, MatchBoard, MatchLine, Team, TeamMember, TeamSettings
from events.services.line_text import scored_text

TEAMS_MODELS = (TeamSettings, Team, TeamMember, Match, MatchBoard, MatchLine)
# Fields a change never sets by hand (derived, or kept by the database).
QUIET = {"id", "event_id", "match_id", "board_id", "team_id", "updated"}


def team_numbers(event: Event) -> dict:
    """Team names and where each match board is, by id, for the lines below."""
    numbers = {(Team, pk): name for pk, name in event.teams.values_list("pk", "name")}
    for board in MatchBoard.objects.filter(match__event=event).select_related("match"):
        where = _match_name(board.match, numbers)
        numbers[(MatchBoard, board.pk)] = f"{where}, board {board.number}"
    for match in Match.objects.filter(event=event):
        numbers[(Match, match.pk)] = _match_name(match, numbers)
    return numbers


def _match_name(match, numbers) -> str:
    home = numbers.get((Team, match.home_id), "?")
    away = numbers.get((Team, match.away_id), "bye") if match.away_id else "bye"
    return f"Round {match.round}, table {match.table} ({home} v {away})"


def team_lines(version, numbers) -> list[str]:
    """What the change did to one row of a teams event."""
    before, after = version.before, version.after
    row = after or before
    model = version.model
    if model is MatchLine:
        where = f"{numbers.get((MatchBoard, row.board_id), 'a match board')}, table {row.table}"
        if before is None:
            return [f"{where}: entered {_quoted(after)}"]
        if after is None:
            return [f"{where}: deleted {_quoted(before)}"]
        return [f"{where}: {_quoted(before)} -> {_quoted(after)}"]
    if model is Match and (before is None or after is None):
        verb = "set" if before is None else "removed"
        return [f"Match {verb}: {_match_name(row, numbers)}"]
    if model is Team and (before is None or after is None):
        verb = "registered" if before is None else "removed"
        return [f"Team {row.number} {row.name} {verb}"]
    if model is TeamMember:
        team = numbers.get((Team, row.team_id), "a team")
        if before is None:
            return [f"{team}: player {after.seat} added"]
        if after is None:
            return [f"{team}: player {before.seat} removed"]
        return []
    if before is None or after is None:
        return []
    prefix = ""
    if model is Match:
        prefix = f"{numbers.get((Match, row.id), 'A match')}: "
    elif model is MatchBoard:
        prefix = f"{numbers.get((MatchBoard, row.id), 'A match board')}: "
    elif model is Team:
        prefix = f"Team {row.number}: "
    return [
        f"{prefix}{_label(model, name)}: {_shown(model, name, getattr(before, name))} -> "
        f"{_shown(model, name, getattr(after, name))}"
        for name in version.changed_fields()
        if name not in QUIET
    ]


def _label(model, attname: str) -> str:
    field = next(f for f in model._meta.concrete_fields if f.attname == attname)
    text = str(field.verbose_name)
    return text[:1].upper() + text[1:]


def _shown(model, attname: str, value) -> str:
    return shown(next(f for f in model._meta.concrete_fields if f.attname == attname), value)


def shown(field, value) -> str:
    """A field's value as the history reads it: a choice's label, "(blank)", Yes or No."""
    if field.choices:
        return str(dict(field.flatchoices).get(value, value))
    if value is None or value == "":
        return "(blank)"
    if isinstance(value, bool):
        return "Yes" if value else "No"
    return str(value)


def _quoted(row) -> str:
    line = MatchLine(
        **{f.attname: getattr(row, f.attname) for f in MatchLine.history.model.tracked_fields}
    )
    text = scored_text(line)
    return f"{text} # {line.note}" if line.note else text
