"""Saving an imported event, previewing it, rescoring it, and the command and pages that do it."""

from io import StringIO

import pytest
from django.core.exceptions import ValidationError
from django.core.management import CommandError, call_command
from django.urls import reverse
from django.utils import translation

from events.formats.imported import FileRefused
from events.models import Board, Event, Pair, Player, Result, Upload
from events.services import imports
from events.services.entry import board_meetings, save_line
from events.services.exports import export_file
from events.services.imports import import_event, preview_import, read_result_file, store_upload
from events.services.rankings import section_ranking
from events.services.rescoring import rescore_event
from scoring import howell, mitchell, parse_traveller_line
from tests.events.files import FILES, confirm, read_file, upload


def _ranking(event: Event) -> list:
    """Each group's (pair, place, score, percentage), rounded past float noise."""
    return [
        (
            group.title,
            [
                (
                    s.pair.number,
                    s.place,
                    round(s.score, 6),
                    None if s.percentage is None else round(s.percentage, 6),
                )
                for s in group.standings
            ],
        )
        for group in section_ranking(section=event.sections.get())
    ]


def _rounded(value: float | None) -> float | None:
    return None if value is None else round(value, 9)


def _points(event: Event) -> dict:
    return {
        (r.board.number, r.ns_pair.number, r.ew_pair.number): (
            _rounded(r.ns_points),
            _rounded(r.ew_points),
        )
        for r in Result.objects.filter(board__section__event=event).select_related(
            "board", "ns_pair", "ew_pair"
        )
    }


@pytest.mark.django_db
def test_ruter_file_is_saved_and_scored_by_our_engine(club):
    event = import_event(imported=read_result_file(read_file("ruter_pairs.pbn")), club=club)
    assert (event.name, event.status, event.scoring, event.mp_scale, event.winners) == (
        "Kerhon parikilpailu", "published", "mp", 2, 2
    )  # fmt: skip
    section = event.sections.get()
    assert (section.movement, section.tables, section.rounds) == ("Imported PBN from Ruter", 3, 2)
    assert list(section.boards.values_list("number", "expected_results")) == [(1, 3), (2, 3)]
    # Board 1: 420 and -50 Neuberged from 2 results to 3; Ave+/Ave- are 60/40% of the top 4.
    assert _points(event) == {
        (1, 1, 4): (3.5, 0.5),
        (1, 2, 5): (0.5, 3.5),
        (1, 3, 6): (2.4, 1.6),
        (2, 1, 5): (2.0, 2.0),
        (2, 2, 6): (0.0, 4.0),
        (2, 3, 4): (4.0, 0.0),
    }
    assert _ranking(event) == [
        ("North-South", [(3, "1", 6.4, 80.0), (1, "2", 5.5, 68.75), (2, "3", 0.5, 6.25)]),
        ("East-West", [(6, "1", 5.6, 70.0), (5, "2", 5.5, 68.75), (4, "3", 0.5, 6.25)]),
    ]
    pair = section.pairs.get(number=3)
    assert pair.names == "Päivi Virtanen & Åke Lindholm"
    assert [p.name for p in pair.players.order_by("partnership__seat")] == [
        "Päivi Virtanen",
        "Åke Lindholm",
    ]
    adjusted = Result.objects.get(board__number=1, ns_pair__number=3)
    assert (adjusted.ns_adjustment, adjusted.ew_adjustment) == ("A+", "A-")
    assert (adjusted.ns_percent, adjusted.ew_percent) == (None, None)


@pytest.mark.django_db
def test_usebio_two_winner_file_gives_the_same_ranking_as_the_pbn_one(club):
    pbn_event = import_event(imported=read_result_file(read_file("ruter_pairs.pbn")), club=club)
    usebio_event = import_event(imported=read_result_file(read_file("compscore_mp.xml")), club=club)
    assert _ranking(usebio_event) == _ranking(pbn_event)
    assert _points(usebio_event) == _points(pbn_event)


