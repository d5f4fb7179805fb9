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


def pair_of_slug(*, section: Section, slug: str) -> Pair | None:
    """The pair a URL names: by its label ("3ns" is 3 NS), or a plain number by the pair's
    number when no label is just that number (a link from before pairs were labelled)."""
    number, direction = int(slug.rstrip("nsew")), slug.lstrip("0123456789").upper()
    label = f"{number} {direction}" if direction else str(number)
    pair = section.pairs.filter(label=label).first()
    if pair is None and not direction:
        pair = section.pairs.filter(number=number).first()
    return pair
