"""A teams file's figures: what its published VPs say about how it was scored, and our engine's
IMPs and VPs checked against every figure it publishes.

Files rarely say which victory-point scale they used, and Ruter's team files do not say how many
boards a match had. Both are read from the file itself when it says them (our own files do);
otherwise they are the one scale and match length that reproduce every published award, and
the preview says how they were read. A file whose awards fit no scale we know, or fit more than
one reading, is refused with the reason: the director is never left with a guess.
"""

from fractions import Fraction

from django.utils.translation import gettext

from events.formats.imported import FileRefused
from events.formats.team_files import MAX_BOARDS, FileMatch, TeamsFile
from scoring import ScoringError
from scoring.adjusted_scores import adjustment_code
from scoring.board_a_match import POINTS_PER_BOARD
from scoring.imps import ARTIFICIAL_IMPS
from scoring.team_matches import (
    board_a_match_result,
    board_imps,
    match_imps,
    patton_result,
)
from scoring.victory_points import VP_SCALES, victory_points

DEFAULT_SCALE, DEFAULT_LENGTH = "wbf", 8  # TeamSettings' defaults
BOARD_POINTS = ("bam", "patton")  # match scorings by the board, not by VPs
_HALF_CENT = 0.005  # VPs are printed to 2 decimals


def settle_scores(teams_file: TeamsFile) -> None:
    """Score every match with our engine and fill `match.imps` and `match.vps`, and the event's
    `vp_scale` and `boards_per_match` settings; FileRefused naming the match or team where a
    published figure differs, or where the file's scoring cannot be read."""
    for match in teams_file.matches:
        match.imps = _match_imps(match)
    settings = teams_file.settings
    scoring = settings.setdefault("match_scoring", "vps")
    assigned = [m for m in teams_file.matches if m.assigned_vps and not m.is_bye]
    for match in assigned:
        if match.published_vps is None:
            raise FileRefused(
                gettext("%(match_name)s: the match's assigned VPs are missing")
                % {"match_name": _match_name(match)},
            )
        match.vps = match.published_vps
    if scoring in BOARD_POINTS:
        _settle_board_points(teams_file)
    else:
        _settle_vps(teams_file)
    _settle_byes(teams_file)
    _check_totals(teams_file)


def _settle_vps(teams_file: TeamsFile) -> None:
    """IMPs converted to VPs: the scale and match length as the file says or its awards imply."""
    settings = teams_file.settings
    for match in teams_file.matches:
        if (
            not match.is_bye
            and not match.assigned_vps
            and match.imps is None
            and match.published_vps is not None
        ):
            raise FileRefused(
                gettext(
                    "%(match_name)s: the file gives the match's VPs but neither its IMPs nor "
                    "its boards"
                )
                % {"match_name": _match_name(match)},
            )
    played = [
        m for m in teams_file.matches if not m.is_bye and m.imps is not None and not m.assigned_vps
    ]
    evidence = [m for m in played if m.published_vps is not None]
    if not evidence and "vp_scale" not in settings and played:
        raise FileRefused(
            gettext(
                "the file gives no match's VPs and does not name its VP scale, so its "
                "matches cannot be converted to VPs as its program did"
            ),
        )
    scale, boards = _scale_and_length(teams_file, evidence)
    settings["vp_scale"], settings["boards_per_match"] = scale, boards
    for match in played:
        match.vps = _vps(match, scale, boards)
        if match.published_vps is not None and not _same(match.vps, match.published_vps):
            raise _vps_misfit(match, scale, _length(match, boards), match.vps)


