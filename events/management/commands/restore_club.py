from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from events.services.backup import BackupRefused, read_backup, restore_club


class Command(BaseCommand):
    help = (
        "Restore a club from a file backup_club wrote (gzip or not): into an empty database, "
        "or as a new club when its address is free."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help="the backup file")
        parser.add_argument("--slug", help="restore the club under this address instead")

    def handle(self, *args, file, slug, **options):
        try:
            data = Path(file).read_bytes()
        except OSError as error:
            raise CommandError(f"{file}: {error.strerror}.") from None
        try:
            summary = restore_club(backup=read_backup(data), slug=slug)
        except BackupRefused as refused:
            raise CommandError(f"{file}: not restored: {refused}.") from None
        club = summary.club
        keys = "with its own keys" if summary.kept_keys else "with new keys"
        self.stdout.write(
            f"{club.name} restored at /clubs/{club.slug}/ {keys}: "
            f"{summary.rows.get('events.event', 0)} events, "
            f"{sum(summary.rows.values())} rows."
        )
        if summary.created_users:
            self.stdout.write(
                "Users created without a password (set one with manage.py changepassword): "
                + ", ".join(summary.created_users)
            )
        if summary.left_out:
            self.stdout.write(
                f"{summary.left_out} history rows of rows deleted before the backup were left "
                "out: their keys are taken here."
            )
