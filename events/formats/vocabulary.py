"""The values of the event settings a results file carries, spelt as the database keeps them
(the choices of events.models.Event and TeamSettings, which tests/events/test_vocabulary.py
holds to these), so that a format reads and writes them without the models."""

from django.utils.translation import gettext_noop

# Event.Kind
INDIVIDUAL = "individual"
# Event.Scoring
MATCHPOINTS = "mp"
BUTLER = "butler"
CROSS_IMPS = "cross-imps"
# Event.section_scoring: matchpointed across the whole field, or within each section
ACROSS_THE_FIELD = "field"
# Event.percentage_basis: on the matchpoints as scored, or on each board's own results (the
# matchpoints before a short board is factored); the second is the one that needs saying
PERCENTAGE_BASES = ("scored", "unfactored")
UNFACTORED = "unfactored"
# Event.factor_to: a board factored to the tables where two pairs play it, or to every table
# of the movement, a phantom's or sit-out's counted
FACTOR_TO = ("played", "movement")
TO_THE_MOVEMENT = "movement"
# Event.Reveal and Event.Status
REVEALS = ("always", "round", "session")
STATUSES = ("setup", "running", "published")
# TeamSettings.Format and TeamSettings.MatchScoring, with their labels
SWISS = "swiss"
TEAM_FORMATS = {
    SWISS: gettext_noop("Swiss"),
    "round-robin": gettext_noop("Round robin"),
    "knockout": gettext_noop("Knock-out"),
    "evening": gettext_noop("Teams-of-four evening (short matches)"),
}
MATCH_SCORINGS = {
    "vps": gettext_noop("IMPs converted to victory points"),
    "bam": gettext_noop("Board-a-match"),
    "patton": gettext_noop("Patton (2/1/0 a board plus the aggregate)"),
}