@pytest.mark.django_db
def test_cross_imp_file_ranks_by_total_with_shared_places(club):
    event = import_event(imported=read_result_file(read_file("compscore_cross.xml")), club=club)
    assert _ranking(event) == [
        (
            "",
            [
                (3, "1", 13.0, None),
                (1, "2=", 7.5, None),
                (5, "2=", 7.5, None),
                (6, "4", 4.0, None),
                (4, "5", -11.5, None),
                (2, "6", -20.5, None),
            ],
        )
    ]


@pytest.mark.django_db
def test_magic_contest_butler_file_is_scored_against_the_datum(club):
    event = import_event(imported=read_result_file(read_file("magic_butler.pbn")), club=club)
    assert (event.scoring, event.datum_method, event.factor_totals, event.factor_boards) == (
        "butler", "drop-one", True, 3
    )  # fmt: skip
    # Datums 190, 360 and 110: the mean of the two scores, to the nearest 10.
    assert _points(event) == {
        (1, 1, 2): (6, -6),
        (1, 3, 4): (-6, 6),
        (2, 1, 4): (6, -6),
        (2, 5, 2): (-6, 6),
        (3, 2, 3): (-1, 1),
        (3, 5, 4): (0, 0),
    }


def test_a_file_of_neither_kind_is_refused():
    with pytest.raises(FileRefused, match="this is neither a PBN nor a USEBIO results file"):
        read_result_file(b"Board,Contract\n1,4S\n")


@pytest.mark.django_db
def test_preview_ranks_without_saving_anything(club):
    preview = preview_import(
        imported=read_result_file(read_file("ruter_pairs.pbn")), club=club, rows=2
    )
    assert (preview.name, preview.pairs, preview.boards, preview.lines) == (
        "Kerhon parikilpailu", 6, 2, 6
    )  # fmt: skip
    assert preview.settings == [
        ("Scoring", "Matchpoints"),
        ("Matchpoint scale", "2 per score beaten (EBU, WBF)"),
        ("Matchpoint rounding", "Not rounded"),
        ("Factored totals", "No"),
        ("Winners", "Two winners (NS and EW)"),
    ]
    assert [
        (title, [(r.place, r.number, r.names, r.percentage) for r in rows])
        for title, rows in preview.groups
    ] == [
        (
            "North-South",
            [
                ("1", "3", "Päivi Virtanen & Åke Lindholm", 80.0),
                ("2", "1", "Player One & Player Two", 68.75),
            ],
        ),
        (
            "East-West",
            [
                ("1", "6", "Player Five & Player Six", 70.0),
                ("2", "5", "Player Seven & Player Eight", 68.75),
            ],
        ),
    ]
    assert Event.objects.count() == Pair.objects.count() == Player.objects.count() == 0


def test_the_preview_reads_in_the_directors_language(club):
    imported = read_result_file(read_file("ruter_pairs.pbn"))

    with translation.override("fr"):
        preview = preview_import(imported=imported, club=club, rows=1)

    assert [title for title, _rows in preview.groups] == ["Nord-Sud", "Est-Ouest"]
    # "No" the answer, not "No." the number column's heading of the teams page ("N°")
    assert ("Totaux ramenés", "Non") in preview.settings


# ---------------------------------------------------------------------------------------------
# An event made here, exported and imported again


CONTRACTS = [
    "4S N 10 HK",
    "4S N 9",
    "3NT S 9 D4",
    "3NT S 10",
    "2H E 8 CA",
    "P",
    "4SX E 8",
    "1NT W 7",
]


def _play(event: Event) -> None:
    """Results on every board of the event; one adjusted, one not played, one split."""
    for board in event.sections.get().boards.all():
        for meeting in board_meetings(board=board):
            if (board.number, meeting.ns) == (2, 1):
                text = "A+ A-"
            elif (board.number, meeting.ns) == (3, 2):
                text = "NP"
            elif (board.number, meeting.ns) == (4, 3):
                text = "+100 / +200"
            else:
                text = CONTRACTS[(board.number * 7 + meeting.ns * 3 + meeting.ew) % len(CONTRACTS)]
            save_line(
                board=board, line=parse_traveller_line(text), ns_pair=meeting.ns, ew_pair=meeting.ew
            )


