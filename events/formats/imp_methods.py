"""Which IMP method another program printed its IMPs under, tried board by board.

A Butler event IMPs each score against a datum, and programs form the datum in their own ways
(the scores kept, the rounding of the mean: scoring.datum.DATUM_METHODS); cross-IMPs are summed,
or divided per score or per comparison (scoring.cross_imps.CROSS_IMP_MODES). A file names its
scoring (PBN's "IMP;Butler", USEBIO's BUTLER_IMPS) but seldom its method, and some name one
their IMPs do not follow. Each method is worked out again on every board that prints IMPs
(scoring.printed_conventions.choose_imp_method), within a section or across the field as
read_section_scoring read it; the one that gives the printed IMPs on the most boards is the
event's setting, the file's own method winning a tie. A board it does not reproduce keeps its
printed IMPs as fixed scores, flagged, as a matchpoint board that fits no rule does
(missing_results.keep_as_printed).
"""

from django.utils.translation import gettext

from events.formats.imported import ImportedEvent
from events.formats.missing_results import compared_boards, keep_as_printed
from events.formats.section_scoring import imp_setting, imps_printed, ordered_imp_methods
from events.formats.vocabulary import BUTLER, CROSS_IMPS
from scoring.cross_imps import CROSS_IMP_MODES
from scoring.datum import DATUM_METHODS
from scoring.printed_conventions import choose_imp_method


def read_imp_method(event: ImportedEvent) -> None:
    """Set the IMP event's datum method or cross-IMP mode to the one its printed IMPs follow,
    mark the lines of the boards they fit under none as fixed, and say on the preview what was
    read; does nothing for a matchpoint event or a file that prints no IMPs."""
    scoring = event.settings.get("scoring")
    if scoring not in (BUTLER, CROSS_IMPS):
        return
    compared = compared_boards(event, [event, *event.sections])
    if not compared:
        return
    methods = ordered_imp_methods(event.settings)
    boards = [
        imps_printed([line for (board,) in members for line in board.lines])
        for _, members in compared
    ]
    method, unfit = choose_imp_method(boards, scoring, methods)
    if len(unfit) < len(boards) and method != methods[0]:
        event.settings[imp_setting(scoring)] = method
        labels = DATUM_METHODS if scoring == BUTLER else CROSS_IMP_MODES
        event.readings.append(
            (
                gettext("Datum") if scoring == BUTLER else gettext("Cross-IMP method"),
                gettext("%(method)s: as the file's IMPs show")
                % {"method": gettext(labels[method])},
            )
        )
    keep_as_printed(
        event,
        [(compared[i][0], [board for (board,) in compared[i][1]]) for i in unfit],
        gettext(
            "the file's IMPs fit no method we know (any datum, or cross-IMPs summed or "
            "divided per score or per comparison)"
        ),
    )
