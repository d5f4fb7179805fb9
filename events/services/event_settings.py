"""An event's scoring settings in words, for pages and files that show how it was scored."""

from events.models import Event, Pair


def settings_summary(event: Event) -> list[tuple[str, str]]:
    """The scoring settings that matter for this event's kind of scoring, as label and value."""
    rows = [("Scoring", event.get_scoring_display())]
    if event.scoring == Event.Scoring.MATCHPOINTS:
        rows += [
            ("Matchpoint scale", event.get_mp_scale_display()),
            ("Matchpoint rounding", event.get_mp_rounding_display()),
        ]
        if event.missing_results != "neuberg":  # Neuberg goes without saying
            rows.append(("Boards played fewer times", event.get_missing_results_display()))
    elif event.scoring == Event.Scoring.BUTLER:
        rows.append(("Datum", event.get_datum_method_display()))
    else:
        rows.append(("Cross-IMP method", event.get_cross_imp_mode_display()))
    if event.factor_totals:
        to = (
            f"{event.factor_boards} boards"
            if event.factor_boards
            else "the most boards any pair played"
        )
        rows.append(("Factored totals", f"Yes, to {to}"))
    else:
        rows.append(("Factored totals", "No"))
    rows.append(("Winners", event.get_winners_display()))
    if _labelled_per_direction(event):
        rows.append(("Pair numbers", "Each direction from 1: 1 NS, 1 EW ..."))
    return rows


def _labelled_per_direction(event: Event) -> bool:
    """Whether the event's Mitchell numbers its EW pairs from 1 (a file that did is read so)."""
    return (
        event.pk is not None
        and not event.ew_numbered_on
        and Pair.objects.filter(section__event=event, label__endswith=" EW").exists()
    )