@pytest.mark.django_db
@pytest.mark.parametrize("format_key", ["pbn", "usebio"])
@pytest.mark.parametrize(
    ("movement", "settings"),
    [
        (mitchell(7, 3), {"scoring": "mp"}),
        (mitchell(7, 3), {"scoring": "mp", "winners": 1, "mp_scale": 1, "mp_rounding": "ebu"}),
        (mitchell(7, 3), {"scoring": "butler", "datum_method": "acbl"}),
        (
            howell(4, 3, sit_out=True),
            {"scoring": "cross-imps", "factor_totals": True, "winners": 1},
        ),
        (howell(4, 3, sit_out=True), {"scoring": "mp", "cross_imp_mode": "cross", "winners": 1}),
    ],
    ids=["mp", "mp-acbl-scale-ebu-rounding", "butler-acbl", "cross-imps-howell", "mp-howell"],
)
def test_an_event_made_here_exported_and_imported_again_ranks_the_same(
    make_event, club, format_key, movement, settings
):
    event = make_event(movement, **settings)
    _play(event)
    data = export_file(event=event, format_key=format_key)
    again = import_event(imported=read_result_file(data), club=club)
    assert again.pk != event.pk
    for name in ("scoring", "mp_scale", "mp_rounding", "datum_method", "cross_imp_mode",
                 "factor_totals", "winners"):  # fmt: skip
        assert getattr(again, name) == getattr(event, name), name
    assert _ranking(again) == _ranking(event)
    assert _points(again) == _points(event)
    not_played = Result.objects.get(board__section__event=again, board__number=3, ns_pair__number=2)
    assert not_played.not_played
    split = Result.objects.get(board__section__event=again, board__number=4, ns_pair__number=3)
    assert (split.score_ns, split.score_ew) == (100, 200)


# ---------------------------------------------------------------------------------------------
# Rescoring with other settings


@pytest.mark.django_db
def test_rescore_event_with_other_settings(club):
    event = import_event(imported=read_result_file(read_file("ruter_pairs.pbn")), club=club)
    rescore_event(event=event, scoring="cross-imps", cross_imp_mode="cross2")
    event.refresh_from_db()
    assert event.scoring == "cross-imps"
    # 420 v -50 is 10 IMPs; the artificial scores are ±3 IMPs against the others.
    assert _points(event)[(1, 1, 4)] == (10, -10)
    assert _points(event)[(1, 3, 6)] == (3, -3)
    rescore_event(event=event, scoring="mp", mp_scale=1)
    assert _points(event)[(1, 1, 4)] == (1.75, 0.25)


@pytest.mark.django_db
def test_rescore_event_refuses_a_setting_that_does_not_exist(club):
    event = import_event(imported=read_result_file(read_file("ruter_pairs.pbn")), club=club)
    before = _points(event)
    with pytest.raises(ValidationError):
        rescore_event(event=event, mp_rounding="nearest")
    event.refresh_from_db()
    assert event.mp_rounding == "none"
    assert _points(event) == before


@pytest.mark.django_db
def test_an_artificial_score_of_70_30_is_scored_as_70_30(club):
    data = read_file("compscore_mp.xml").replace(b"<SCORE>A6040</SCORE>", b"<SCORE>A7030</SCORE>")
    event = import_event(imported=read_result_file(data), club=club)
    assert _points(event)[(1, 3, 6)] == (2.8, 1.2)


# ---------------------------------------------------------------------------------------------
# The command


@pytest.mark.django_db
def test_import_results_command_prints_the_event_id_last(club):
    out = StringIO()
    call_command("import_results", str(FILES / "compscore_mp.xml"), "--club", club.slug, stdout=out)
    lines = out.getvalue().splitlines()
    event = Event.objects.get()
    assert lines[-1] == str(event.pk)
    assert lines[0].startswith(
        "Imported Thursday Mitchell (12-Mar-26) (12 Mar 2026) for Test Bridge Club: 6 pairs, "
        "2 boards, 6 lines, Matchpoints, in "
    )
    assert event.sections.get().boards.get(number=1).par == "NS +990: 6NT= by S"


