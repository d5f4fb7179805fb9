"""Keeping each pair's label (scoring.pair_labels) in step with its section and event."""

from events.models import Event, Pair, Section
from scoring.pair_labels import pair_labels


def section_labels(*, section: Section, ew_numbered_on: bool | None = None) -> dict[int, str]:
    """Pair number -> label as the section's pairs now stand."""
    if ew_numbered_on is None:
        ew_numbered_on = Event.objects.values_list("ew_numbered_on", flat=True).get(
            pk=section.event_id
        )
    return pair_labels(
        section.pairs.values_list("number", "direction"), ew_numbered_on=ew_numbered_on
    )


def label_pairs(*, section: Section) -> None:
    """Give every pair of the section its label; saved one by one, so that the change that is
    being recorded holds them."""
    labels = section_labels(section=section)
    for pair in Pair.objects.filter(section=section):
        if pair.label != labels[pair.number]:
            pair.label = labels[pair.number]
            pair.save(update_fields=["label"])
