"""The settings' values the formats read and write (events.formats.vocabulary) are the
database's."""

from events.formats import vocabulary
from events.models import Event, TeamSettings


def test_the_formats_spell_the_event_settings_as_the_database_keeps_them():
    assert vocabulary.INDIVIDUAL == Event.Kind.INDIVIDUAL
    assert (Event.Scoring.values) == [
        vocabulary.MATCHPOINTS,
        vocabulary.BUTLER,
        vocabulary.CROSS_IMPS,
    ]
    assert vocabulary.ACROSS_THE_FIELD in dict(Event._meta.get_field("section_scoring").choices)
    assert list(vocabulary.PERCENTAGE_BASES) == [
        value for value, _ in Event._meta.get_field("percentage_basis").choices
    ]
    assert vocabulary.UNFACTORED in vocabulary.PERCENTAGE_BASES
    assert list(vocabulary.FACTOR_TO) == [
        value for value, _ in Event._meta.get_field("factor_to").choices
    ]
    assert vocabulary.TO_THE_MOVEMENT in vocabulary.FACTOR_TO
    assert list(vocabulary.REVEALS) == Event.Reveal.values
    assert list(vocabulary.STATUSES) == Event.Status.values


def test_the_formats_name_the_team_settings_as_the_database_does():
    assert dict(TeamSettings.Format.choices) == vocabulary.TEAM_FORMATS
    assert dict(TeamSettings.MatchScoring.choices) == vocabulary.MATCH_SCORINGS