def _settle_board_points(teams_file: TeamsFile) -> None:
    """Board-a-match or Patton: each match's points from the boards played at both tables, by
    the teams engine; board-a-match's points for a win as the file says, else as its printed
    match points show (USEBIO's MATCH_SCORING_METHOD PAB says no more)."""
    settings = teams_file.settings
    patton = settings["match_scoring"] == "patton"
    if "bam_points" not in settings and not patton:
        settings["bam_points"] = _points_per_board(teams_file)
    per_board = settings.setdefault("bam_points", 1)
    if per_board not in POINTS_PER_BOARD:
        raise FileRefused(
            gettext("board-a-match gives 1 or 2 points for a win, not %(per_board)s")
            % {"per_board": per_board},
        )
    stated = settings.get("boards_per_match")
    length = stated or max((len(m.boards) for m in teams_file.matches), default=0)
    settings["boards_per_match"] = length or DEFAULT_LENGTH
    settings.setdefault("vp_scale", DEFAULT_SCALE)
    for match in teams_file.matches:
        if match.is_bye or match.assigned_vps:
            continue
        played = _played_boards(match)
        if not played:
            if match.published_vps is not None:
                raise FileRefused(
                    gettext("%(match_name)s: the file gives the match's points but not its boards")
                    % {"match_name": _match_name(match)},
                )
            continue
        points = (
            patton_result(played) if patton else board_a_match_result(played, per_board=per_board)
        )
        match.vps = (float(points.home), float(points.away))
        if match.published_vps is not None and not _same(match.vps, match.published_vps):
            raise FileRefused(
                gettext(
                    "%(match_name)s: the boards make %(points_text)s points, but the file "
                    "says %(points_text_2)s"
                )
                % {
                    "match_name": _match_name(match),
                    "points_text": _points_text(match.vps),
                    "points_text_2": _points_text(match.published_vps),
                },
            )


def _played_boards(match: FileMatch) -> list[tuple[int, int]]:
    """The (table 1, table 2) North-South scores of the match's boards played at both tables."""
    return [
        (t[1].score_ns, t[2].score_ns)
        for b in match.boards
        if b.assigned_imps is None
        and (t := b.tables).keys() == {1, 2}
        and not any(line.not_played or line.is_adjusted for line in t.values())
    ]


def _points_per_board(teams_file: TeamsFile) -> int:
    """Board-a-match's points for a win that the printed match points add up to (both teams'
    points together are the boards played, or twice that), 1 when no match prints them; the
    reading goes to the preview. FileRefused when the matches disagree."""
    readings = set()
    for match in teams_file.matches:
        played = len(_played_boards(match))
        if match.is_bye or match.assigned_vps or match.published_vps is None or not played:
            continue
        total = sum(match.published_vps)
        fits = {per for per in POINTS_PER_BOARD if abs(total - per * played) < _HALF_CENT}
        if not fits:
            raise FileRefused(
                gettext(
                    "%(match_name)s: the match's points, %(points_text)s, are neither 1 nor "
                    "2 a board over its %(played)s boards"
                )
                % {
                    "match_name": _match_name(match),
                    "points_text": _points_text(match.published_vps),
                    "played": played,
                },
            )
        readings |= fits
    if len(readings) > 1:
        raise FileRefused(
            gettext("the matches' printed points give 1 a board in some matches and 2 in others"),
        )
    if not readings:
        teams_file.readings.append(
            (
                gettext("Board-a-match points"),
                gettext("%(points)s: the file prints no match's points")
                % {"points": gettext(POINTS_PER_BOARD[1])},
            )
        )
        return 1
    (per_board,) = readings
    teams_file.readings.append(
        (
            gettext("Board-a-match points"),
            gettext("%(points)s: the match points it prints")
            % {"points": gettext(POINTS_PER_BOARD[per_board])},
        )
    )
    return per_board


def _match_imps(match: FileMatch) -> tuple[float, float] | None:
    """(home, away) IMPs from the boards, each board as both tables score it (or its assigned
    IMPs), checked against what the file prints; the printed totals for a match without boards."""
    if match.is_bye:
        return None
    if not match.boards or match.assigned_imps:
        return match.published_imps
    scored = []
    for board in match.boards:
        won = board_imps_of(board, match)
        if won is None:
            continue
        if board.published_imps is not None and won != board.published_imps:
            raise FileRefused(
                gettext(
                    "%(match_name)s, board %(number)s: the tables' scores make %(won)s IMPs "
                    "to %(home)s, but the file says %(published_imps)s"
                )
                % {
                    "match_name": _match_name(match),
                    "number": board.number,
                    "won": format(won, "+d"),
                    "home": _home(match),
                    "published_imps": format(board.published_imps, "+g"),
                },
            )
        scored.append(won)
    total = match_imps(scored)
    home, away = float(total.home), float(total.away)
    if match.carry_over > 0:
        home += match.carry_over
    else:
        away -= match.carry_over
    if match.published_imps is not None and not _same((home, away), match.published_imps):
        raise FileRefused(
            gettext(
                "%(match_name)s: the boards make %(home)s–%(away)s IMPs, but the file "
                "says %(published_imps)s–%(published_imps_2)s"
            )
            % {
                "match_name": _match_name(match),
                "home": format(home, "g"),
                "away": format(away, "g"),
                "published_imps": format(match.published_imps[0], "g"),
                "published_imps_2": format(match.published_imps[1], "g"),
            },
        )
    return home, away


