"""An event's scoring settings in words, for pages and files that show how it was scored."""

from events.models import Event


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
    return rows
