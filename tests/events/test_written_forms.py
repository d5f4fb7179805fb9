"""The forms other programs write, read as the standards allow: each test builds its file here
and names the convention's source.

Sources:
- PBN 2.1 (Tournament Bridge Association's Portable Bridge Notation, section 3.4.11 "Deal"):
  a void is an empty suit between the dots; a hand that is not known is "-". Dealing and
  scoring programs also write a void as "-" within a hand (e.g. "AKQJT98765432.-.-.-"), the
  form a hand diagram prints.
- PBN 2.1 section 3.3 "Tag pair": in import format white space may stand between any two
  tokens of a tag pair, and a line may hold several tag pairs; section 3.8: a comment may
  follow a tag, ";" to the end of the line or "{" to the next "}".
- PBN 2.0 and 2.1 section 4.8 "Tag value inheritance": the tag value "#" inherits the tag's
  value in the nearest previous game, the search going on until a value other than "#" is
  found, else "" (PBN 1.0 section 4.7 too); a tag value beginning with "##" means "use the
  text after ## in all subsequent games", which need not repeat the tag ("##IMP", as PBN 2.0
  exporters write the Scoring tag); "The tags with ## at the top of the file can be seen as a
  header. Such tags can still redefine their tag value in the middle of the file. The
  redefined tag value need not begin with ##" (its example: a Date given with ## at the top,
  redefined in the middle because the next 24 boards are played the next day); "#" and "##"
  are forbidden for Dealer, Vulnerable, Deal, Declarer, Contract, Auction, Play and the note
  tags. Nothing there makes a value beginning with a single "#" anything but itself.
- USEBIO 1.2 teams files as some scoring programs write them: a MATCH's ROUND_NUMBER counted
  from its TEAM's side (that team's n-th match, the rounds it sat out not counted), which puts a
  team that sat out a round twice in one of the file's rounds.
- USEBIO 1.2, MATCH_SCORING_METHOD: VPS, or PAB (points a board: board-a-match), whose
  TEAM_SCORE and OPPOSING_TEAM_SCORE are the teams' board points (1 a board won and ½ a board
  tied, or 2 and 1 in British clubs' point-a-board).
- USEBIO 1.2 (EBU's XML results format): a HANDSET HAND lists its cards suit by suit
  (SPADES, HEARTS, DIAMONDS, CLUBS); a void is an empty element, or "-" as programs print it.
"""

import dataclasses
import re

import pytest

from events.formats.deal_files import read_deal_file
from events.formats.imported import FileRefused
from events.formats.pbn import read_games
from events.formats.usebio_teams import parse_teams_file
from events.services.exports import export_file
from events.services.imports import import_event, read_result_file
from events.services.teams.standings import team_standings
from scoring.victory_points import victory_points
from tests.events.files import read_file
from tests.events.test_usebio_teams import _line

# Each hand one whole suit: every other suit a void.
_SUITED = "AKQJT98765432"
_VOIDS = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"


def _pbn_deals(deal: str) -> bytes:
    return f'[Event "Hands"]\n[Board "1"]\n[Dealer "N"]\n[Deal "{deal}"]\n\n'.encode()


@pytest.mark.parametrize(
    "deal",
    [
        pytest.param(
            "N:AKQJT98765432.-.-.- -.AKQJT98765432.-.- -.-.AKQJT98765432.- -.-.-.AKQJT98765432",
            id="pbn-voids-as-dashes",
        ),
        pytest.param(
            "N:AKQJT98765432... -.AKQJT98765432.-.- ..AKQJT98765432. -.-.-.AKQJT98765432",
            id="pbn-dashes-and-empty-mixed",
        ),
    ],
)
def test_a_void_written_as_a_dash_within_a_hand_is_a_void(deal):
    # The old reader refused it: "N's hand has '-': ranks are AKQJT98765432".
    (board,) = read_deal_file(name="hands.pbn", data=_pbn_deals(deal))
    assert board.deal == _VOIDS


def test_a_dash_for_a_whole_hand_stays_a_hand_not_known():
    (board,) = read_deal_file(
        name="hands.pbn", data=_pbn_deals("N:AKQJT98765432.-.-.- - -.-.AKQJT98765432.- -")
    )
    assert board.deal == "N:AKQJT98765432... - ..AKQJT98765432. -"