def board_imps_of(board, match: FileMatch) -> int | None:
    """The home team's IMPs on a board: its assigned IMPs, else the two tables' North-South
    scores (scoring.team_matches), an artificial score at a table being worth its Law 86A IMPs;
    None while a table has no result."""
    where = gettext("%(where)s, board %(board)s") % {
        "where": _match_name(match),
        "board": board.number,
    }
    if board.assigned_imps is not None:
        if board.assigned_imps != int(board.assigned_imps):
            raise FileRefused(
                gettext("%(where)s: assigned IMPs are whole, not %(assigned_imps)s")
                % {"where": where, "assigned_imps": format(board.assigned_imps, "g")},
            )
        return int(board.assigned_imps)
    table1, table2 = board.tables.get(1), board.tables.get(2)
    if table1 is None or table2 is None or table1.not_played or table2.not_played:
        return None
    if table1.is_adjusted or table2.is_adjusted:
        # The home team is North-South at table 1 and East-West at table 2.
        home = sum(_artificial(line, side) for line, side in ((table1, "ns"), (table2, "ew")))
        away = sum(_artificial(line, side) for line, side in ((table1, "ew"), (table2, "ns")))
        if home != -away:
            raise FileRefused(
                gettext(
                    "%(where)s: artificial scores worth %(home)s and %(away)s IMPs to the "
                    "two teams do not balance, and a file's board has one score"
                )
                % {"where": where, "home": format(home, "+d"), "away": format(away, "+d")},
            )
        return home
    return board_imps(table1.score_ns, table2.score_ns)


def _artificial(line, side: str) -> int:
    """A side's Law 86A IMPs at a table with an artificial score (0 at a table without)."""
    if not line.is_adjusted:
        return 0
    return ARTIFICIAL_IMPS[adjustment_code(getattr(line, f"{side}_percent"))]


