"""Team files with garbage in them, read by the team readers: a TeamsFile whose every match is
scored, or a FileRefused that says why, never another exception."""

from hypothesis import given
from hypothesis import strategies as st

from events.formats import pbn_teams, usebio_teams
from events.formats.imported import FileRefused
from scoring.victory_points import victory_points
from tests.events.files import read_file
from tests.events.fuzzing import FUZZ
from tests.events.test_fuzz_imports import damaged_files
from tests.events.test_pbn_teams import _BOARDS, _META, _file

_BOARD_FILE = _file(
    '1 1 1 2 "200,13,0" {:.2f} {:.2f}\n1 2 3 4 - - -'.format(*victory_points(13, 2, "wbf")),
    _BOARDS,
    _META,
)
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
