"""Rescoring a whole event, after its settings change or once its results are loaded."""

from django.db import transaction

from events.models import Board, Event, Pair
from events.services import page_cache
from events.services.pair_labels import label_pairs
from events.services.scoring import score_lines, update_pair_totals


def rescore_event(*, event: Event, **settings) -> None:
    """Score every board of the event again from its raw results, and every pair's total.

    `settings` are Event fields to change first (scoring, mp_scale, mp_rounding, datum_method,
    cross_imp_mode, factor_totals, factor_boards, winners, section_scoring); they are checked
    like a form would check them, so a wrong value raises ValidationError and nothing changes.
    """
    with transaction.atomic():
        if settings:
            for name, value in settings.items():
                setattr(event, name, value)
            event.full_clean(exclude=["club"])
            event.save(update_fields=list(settings))
            if "ew_numbered_on" in settings:
                for section in event.sections.all():
                    label_pairs(section=section)
        boards = Board.objects.filter(section__event=event).select_related("section__event")
        # Every board, then every pair, as a single save takes them (scoring.lock_board).
        boards = list(boards.select_for_update(of=("self",)).order_by("pk"))
        pairs = Pair.objects.select_for_update().filter(section__event=event).order_by("pk")
        pair_ids = {pair.pk for pair in pairs}
        scored: set[int] = set()
        for board in boards:
            if board.pk in scored:  # scored with another section's board, across the field
                continue
            # The board's section is loaded with its event: keep the settings just saved.
            board.section.event = event
            scored |= score_lines(board=board)[0]
        # Every pair's total once, after every board is scored.
        update_pair_totals(pair_ids=pair_ids, event=event)
        page_cache.changed(event_id=event.pk)