def _scale_and_length(teams_file: TeamsFile, evidence: list[FileMatch]) -> tuple[str, int]:
    """The VP scale and the boards a match, as the file says them or as its awards imply."""
    settings = teams_file.settings
    stated_scale, stated_length = settings.get("vp_scale"), settings.get("boards_per_match")
    if stated_scale is not None and stated_scale not in VP_SCALES:
        raise FileRefused(
            gettext("the file's VP scale %(stated_scale)s is not one we know")
            % {"stated_scale": repr(stated_scale)},
        )
    if not evidence:
        # No match has a result to tell by: the file's own word, else the app's defaults.
        scale, length = stated_scale or DEFAULT_SCALE, stated_length or DEFAULT_LENGTH
        teams_file.readings += [
            (gettext("VP scale"), _stated(gettext(VP_SCALES[scale].label), _said(stated_scale))),
            (gettext("Boards a match"), _stated(length, _said(stated_length))),
        ]
        return scale, length
    scales = [stated_scale] if stated_scale else list(VP_SCALES)
    unknown = [m for m in evidence if m.board_count is None and not m.boards]
    if stated_length is not None:
        lengths = [stated_length]
    elif unknown:
        lengths = list(range(1, MAX_BOARDS + 1))
    else:
        lengths = sorted({_length(m, None) for m in evidence}) or [None]
    fits = [
        (scale, length)
        for scale in scales
        for length in lengths
        if all(_fits(m, scale, _length(m, length)) for m in evidence)
    ]
    if stated_scale and stated_length is not None:
        if not fits and evidence:
            raise _first_misfit(evidence, stated_scale, stated_length)
        teams_file.readings += [
            (
                gettext("VP scale"),
                gettext("%(label)s: the file says so")
                % {"label": gettext(VP_SCALES[stated_scale].label)},
            ),
            (
                gettext("Boards a match"),
                gettext("%(label)s: the file says so") % {"label": stated_length},
            ),
        ]
        return stated_scale, stated_length
    if not fits:
        if stated_scale:
            raise FileRefused(
                gettext(
                    "the published VPs do not follow the %(label)s for any match length from "
                    "1 to %(max_boards)s boards"
                )
                % {"label": gettext(VP_SCALES[stated_scale].label), "max_boards": MAX_BOARDS},
            )
        raise FileRefused(
            gettext(
                "the published VPs follow none of the scales we know (%(scales)s) for any match "
                "length: its VP scale cannot be read"
            )
            % {"scales": ", ".join(gettext(scale.label) for scale in VP_SCALES.values())}
        )
    found_scales = sorted({scale for scale, _ in fits}, key=list(VP_SCALES).index)
    if len(found_scales) > 1:
        raise FileRefused(
            gettext(
                "the file does not name its VP scale and its VPs fit more than one (%(scales)s): "
                "the scale cannot be told"
            )
            % {"scales": ", ".join(gettext(VP_SCALES[s].label) for s in found_scales)}
        )
    scale = found_scales[0]
    found_lengths = sorted({length for _, length in fits if length is not None})
    if stated_scale:
        teams_file.readings.append(
            (
                gettext("VP scale"),
                gettext("%(label)s: the file says so") % {"label": gettext(VP_SCALES[scale].label)},
            )
        )
    else:
        teams_file.readings.append(
            (
                gettext("VP scale"),
                gettext("%(label)s: the only scale giving every published award")
                % {"label": gettext(VP_SCALES[scale].label)},
            )
        )
    if unknown and stated_length is None:
        if len(found_lengths) > 1:
            raise FileRefused(
                gettext(
                    "the file does not say how many boards a match had, and its VPs fit "
                    "%(lengths)s boards alike: the match length cannot be told"
                )
                % {"lengths": ", ".join(map(str, found_lengths))},
            )
        teams_file.readings.append(
            (
                gettext("Boards a match"),
                gettext(
                    "%(found_lengths)s: the file does not say; the only length giving every "
                    "published award"
                )
                % {"found_lengths": found_lengths[0]},
            )
        )
        return scale, found_lengths[0]
    length = stated_length or (found_lengths[-1] if found_lengths else None)
    if length is None:
        length = max((_length(m, None) or 0 for m in teams_file.matches), default=0)
    if not 1 <= length <= MAX_BOARDS:
        raise FileRefused(
            gettext("a match of %(length)s boards: matches have 1 to %(max_boards)s boards")
            % {"length": length, "max_boards": MAX_BOARDS},
        )
    teams_file.readings.append(
        (
            gettext("Boards a match"),
            _stated(length, gettext("the file says so") if stated_length else gettext("as played")),
        )
    )
    return scale, length


def _stated(value, why: str) -> str:
    """A setting the preview reads and why: "8: the file says so"."""
    return gettext("%(where)s: ") % {"where": value} + why


def _said(stated) -> str:
    if stated:
        return gettext("the file says so")
    return gettext("no match has a result to tell by; the usual one")


def _length(match: FileMatch, boards: int | None) -> int | None:
    """A match's length: as the file gives it for the match, else its boards, else `boards`."""
    if match.board_count is not None:
        return match.board_count
    if match.boards and boards is None:
        return len(match.boards)
    return boards


def _fits(match: FileMatch, scale: str, boards: int | None) -> bool:
    if boards is None or boards not in VP_SCALES[scale].boards:
        return False
    return _same(_vps(match, scale, boards), match.published_vps)


def _vps(match: FileMatch, scale: str, boards: int) -> tuple[float, float]:
    home, away = match.imps
    try:
        return tuple(
            float(v) for v in victory_points(Fraction(home) - Fraction(away), boards, scale)
        )
    except ScoringError as refused:
        raise FileRefused(
            gettext("%(match_name)s: %(refused)s")
            % {"match_name": _match_name(match), "refused": refused},
        ) from None


