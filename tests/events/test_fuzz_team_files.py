"""Team files with garbage in them, read by the team readers: a TeamsFile whose every match is
scored, or a FileRefused that says why, never another exception."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from events.formats import pbn_teams, usebio_teams
from events.formats.imported import FileRefused
from events.models import Event
from events.services.imports import import_event, read_result_file
from tests.events.files import read_file
from tests.events.fuzzing import FUZZ
from tests.events.test_fuzz_imports import damaged_files

_BOARD_FILE = read_file("teams_boards.pbn")
FILES = {
    "ruter_teams.pbn": read_file("ruter_teams.pbn"),
    "boards.pbn": _BOARD_FILE,
    "boards.xml": usebio_teams.render_teams_usebio(pbn_teams.parse_teams_file(_BOARD_FILE)),
}


@FUZZ
@given(data=st.one_of(damaged_files(FILES), st.binary(max_size=2000)))
def test_the_team_readers_give_a_scored_event_or_say_why_not(data):
    reader = usebio_teams if data.lstrip().startswith(b"<") else pbn_teams
    try:
        teams_file = reader.parse_teams_file(data)
    except FileRefused as refusal:
        assert str(refusal)
    else:
        assert teams_file.teams and teams_file.matches
        for match in teams_file.matches:
            assert match.vps is None or sum(match.vps) in (20, match.vps[0])


@pytest.mark.django_db
@FUZZ
@given(data=damaged_files(FILES))
def test_a_team_file_the_readers_take_is_saved_whole(club, data):
    """Whatever a reader lets through, every database stores: no number or text too large for
    a column, no half-saved event."""
    try:
        teams_file = read_result_file(data)
    except FileRefused:
        return
    before = Event.objects.count()
    event = import_event(imported=teams_file, club=club, as_new=True)
    assert Event.objects.count() == before + 1
    assert event.teams.count() == len(teams_file.teams)
    assert event.matches.count() == len(teams_file.matches)