@pytest.mark.django_db
def test_import_results_command_refuses_a_malformed_file_and_saves_nothing(club, tmp_path):
    path = tmp_path / "broken.pbn"
    path.write_bytes(
        read_file("ruter_pairs.pbn").replace(b"1 1 1 4 4S   N 10", b"1 1 1 4 4S   N 14")
    )
    with pytest.raises(CommandError) as refused:
        call_command("import_results", str(path), "--club", club.slug, stdout=StringIO())
    assert str(refused.value) == "broken.pbn: line 36: tricks must be 0 to 13"
    assert Event.objects.count() == 0


@pytest.mark.django_db
def test_import_results_command_needs_the_club_when_there_are_several(club):
    club.__class__.objects.create(name="Other", slug="other")
    with pytest.raises(CommandError, match="name the club with --club SLUG"):
        call_command("import_results", str(FILES / "compscore_mp.xml"), stdout=StringIO())
    with pytest.raises(CommandError, match="there is no club 'nowhere'"):
        call_command(
            "import_results",
            str(FILES / "compscore_mp.xml"),
            "--club",
            "nowhere",
            stdout=StringIO(),
        )
    assert Event.objects.count() == 0


@pytest.mark.django_db
def test_import_results_command_imports_a_teams_file(club):
    out = StringIO()
    call_command("import_results", str(FILES / "ruter_teams.pbn"), "--no-hand-records", stdout=out)
    event = Event.objects.get()
    assert event.is_teams
    assert out.getvalue().splitlines() == [
        "Imported Joukkuekilpailu (15 Mar 2026) for "
        f"{club.name}: 2 teams, 1 match, 0 lines, IMPs converted to victory points, in "
        + out.getvalue().splitlines()[0].rsplit("in ", 1)[1],
        str(event.pk),
    ]


# ---------------------------------------------------------------------------------------------
# The director's pages


@pytest.mark.django_db
def test_director_home_links_to_the_import_page(director_client, club):
    response = director_client.get(reverse("director-home"))
    assert reverse("import-upload", kwargs={"slug": club.slug}).encode() in response.content
    assert b"Import results file" in response.content


@pytest.mark.django_db
def test_upload_page_shows_the_form(director_client, club):
    response = director_client.get(reverse("import-upload", kwargs={"slug": club.slug}))
    assert b'enctype="multipart/form-data"' in response.content
    assert b"USEBIO XML from Compscore" in response.content


@pytest.mark.django_db
def test_upload_shows_a_preview_and_saves_nothing(director_client, club):
    response = upload(director_client, club, "ruter_pairs.pbn")
    kept = Upload.objects.get()
    assert response.redirect_chain == [(reverse("import-preview", args=[club.slug, kept.pk]), 302)]
    assert (kept.name, kept.status, bytes(kept.data)) == (
        "ruter_pairs.pbn",
        "waiting",
        read_file("ruter_pairs.pbn"),
    )
    content = response.content.decode()
    assert "<h1>Kerhon parikilpailu</h1>" in content
    assert "6 pairs · 2 boards · 6 traveller lines" in content
    assert "PBN file written by Ruter" in content
    assert "Päivi Virtanen &amp; Åke Lindholm" in content
    assert '<td>1</td><td class="num">3</td>' in content
    assert "Import and publish" in content
    assert Event.objects.count() == 0
    url = reverse("import-preview", args=[club.slug, kept.pk])
    french = director_client.get(url, headers={"accept-language": "fr"}).content.decode()
    assert f"publie le tournoi à {club.name}\u00a0; l'analyse double mort" in french


@pytest.mark.django_db
def test_confirming_the_preview_imports_and_publishes(director_client, club):
    upload(director_client, club, "compscore_cross.xml")
    response = confirm(director_client, club)
    event = Event.objects.get()
    assert (Upload.objects.get().status, Upload.objects.get().event) == ("imported", event)
    assert response.status_code == 302
    assert response.url == reverse("director-event", kwargs={"event_id": event.pk})
    assert (event.name, event.club, event.status) == (
        "Monday Cross-IMPs (16-Mar-26)",
        club,
        "published",
    )
    assert Result.objects.filter(board__section__event=event).count() == 6


