"""A pairs or individual event as our results files write it: plain data, gathered from the
database by events.services.exports and rendered by every pairs format (Excel, CSV, PBN,
USEBIO, JSON). Nothing here reads the database.

An individual's sides (the two players sitting North-South, or East-West, at a table in a
round) are its pairs; each line then names its four players by seat. Rankings, travellers and
scorecards are the app's own, as its pages show them, so that a file says what the pages say.
"""

import datetime
from dataclasses import dataclass, field

from events.formats.imported import ImportedTableRound
from events.formats.vocabulary import ACROSS_THE_FIELD, INDIVIDUAL, MATCHPOINTS


@dataclass(frozen=True)
class FilePlayer:
    """A player of an individual, by the number the movement gives them."""

    number: int
    name: str

    @property
    def label(self) -> str:
        """'7 Ann Smith', or '7' before the player is named."""
        return f"{self.number} {self.name}".strip()


@dataclass(frozen=True, eq=False)
class FilePair:
    """A pair of a section (a side, in an individual) with its stored totals."""

    section: str  # the section's letter
    number: int
    name: str  # what players know it by: "3 NS" in a Mitchell numbered per direction, else "3"
    file_id: str  # "3NS", "3EW" or "3": its name in a results file
    direction: str  # "NS", "EW" or "" (either)
    names: str  # "Ann Smith & Bob Jones"
    score: float
    percentage: float | None
    boards_played: int


@dataclass(frozen=True, eq=False)
class FileLine:
    """A traveller line as saved: played, adjusted (an artificial score for each side, its
    percent when not the code's), not played, or weighted (Law 12C1(c): its parts in
    `weights`, `score_ns` their weighted mean)."""

    board: int  # the board's number
    ns_pair: FilePair
    ew_pair: FilePair
    round: int | None
    table: int | None
    contract: str
    declarer: str
    lead: str
    tricks: int | None
    score_ns: int | None
    score_ew: int | None  # an assigned split score: the NS score EW are scored with
    ns_adjustment: str  # "A+", "A", "A-" or ""
    ew_adjustment: str
    ns_percent: float | None
    ew_percent: float | None
    not_played: bool
    note: str
    weights: list | None
    ns_points: float | None
    ew_points: float | None
    players: dict[str, int] = field(default_factory=dict)  # an individual's: seat -> player
    fixed: bool = False  # points kept as an imported file printed them (Result.is_fixed)


@dataclass(frozen=True)
class FileBoard:
    """A board as a section plays it; a board whose hands may not be shown has no deal, par or
    double-dummy table."""

    number: int
    dealer: str
    vulnerability: str
    deal: str  # PBN, from North; "" when not known or not shown
    par: str
    double_dummy: dict | None
    lines: list[FileLine]  # by North-South pair number
    # With a phantom's or sit-out's table counted, where that is more than the times two
    # pairs play it (Board.movement_results); else 0.
    movement_results: int = 0


@dataclass(frozen=True)
class FileStanding:
    pair: FilePair
    place: str  # "3", "3="
    score: float  # factored to the event's board count when the event says so
    percentage: float | None
    boards_played: int


@dataclass(frozen=True)
class FileRanking:
    title: str  # "North-South", "East-West", or "" for one ranking of the whole room
    standings: list[FileStanding]


@dataclass(frozen=True)
class FilePlayerStanding:
    player: FilePlayer
    place: str
    score: float
    percentage: float | None
    boards_played: int


@dataclass(frozen=True)
class FileScorecardLine:
    """A board of a pair's scorecard, scored from the pair's side."""

    board: int
    line: FileLine
    direction: str  # "NS" or "EW"
    opponents: FilePair
    score: int | None  # None for a weighted score (no table scored its mean)
    points: float | None
    percentage: float | None


@dataclass(frozen=True)
class FilePlayerLine:
    """A board of an individual player's scorecard: their side's line, partner, opponents."""

    round: int | None
    seat: str
    partner: FilePlayer
    opponents: tuple[FilePlayer, FilePlayer]
    line: FileScorecardLine


@dataclass(frozen=True)
class FileSection:
    letter: str
    movement: str
    tables: int
    rounds: int
    boards_per_round: int
    board_set: int  # sections of the same set play the same deals
    barometer: bool  # every table plays the round's boards from its own copy
    table_rounds: list[ImportedTableRound]  # pair numbers
    boards: list[FileBoard]
    ranking: list[FileRanking]  # one group, or NS and EW for two winners
    player_ranking: list[FilePlayerStanding]  # an individual's; [] for pairs
    # The workbook's (events.services.exports.pairs_file(scorecards=True)), else empty: each
    # board's traveller, best North-South score first (across the field, every section's
    # lines on the deals), by board number; each pair's scorecard by pair number; each player's
    # by player number.
    travellers: dict[int, list[FileLine]] = field(default_factory=dict)
    scorecards: dict[int, list[FileScorecardLine]] = field(default_factory=dict)
    player_cards: dict[int, list[FilePlayerLine]] = field(default_factory=dict)
    # The movement's name in the reader's language, for the workbook; the files write
    # `movement` as the engine names it.
    movement_shown: str = ""


@dataclass(frozen=True)
class PairsFile:
    """The event: its settings (the database's values), its sections and, with several, the
    ranking of the whole field; every line in `lines` by section, board, round and table."""

    identifier: int
    name: str
    club_name: str
    date: datetime.date
    kind: str
    scoring: str
    status: str
    status_label: str  # "Published"
    mp_scale: int
    mp_rounding: str
    missing_results: str
    factor_to: str
    percentage_basis: str
    datum_method: str
    cross_imp_mode: str
    adjusted_scores: str
    factor_totals: bool
    factor_boards: int | None
    winners: int
    section_scoring: str
    reveal: str
    settings_summary: list[tuple[str, str]]  # the scoring settings in words, label and value
    sections: list[FileSection]
    overall: list[FileRanking]  # several sections only
    lines: list[FileLine]

    @property
    def is_imps(self) -> bool:
        return self.scoring != MATCHPOINTS

    @property
    def is_individual(self) -> bool:
        return self.kind == INDIVIDUAL

    @property
    def across_field(self) -> bool:
        return self.section_scoring == ACROSS_THE_FIELD

    def compared_lines(self, section: FileSection, board: FileBoard) -> list[FileLine]:
        """The lines `board` of `section` was scored with: its own, or across the field those
        of that board in every section playing the same deals (its datum is theirs)."""
        if not self.across_field:
            return board.lines
        return [
            line
            for other in self.sections
            if other.board_set == section.board_set
            for same in other.boards
            if same.number == board.number
            for line in same.lines
        ]