def test_a_usebio_handset_void_written_as_a_dash_is_a_void():
    data = read_file("compscore_mp.xml")
    start, end = data.index(b"<HAND>"), data.rindex(b"</HAND>") + len(b"</HAND>")
    hands = "".join(
        f"<HAND><DIRECTION>{seat}</DIRECTION>"
        + "".join(
            f"<{suit}>{_SUITED if i == j else '-'}</{suit}>"
            for j, suit in enumerate(("SPADES", "HEARTS", "DIAMONDS", "CLUBS"))
        )
        + "</HAND>"
        for i, seat in enumerate(("North", "East", "South", "West"))
    )

    imported = read_result_file(data[:start] + hands.encode() + data[end:])

    assert imported.boards[0].deal == _VOIDS


def _readable(imported) -> tuple:
    """What an import makes of a pairs file, without the line numbers its messages name."""
    return (
        imported.name,
        imported.date,
        imported.settings,
        [
            (
                board.number,
                board.dealer,
                board.vulnerability,
                [dataclasses.replace(line, where="") for line in board.lines],
            )
            for board in imported.boards
        ],
        [(pair.number, pair.names) for pair in imported.pairs],
    )


def test_pbn_tag_values_inherited_and_tags_in_import_format_read_as_written_out():
    data = read_file("magic_butler.pbn").decode().replace("\r\n", "\n")
    written_out = read_result_file(data.encode())
    first, *others = data.split("\n\n")
    # The first game gives the event's tags once, with PBN 2.0's prefix; the others leave them
    # out, and write their own tags as import format allows.
    for tag in ("Event", "Site", "Date", "Scoring", "Competition"):
        value = next(line for line in first.splitlines() if line.startswith(f"[{tag} "))
        first = first.replace(value, value.replace(' "', ' "##', 1))
        others = [
            "\n".join(row for row in o.splitlines() if not row.startswith(f"[{tag} "))
            for o in others
        ]
    others = [
        o.replace('"]\n[Dealer', '"] [Dealer')
        .replace("[Vulnerable ", "[ Vulnerable  ")
        .replace('[Deal ""]', '[Deal ""] {no hands} [Competition "Pairs"] ; as the first game')
        for o in others
    ]
    assert '[Scoring "##IMP;Butler-2;Mean"]' in first and '"] [Dealer' in others[0]

    # The old importer refused both forms: '[Board "2"] [Dealer "E"]' as not a tag, and "the
    # scoring '##IMP;Butler-2;Mean' is not supported".
    inherited = read_result_file("\n\n".join([first, *others]).encode())

    assert _readable(inherited) == _readable(written_out)
    assert inherited.settings["scoring"] == "butler"


def _tags(*games: str) -> str:
    """A PBN file of `games`, each its tag lines, one game after another."""
    return "% PBN 2.1\n" + "\n\n".join(games) + "\n"


def _values(text: str, name: str) -> list[str | None]:
    """Each game's value of the tag `name` once inheritance is applied (None: no such tag)."""
    _, games = read_games(text)
    return [game.tags[name].value if name in game.tags else None for game in games]


def test_a_hash_is_the_value_of_the_nearest_previous_game_that_has_the_tag():
    # PBN 2.1 section 4.8: the search goes back "until a tag has been found with a 'real' tag
    # value". The old reader looked at the game just before only: board 4's Event was "".
    text = _tags(
        '[Event "Club night"] [Site "#"] [Board "1"]',
        '[Event "#"] [Board "2"]',
        '[Board "3"]',
        '[Event "#"] [Site "Turku"] [Board "4"]',
        '[Site "#"] [Board "5"]',
    )
    assert _values(text, "Event") == ["Club night", "Club night", None, "Club night", None]
    # No previous game has a Site: "#" is then "".
    assert _values(text, "Site") == ["", None, None, "Turku", "Turku"]


def test_a_double_hash_holds_for_the_games_after_it_until_the_tag_is_redefined():
    # PBN 2.1 section 4.8's own example: the Date given with ## at the top of the file,
    # redefined in the middle, without ##, for the boards played the next day. The old reader
    # ended the inheritance there: boards 4 and 5 had no Date.
    text = _tags(
        '[Date "##2026.03.14"] [Scoring "##IMP"] [Board "1"]',
        '[Board "2"]',
        '[Date "2026.03.15"] [Board "3"]',
        '[Board "4"]',
        '[Date "#"] [Scoring "MatchPoints"] [Board "5"]',
    )
    assert _values(text, "Date") == ["2026.03.14", "2026.03.14"] + ["2026.03.15"] * 3
    assert _values(text, "Scoring") == ["IMP", "IMP", "IMP", "IMP", "MatchPoints"]


def test_a_value_beginning_with_one_hash_is_itself():
    # Only the value "#" and a value beginning with "##" inherit (PBN 2.1 section 4.8). The old
    # reader took "#" as a prefix: "#1 Pairs" became "1 Pairs", and board 2's Event too.
    text = _tags('[Event "#1 Pairs"] [Board "1"]', '[Board "2"]')
    assert _values(text, "Event") == ["#1 Pairs", None]


