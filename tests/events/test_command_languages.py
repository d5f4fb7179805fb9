"""The language a management command speaks: the site's (settings.LANGUAGE_CODE, as Django runs
every command), and, once a command that works on one club has found it, the club's own."""

import io

import openpyxl
import pytest
from django.core.management import CommandError, call_command, load_command_class

from events.models import Club, Event
from tests.events.test_imports import FILES

pytestmark = pytest.mark.django_db


def run(*args) -> str:
    out = io.StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()


@pytest.fixture
def french_club(club):
    club.language = "fr"
    club.save()
    return club


@pytest.fixture
def site_in_french(settings):
    settings.LANGUAGE_CODE = "fr"


def test_a_french_clubs_import_is_told_in_french(french_club):
    said = run("import_results", str(FILES / "compscore_mp.xml"), "--no-hand-records")

    assert said.splitlines()[0].startswith(
        "Thursday Mitchell (12-Mar-26) (12 mars 2026) importé pour Test Bridge Club"
        "\u00a0: 6 paires, "
        "2 donnes, 6 lignes, Points de match, en "
    )
    assert said.splitlines()[0].endswith(" s")


def test_a_french_clubs_export_is_told_and_written_in_french(french_club, make_event, tmp_path):
    event = make_event(name="Club Pairs")
    path = tmp_path / "results.xlsx"

    said = run("export_results", str(event.pk), "--format", "xlsx", "-o", str(path))

    size = path.stat().st_size
    assert said == f"Club Pairs écrit (Classeur Excel, {size} octets) dans {path}\n"
    assert openpyxl.load_workbook(path).sheetnames[0] == "Classement"


def test_a_french_clubs_backup_and_restore_are_told_in_french(french_club, tmp_path):
    backup = tmp_path / "test-club.json"

    said = run("backup_club", "test-club", "-o", str(backup))
    assert said == f"Test Bridge Club\u00a0: 0 tournoi écrit dans {backup}\n"

    said = run("restore_club", str(backup), "--slug", "copy").splitlines()
    assert said == [
        "Test Bridge Club restauré à /clubs/copy/ avec de nouvelles clés\u00a0: 0 tournoi, "
        "1 ligne.",
        "Noms d'utilisateur gardés comme texte, liés à aucun compte (--user les lie)\u00a0: "
        "director",
    ]
    assert Club.objects.get(slug="copy").language == "fr"


def test_what_a_command_says_before_it_finds_the_club_is_in_the_sites_language(french_club):
    with pytest.raises(CommandError) as refused:
        run("backup_club", "nowhere", "-o", "unwritten.json")
    assert str(refused.value) == "There is no club with the address 'nowhere'."
    with pytest.raises(CommandError) as refused:
        run("export_results", "999", "--format", "csv")
    assert str(refused.value) == "There is no event with id 999."


def test_a_french_site_refuses_in_french(site_in_french, club):
    with pytest.raises(CommandError) as refused:
        run("backup_club", "nowhere", "-o", "unwritten.json")
    assert str(refused.value) == "Aucun club n'a l'adresse «\u00a0nowhere\u00a0»."
    with pytest.raises(CommandError) as refused:
        run("import_results", str(FILES / "compscore_mp.xml"), "--club", "nowhere")
    assert str(refused.value) == "il n'y a pas de club «\u00a0nowhere\u00a0»"
    with pytest.raises(CommandError) as refused:
        run("new_password_link", "nobody")
    assert str(refused.value) == "Aucun compte ne s'appelle nobody."
    with pytest.raises(CommandError) as refused:
        run("new_club", "Hilltop", "--director", "alice", "--email", "nope")
    assert str(refused.value) == "--email nope\u00a0: Saisissez une adresse de courriel valide."
    assert Event.objects.count() == 0


def test_a_french_site_makes_a_club_in_french(site_in_french, settings):
    settings.SITE_URL = "https://scores.example.org"

    said = run("new_club", "Hilltop", "--director", "alice")

    assert said.splitlines()[:2] == [
        "Hilltop créé à /clubs/hilltop/.",
        "alice est maintenant arbitre de Hilltop. Rien n'a été envoyé\u00a0: donnez-lui ce lien "
        "pour choisir son mot de passe (il fonctionne une fois, pendant 3 jours).",
    ]


def help_text(name: str) -> str:
    return load_command_class("events", name).create_parser("manage.py", name).format_help()


def test_a_commands_help_speaks_the_sites_language(site_in_french):
    said = " ".join(help_text("import_results").split())

    assert (
        "Importer un fichier de résultats PBN ou USEBIO comme tournoi publié, calculé par notre "
        "moteur. L'identifiant du nouveau tournoi est la dernière ligne affichée."
    ) in said
    assert "file un fichier de résultats .pbn ou USEBIO .xml" in said
    assert "--club CLUB l'adresse du club (nécessaire s'il y en a plusieurs)" in said
