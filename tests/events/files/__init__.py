"""Small result files written for the project's own tests, and how the tests read them."""

from pathlib import Path

FILES = Path(__file__).parent


def read_file(name: str) -> bytes:
    return (FILES / name).read_bytes()


def lines_by_meeting(imported) -> dict:
    """An imported event's traveller lines keyed by (board, NS pair, EW pair)."""
    return {
        (b.number, line.ns_pair, line.ew_pair): line for b in imported.boards for line in b.lines
    }


def upload(client, club, name: str, data: bytes | None = None):
    """Upload a file as the import page does; a readable one lands on its preview."""
    from django.core.files.uploadedfile import SimpleUploadedFile
    from django.urls import reverse

    file = SimpleUploadedFile(name, read_file(name) if data is None else data)
    return client.post(reverse("import-upload", args=[club.slug]), {"file": file}, follow=True)


def confirm(client, club, upload_id: int | None = None, **choice):
    """Confirm the newest upload (or `upload_id`) as its preview's button does."""
    from django.urls import reverse

    from events.models import Upload

    upload_id = upload_id or Upload.objects.filter(club=club).latest("pk").pk
    return client.post(reverse("import-confirm", args=[club.slug, upload_id]), choice)
