from pathlib import Path

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from events.services.backup import BackupRefused, restore_club


class Command(BaseCommand):
    help = (
        "Restore a club from a file backup_club wrote (gzip or not) as a new club with new keys; "
        "with --keep-keys, into an empty database with the file's keys, so that its pages, "
        "links and exports are the same byte for byte."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help="the backup file")
        parser.add_argument("--slug", help="restore the club under this address instead")
        parser.add_argument(
            "--keep-keys",
            action="store_true",
            help="keep the file's primary keys (an empty database only)",
        )
        parser.add_argument(
            "--user",
            action="append",
            default=[],
            metavar="NAME[=ACCOUNT]",
            help="link the file's username NAME to this site's account ACCOUNT (NAME itself "
            "when left out): its changes name it, and it directs the club if it did; repeat "
            "for each. Names not linked are kept as text.",
        )

    def handle(self, *args, file, slug, keep_keys, user, **options):
        accounts = self._accounts(user)
        try:
            with Path(file).open("rb") as source:
                summary = restore_club(
                    source=source, slug=slug, keep_keys=keep_keys, accounts=accounts
                )
        except OSError as error:
            raise CommandError(f"{file}: {error.strerror}.") from None
        except BackupRefused as refused:
            raise CommandError(f"{file}: not restored: {refused}.") from None
        club = summary.club
        keys = "with its own keys" if summary.kept_keys else "with new keys"
        self.stdout.write(
            f"{club.name} restored at /clubs/{club.slug}/ {keys}: "
            f"{summary.rows.get('events.event', 0)} events, "
            f"{sum(summary.rows.values())} rows."
        )
        if summary.unlinked_users:
            self.stdout.write(
                "Usernames kept as text, linked to no account (--user links them): "
                + ", ".join(summary.unlinked_users)
            )
        if summary.left_out:
            self.stdout.write(
                f"{summary.left_out} history rows of rows deleted before the backup were left "
                "out: with new keys they have no row here to belong to."
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
                raise CommandError(f"--user {pair}: there is no account {account or name!r}.")
            accounts[name] = found
        return accounts
