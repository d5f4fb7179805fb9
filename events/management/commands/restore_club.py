"""`manage.py restore_club FILE`: a club restored from a file backup_club wrote. It speaks the
site's language (LANGUAGE_CODE) until the club is restored, then the club's own."""

from pathlib import Path

from django.contrib.auth import get_user_model
from django.core.management.base import CommandError
from django.utils.translation import gettext, gettext_lazy, ngettext

from events.management.base import TranslatedCommand
from events.services.backup import BackupRefused, RestoreSummary, restore_club
from events.services.languages import speaking_for_club


class Command(TranslatedCommand):
    help = gettext_lazy(
        "Restore a club from a file backup_club wrote (gzip or not) as a new club with new keys; "
        "with --keep-keys, into an empty database with the file's keys, so that its pages, "
        "links and exports are the same byte for byte."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help=gettext("the backup file"))
        parser.add_argument("--slug", help=gettext("restore the club under this address instead"))
        parser.add_argument(
            "--keep-keys",
            action="store_true",
            help=gettext("keep the file's primary keys (an empty database only)"),
        )
        parser.add_argument(
            "--user",
            action="append",
            default=[],
            metavar="NAME[=ACCOUNT]",
            help=gettext(
                "link the file's username NAME to this site's account ACCOUNT (NAME itself "
                "when left out): its changes name it, and it directs the club if it did; repeat "
                "for each. Names not linked are kept as text."
            ),
        )

    def handle(self, *args, file, slug, keep_keys, user, **options):
        accounts = self._accounts(user)
        try:
            with Path(file).open("rb") as source:
                summary = restore_club(
                    source=source, slug=slug, keep_keys=keep_keys, accounts=accounts
                )
        except OSError as error:
            raise CommandError(
                gettext("%(file)s: %(refusal)s.") % {"file": file, "refusal": error.strerror}
            ) from None
        except BackupRefused as refused:
            raise CommandError(
                gettext("%(file)s: not restored: %(reason)s.") % {"file": file, "reason": refused}
            ) from None
        with speaking_for_club(summary.club):
            self._say(summary)

    def _say(self, summary: RestoreSummary) -> None:
        club = summary.club
        events, rows = summary.rows.get("events.event", 0), sum(summary.rows.values())
        said = {
            "club": club.name,
            "slug": club.slug,
            "events": ngettext("%(count)d event", "%(count)d events", events) % {"count": events},
            "rows": ngettext("%(count)d row", "%(count)d rows", rows) % {"count": rows},
        }
        if summary.kept_keys:
            restored = gettext(
                "%(club)s restored at /clubs/%(slug)s/ with its own keys: %(events)s, %(rows)s."
            )
        else:
            restored = gettext(
                "%(club)s restored at /clubs/%(slug)s/ with new keys: %(events)s, %(rows)s."
            )
        self.stdout.write(restored % said)
        if summary.unlinked_users:
            self.stdout.write(
                gettext(
                    "Usernames kept as text, linked to no account (--user links them): "
                    "%(usernames)s"
                )
                % {"usernames": ", ".join(summary.unlinked_users)}
            )
        if summary.left_out:
            self.stdout.write(
                ngettext(
                    "%(count)d history row of a row deleted before the backup was left out: "
                    "with new keys it has no row here to belong to.",
                    "%(count)d history rows of rows deleted before the backup were left out: "
                    "with new keys they have no row here to belong to.",
                    summary.left_out,
                )
                % {"count": summary.left_out}
            )

    def _accounts(self, pairs: list[str]) -> dict:
        user_model = get_user_model()
        accounts = {}
        for pair in pairs:
            name, _, account = pair.partition("=")
            found = user_model._default_manager.filter(
                **{user_model.USERNAME_FIELD: account or name}
            ).first()
            if found is None:
                raise CommandError(
                    gettext("--user %(pair)s: there is no account '%(account)s'.")
                    % {"pair": pair, "account": account or name}
                )
            accounts[name] = found
        return accounts
