"""An event's scoring settings in words, for pages and files that show how it was scored."""

from django.utils.translation import gettext

from events.models import Event, Pair


def settings_summary(event: Event) -> list[tuple[str, str]]:
    """The scoring settings that matter for this event's kind of scoring, as label and value."""
    rows = [(gettext("Scoring"), event.get_scoring_display())]
    if event.scoring == Event.Scoring.MATCHPOINTS:
        rows += [
            (gettext("Matchpoint scale"), event.get_mp_scale_display()),
            (gettext("Matchpoint rounding"), event.get_mp_rounding_display()),
        ]
        if event.missing_results != "neuberg":  # Neuberg goes without saying
            rows.append((gettext("Boards played fewer times"), event.get_missing_results_display()))
        if event.factor_to != "played":  # the tables where two pairs play go without saying
            rows.append((gettext("Boards factored to"), event.get_factor_to_display()))
        if event.percentage_basis != "scored":  # the matchpoints as scored go without saying
            rows.append((gettext("Percentages"), event.get_percentage_basis_display()))
    elif event.scoring == Event.Scoring.BUTLER:
        rows.append((gettext("Datum"), event.get_datum_method_display()))
    else:
        rows.append((gettext("Cross-IMP method"), event.get_cross_imp_mode_display()))
    if event.factor_totals:
        to = (
            gettext("%(count)s boards") % {"count": event.factor_boards}
            if event.factor_boards
            else gettext("the most boards any pair played")
        )
        rows.append((gettext("Factored totals"), gettext("Yes, to %(boards)s") % {"boards": to}))
    else:
        rows.append((gettext("Factored totals"), gettext("No")))
    rows.append((gettext("Winners"), event.get_winners_display()))
    if _labelled_per_direction(event):
        rows.append((gettext("Pair numbers"), gettext("Each direction from 1: 1 NS, 1 EW ...")))
    return rows


def _labelled_per_direction(event: Event) -> bool:
    """Whether the event's Mitchell numbers its EW pairs from 1 (a file that did is read so)."""
    return (
        event.pk is not None
        and not event.ew_numbered_on
        and Pair.objects.filter(section__event=event, label__endswith=" EW").exists()
    )