@pytest.mark.parametrize(
    ("tag", "value"),
    [("Deal", "#"), ("Dealer", "##N"), ("Vulnerable", "#"), ("Contract", "#"), ("Note", "##")],
)
def test_a_tag_that_may_not_inherit_a_value_is_refused(tag, value):
    # PBN 2.1 section 4.8: "#" and "##" are forbidden for Dealer, Vulnerable, Deal, Declarer,
    # Contract, Auction, Play and the note tags. The old reader gave board 2 board 1's deal.
    text = _tags(
        '[Board "1"] [Dealer "N"] [Vulnerable "None"] [Deal "N:AKQJT98765432... - - -"]',
        f'[Board "2"] [{tag} "{value}"]',
    )
    with pytest.raises(FileRefused) as refused:
        read_games(text)
    assert str(refused.value) == (
        f'line 4: [{tag} "{value}"] takes its value from an earlier board, which PBN does not '
        f"allow for {tag}: each board gives its own"
    )


def test_a_header_of_double_hash_tags_at_the_top_reads_as_the_file_written_out():
    """PBN 2.1 section 4.8: "The tags with ## at the top of the file can be seen as a header":
    a game of those tags alone, before the first board, gives them to every board."""
    data = read_file("magic_butler.pbn").decode().replace("\r\n", "\n")
    written_out = read_result_file(data.encode())
    meta, _, games = data.partition("\n[")
    games = "[" + games
    header = []
    for tag in ("Event", "Site", "Date", "Scoring", "Competition"):
        value = re.search(rf'^\[{tag} "([^"]*)"\]\n', games, re.M)
        header.append(f'[{tag} "##{value[1]}"]')
        games = re.sub(rf"^\[{tag} [^\n]*\n", "", games, flags=re.M)
    assert "[Event" not in games

    inherited = read_result_file(f"{meta}\n{' '.join(header)}\n\n{games}".encode())

    assert _readable(inherited) == _readable(written_out)
    assert (inherited.name, inherited.settings["scoring"]) == ("Tuesday Butler", "butler")


# ---------------------------------------------------------------------------------------------
# USEBIO teams: rounds numbered from each match's TEAM's side


def _usebio_teams(
    matches: list[tuple[int, int, int]], method: str = "VPS", points: tuple | None = None
) -> bytes:
    """Three teams' file: (ROUND_NUMBER, TEAM, OPPOSING_TEAM) a match, two boards each,
    +420 and +140 at the two tables of board 1 (+7 IMPs to TEAM, TEAM wins the board), +110 at
    both of board 2 (a tie). Each match's TEAM_SCORE and OPPOSING_TEAM_SCORE: `points`, else
    the VPs of +7 IMPs over two boards on the WBF scale."""
    home, away = points or victory_points(7, 2, "wbf")
    scores = (
        f"<TEAM_SCORE>{home:.2f}</TEAM_SCORE><OPPOSING_TEAM_SCORE>{away:.2f}</OPPOSING_TEAM_SCORE>"
    )
    teams = "".join(
        f'<TEAM TEAM_ID="{n}" TEAM_NAME="{name}"></TEAM>'
        for n, name in ((1, "Aces"), (2, "Kings"), (3, "Queens"))
    )
    played = "".join(
        f"<MATCH><ROUND_NUMBER>{round_}</ROUND_NUMBER><TEAM>{home}</TEAM>"
        f"<OPPOSING_TEAM>{away}</OPPOSING_TEAM>{scores}"
        f"<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>{_line('NS', '4S', 'N', 10, 420)}"
        f"{_line('EW', '3S', 'N', 9, 140)}</BOARD>"
        f"<BOARD><BOARD_NUMBER>2</BOARD_NUMBER>{_line('NS', '2S', 'N', 8, 110)}"
        f"{_line('EW', '2S', 'N', 8, 110)}</BOARD></MATCH>"
        for round_, home, away in matches
    )
    return (
        '<?xml version="1.0" encoding="UTF-8"?><USEBIO Version="1.2">'
        '<EVENT EVENT_TYPE="TEAMS"><EVENT_DESCRIPTION>League night</EVENT_DESCRIPTION>'
        f"<MATCH_SCORING_METHOD>{method}</MATCH_SCORING_METHOD><DATE>15/03/2026</DATE>"
        f"<PARTICIPANTS>{teams}</PARTICIPANTS>{played}</EVENT></USEBIO>"
    ).encode()


