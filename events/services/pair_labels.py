"""Keeping each pair's label (scoring.pair_labels) in step with its section and event."""

from events.models import Event, Pair, Section
from scoring.pair_labels import pair_labels, without_section


def section_labels(*, section: Section) -> dict[int, str]:
    """Pair number -> label, as the section's pairs are labelled, without the section's letter:
    what a page or a line of that one section names them by."""
    return {
        number: without_section(label) or str(number)
        for number, label in section.pairs.values_list("number", "label")
    }


def several_sections(*, event_id: int) -> bool:
    """Whether the event has more than one section: its pages and its pairs' labels then name
    the section."""
    return Section.objects.filter(event=event_id).count() > 1


def label_pairs(*, section: Section, ew_offset: int | None = None) -> None:
    """Give every pair of the section its label; saved one by one, so that the change that is
    being recorded holds them. `ew_offset` as scoring.pair_labels has it; without it, the one
    the section's EW labels already show, else its table count (a Mitchell's EW pairs are
    T+1..2T). In an event of several sections the labels carry the section's letter."""
    ew_numbered_on = Event.objects.values_list("ew_numbered_on", flat=True).get(pk=section.event_id)
    several = several_sections(event_id=section.event_id)
    pairs = list(Pair.objects.filter(section=section))
    if ew_offset is None:
        shown = [
            p.number - int(without_section(p.label).split()[0])
            for p in pairs
            if p.label.endswith(" EW")
        ]
        ew_offset = shown[0] if shown else section.tables
    labels = pair_labels(
        [(p.number, p.direction) for p in pairs],
        ew_numbered_on=ew_numbered_on,
        ew_offset=ew_offset,
        section=section.letter if several else "",
    )
    for pair in pairs:
        if pair.label != labels[pair.number]:
            pair.label = labels[pair.number]
            pair.save(update_fields=["label"])


def pair_of_slug(*, section: Section, slug: str) -> Pair | None:
    """The pair a URL names: by its label ("3ns" is 3 NS), or a plain number by the pair's
    number when no label is just that number (a link from before pairs were labelled)."""
    number, direction = int(slug.rstrip("nsew")), slug.lstrip("0123456789").upper()
    label = f"{number} {direction}" if direction else str(number)
    pair = section.pairs.filter(label__in=[label, f"{section.letter}{label}"]).first()
    if pair is None and not direction:
        pair = section.pairs.filter(number=number).first()
    return pair


def pairs_of_slug(*, event: Event, slug: str) -> list[Pair]:
    """The pairs a URL that leaves out the section names ("/pairs/3ew/"): the one of each
    section that has it, in section order."""
    sections = Section.objects.filter(event=event).order_by("letter")
    return [pair for s in sections if (pair := pair_of_slug(section=s, slug=slug)) is not None]