@pytest.mark.django_db
def test_a_malformed_upload_is_refused_naming_the_line(director_client, club):
    data = read_file("ruter_pairs.pbn").replace(
        b'3 2 3 4 2H   S  8 CK   "110"     - 4.0 0.0', b'3 2 3 4 2Q   S  8 CK   "110"     - - -'
    )
    response = upload(director_client, club, "ruter_pairs.pbn", data)
    assert (
        "ruter_pairs.pbn: line 59: the contract &#x27;2Q&#x27; cannot be read (strain must be "
        "C, D, H, S or NT)"
    ) in response.content.decode()
    assert Event.objects.count() == Upload.objects.count() == 0


@pytest.mark.django_db
def test_a_tampered_confirmation_goes_back_to_the_preview(director_client, club):
    upload(director_client, club, "compscore_cross.xml")
    response = confirm(director_client, club, earlier="1; DROP TABLE")
    assert response.url == reverse("import-preview", args=[club.slug, Upload.objects.get().pk])
    assert Event.objects.count() == 0


def test_confirming_twice_imports_once(director_client, club):
    upload(director_client, club, "compscore_cross.xml")
    confirm(director_client, club)
    again = confirm(director_client, club)
    event = Event.objects.get()
    assert again.url == reverse("import-preview", args=[club.slug, Upload.objects.get().pk])
    assert director_client.get(again.url).url == reverse("director-event", args=[event.pk])


@pytest.mark.django_db
def test_import_pages_are_for_the_clubs_directors(client, club, django_user_model):
    url = reverse("import-upload", kwargs={"slug": club.slug})
    assert client.get(url).url == f"{reverse('login')}?next={url}"
    other = django_user_model.objects.create_user("other", password="x-other-director")
    client.force_login(other)
    assert client.get(url).status_code == 404
    kept = store_upload(club=club, user=None, name="x.xml", data=read_file("compscore_cross.xml"))
    assert client.get(reverse("import-preview", args=[club.slug, kept.pk])).status_code == 404
    assert client.post(reverse("import-confirm", args=[club.slug, kept.pk])).status_code == 404
    assert Event.objects.count() == 0


@pytest.mark.django_db
def test_the_imported_event_opens_on_the_director_page(director_client, club):
    event = import_event(imported=read_result_file(read_file("ruter_pairs.pbn")), club=club)
    response = director_client.get(reverse("director-event", kwargs={"event_id": event.pk}))
    assert "Päivi Virtanen &amp; Åke Lindholm" in response.content.decode()
    assert Board.objects.filter(section__event=event).count() == 2


@pytest.mark.django_db(transaction=True)  # the worker closes its connection when it is done
def test_a_large_file_is_imported_by_the_worker(director_client, club, monkeypatch):
    monkeypatch.setattr(imports, "LARGE_FILE_LINES", 5)  # ruter_pairs.pbn has 6 lines
    page = upload(director_client, club, "ruter_pairs.pbn").content.decode()
    assert "scored and saved in the background" in page
    assert "Ranking as we score it" not in page

    response = confirm(director_client, club)
    assert (Upload.objects.get().status, Event.objects.count()) == ("queued", 0)
    assert "in the background" in director_client.get(response.url).content.decode()

    call_command("db_worker", "--batch", "--no-startup-delay", verbosity=0)

    event = Event.objects.get()
    assert director_client.get(response.url).url == reverse("director-event", args=[event.pk])
    assert Board.objects.get(section__event=event, number=1).par == "NS +990: 6NT= by S"


@pytest.mark.django_db(transaction=True)
def test_a_large_file_the_worker_cannot_import_says_why(director_client, club, monkeypatch):
    monkeypatch.setattr(imports, "LARGE_FILE_LINES", 5)
    upload(director_client, club, "ruter_pairs.pbn")
    response = confirm(director_client, club)
    Upload.objects.update(data=b"not a results file")  # spoilt after the preview

    call_command("db_worker", "--batch", "--no-startup-delay", verbosity=0)

    page = director_client.get(response.url).content.decode()
    assert "The import failed: this is neither a PBN nor a USEBIO results file" in page
    assert Event.objects.count() == 0