def test_usebio_rounds_numbered_from_each_teams_side_are_worked_out_from_the_matches():
    # Three teams, one sitting out each round: Aces v Kings, then Queens v Aces, then Kings v
    # Queens. Queens' first match is numbered 1 from its own side (it sat out round 1), Kings'
    # second match 2: the old importer refused "team 1 plays twice in round 1".
    data = _usebio_teams([(1, 1, 2), (1, 3, 1), (2, 2, 3)])

    teams_file = parse_teams_file(data)

    assert [(m.round, m.table, m.home, m.away) for m in teams_file.matches] == [
        (1, 1, 1, 2),
        (2, 1, 3, 1),
        (3, 1, 2, 3),
    ]
    assert dict(teams_file.readings)["Rounds"] == (
        "worked out from the matches: the file numbers each match's round from its TEAM's side "
        "(the team's n-th match)"
    )


@pytest.mark.django_db
def test_usebio_rounds_worked_out_are_the_imported_events_rounds(club):
    data = _usebio_teams([(1, 1, 2), (1, 3, 1), (2, 2, 3)])

    event = import_event(imported=parse_teams_file(data), club=club)

    matches = event.matches.order_by("round").select_related("home", "away")
    assert [(m.round, m.home.name, m.away.name) for m in matches] == [
        (1, "Aces", "Kings"),
        (2, "Queens", "Aces"),
        (3, "Kings", "Queens"),
    ]


def test_usebio_rounds_already_global_are_kept_as_written():
    teams_file = parse_teams_file(_usebio_teams([(1, 1, 2), (2, 3, 1), (3, 2, 3)]))
    assert [m.round for m in teams_file.matches] == [1, 2, 3]
    assert "Rounds" not in dict(teams_file.readings)


def test_usebio_rounds_that_fit_neither_numbering_are_refused_by_name():
    with pytest.raises(FileRefused, match="team 1 plays twice in round 1"):
        parse_teams_file(_usebio_teams([(1, 1, 2), (1, 1, 3), (1, 2, 3)]))


# ---------------------------------------------------------------------------------------------
# USEBIO board-a-match (MATCH_SCORING_METHOD PAB)

_ROUND_ROBIN = [(1, 1, 2), (2, 3, 1), (3, 2, 3)]


@pytest.mark.parametrize(
    ("points", "per_board"),
    [pytest.param((1.5, 0.5), 1, id="1-a-board"), pytest.param((3, 1), 2, id="2-a-board")],
)
def test_a_usebio_board_a_match_event_is_read_as_board_a_match(points, per_board):
    # The old importer refused it: "MATCH_SCORING_METHOD PAB is not supported".
    teams_file = parse_teams_file(_usebio_teams(_ROUND_ROBIN, "PAB", points))

    assert teams_file.settings["match_scoring"] == "bam"
    assert teams_file.settings["bam_points"] == per_board
    assert [m.vps for m in teams_file.matches] == [points] * 3
    assert dict(teams_file.readings)["Board-a-match points"].endswith("the match points it prints")


def test_usebio_board_a_match_points_that_fit_no_scale_are_refused_by_match():
    with pytest.raises(FileRefused, match=r"are neither 1 nor 2 a board over its 2 boards"):
        parse_teams_file(_usebio_teams(_ROUND_ROBIN, "PAB", (2, 0.5)))


@pytest.mark.django_db
def test_a_usebio_board_a_match_event_is_scored_and_exported_as_board_a_match(club):
    event = import_event(
        imported=parse_teams_file(_usebio_teams(_ROUND_ROBIN, "PAB", (3, 1))), club=club
    )

    settings = event.team_settings
    assert (settings.match_scoring, settings.bam_points) == ("bam", 2)
    # Worked out by our engine from the boards: the home team wins board 1 (+420 against +140)
    # for 2 points, board 2 is tied (+110 at both tables) for 1 each.
    matches = event.matches.order_by("round").select_related("home", "away")
    assert [(m.home.name, m.away.name, m.home_vps, m.away_vps) for m in matches] == [
        ("Aces", "Kings", 3, 1),
        ("Queens", "Aces", 3, 1),
        ("Kings", "Queens", 3, 1),
    ]
    # Each team won one match 3-1 and lost one 1-3.
    assert sorted(float(s.vps) for s in team_standings(event=event)) == [4, 4, 4]
    exported = export_file(event=event, format_key="usebio")
    assert b"<MATCH_SCORING_METHOD>PAB</MATCH_SCORING_METHOD>" in exported
    again = parse_teams_file(exported)
    assert (again.settings["match_scoring"], again.settings["bam_points"]) == ("bam", 2)
    assert [m.vps for m in again.matches] == [(3, 1)] * 3