def _first_misfit(evidence: list[FileMatch], scale: str, boards: int) -> FileRefused:
    for match in evidence:
        length = _length(match, boards)
        if not _fits(match, scale, length):
            if length not in VP_SCALES[scale].boards:
                return FileRefused(
                    gettext(
                        "%(match_name)s: the %(label)s has no row for a match of %(length)s boards"
                    )
                    % {
                        "match_name": _match_name(match),
                        "label": gettext(VP_SCALES[scale].label),
                        "length": length,
                    },
                )
            return _vps_misfit(match, scale, length, _vps(match, scale, length))
    raise AssertionError("every match fits")  # pragma: no cover


def _vps_misfit(match: FileMatch, scale: str, length: int, vps) -> FileRefused:
    """The match's IMPs make `vps` on the scale, not the VPs the file prints."""
    return FileRefused(
        gettext(
            "%(match_name)s: %(imps_text)s over %(length)s boards make %(vps_text)s "
            "on the %(label)s, but the file says %(vps_text_2)s"
        )
        % {
            "match_name": _match_name(match),
            "imps_text": _imps_text(match),
            "length": length,
            "vps_text": _vps_text(vps),
            "label": gettext(VP_SCALES[scale].label),
            "vps_text_2": _vps_text(match.published_vps),
        },
    )


def _settle_byes(teams_file: TeamsFile) -> None:
    """A bye scores the VPs the file gives it, the same for every bye (the event's bye_vps)."""
    byes = [m for m in teams_file.matches if m.is_bye]
    awards = {m.published_vps[0] for m in byes if m.published_vps is not None}
    if len(awards) > 1:
        raise FileRefused(
            gettext(
                "the file gives byes different VPs (%(awards)s): a bye scores the same for every "
                "team"
            )
            % {"awards": ", ".join(f"{v:g}" for v in sorted(awards))}
        )
    if awards:
        teams_file.settings.setdefault("bye_vps", awards.pop())
    bye_vps = teams_file.settings.get("bye_vps")
    for match in byes:
        if bye_vps is None:
            raise FileRefused(
                gettext("%(match_name)s: the file does not say what a bye scores")
                % {"match_name": _match_name(match)},
            )
        match.vps = (float(bye_vps), 0.0)


def _check_totals(teams_file: TeamsFile) -> None:
    """Each team's published total must be the sum of its matches' VPs."""
    totals = {team.number: 0.0 for team in teams_file.teams}
    for match in teams_file.matches:
        if match.vps is None:
            continue
        totals[match.home] += match.vps[0] - match.penalty_vps[0]
        if match.away is not None:
            totals[match.away] += match.vps[1] - match.penalty_vps[1]
    for team in teams_file.teams:
        if team.published_vps is not None and abs(totals[team.number] - team.published_vps) > (
            _HALF_CENT
        ):
            raise FileRefused(
                gettext(
                    "%(value)s: %(name)s's matches make %(totals)s VPs, but the file's total "
                    "is %(published_vps)s"
                )
                % {
                    "value": team.where or team.name,
                    "name": team.name,
                    "totals": format(totals[team.number], ".2f"),
                    "published_vps": format(team.published_vps, ".2f"),
                },
            )


def _same(ours, theirs) -> bool:
    return all(abs(a - b) < _HALF_CENT for a, b in zip(ours, theirs, strict=True))


def _match_name(match: FileMatch) -> str:
    return gettext("%(where)s: round %(round)s, table %(table)s") % {
        "where": match.where,
        "round": match.round,
        "table": match.table,
    }


def _home(match: FileMatch) -> str:
    return f"team {match.home}"


def _imps_text(match: FileMatch) -> str:
    return gettext("%(home)s–%(away)s IMPs") % {
        "home": format(match.imps[0], "g"),
        "away": format(match.imps[1], "g"),
    }


def _points_text(points) -> str:
    return f"{points[0]:g}–{points[1]:g}"


def _vps_text(vps) -> str:
    return f"{vps[0]:.2f}–{vps[1]:.2f}"
