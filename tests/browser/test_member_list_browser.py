"""A director imports a 40-row member list from CSV: a name the club has twice, a member renamed,
a row repeated and a row without a name; picks the email column on the preview, answers the
question, confirms, and sees the players."""

from playwright.sync_api import expect

from events.models import Change, Player
from tests.browser.conftest import DESKTOP, screenshot

KNOWN = [(f"Known{n}", "Player", f"{5000 + n}") for n in range(8)]


def member_list() -> bytes:
    lines = ["Surname,First name,EBU No,Contact"]
    lines += [
        f"{last},{first},{number},{first.lower()}@example.org" for first, last, number in KNOWN
    ]
    lines.append("Jones,Margaret,6001,meg@example.org")  # the club's Maggie Jones, renamed
    lines.append("Smith,John,,john@example.org")  # the club has two John Smiths
    lines += [f"New{n},Member,{7000 + n},new{n}@example.org" for n in range(28)]
    lines.append("New0,Member,7000,new0@example.org")  # row 12 again
    lines.append(",,7999,nobody@example.org")  # no name
    assert len(lines) == 41
    return ("\r\n".join(lines) + "\r\n").encode("utf-8-sig")


def test_a_member_list_is_imported_from_csv(page, live_server, club):
    for first, last, number in KNOWN:
        Player.objects.create(
            club=club,
            name=f"{first} {last}",
            member_number=number,
            email=f"{first.lower()}@example.org",
        )
    Player.objects.create(club=club, name="Maggie Jones", member_number="6001")
    first_smith = Player.objects.create(club=club, name="John Smith", member_number="6002")
    Player.objects.create(club=club, name="John Smith", member_number="6003")

    page.set_viewport_size(DESKTOP)
    page.goto(f"{live_server.url}/login/")
    page.locator("#id_username").fill("director")
    page.locator("#id_password").fill("bridge-director")
    page.keyboard.press("Enter")
    expect(page.locator("h1")).to_have_text("Director")
    page.goto(f"{live_server.url}/director/clubs/{club.slug}/")
    page.get_by_role("link", name="Import a member list").click()
    page.locator("#id_file").set_input_files(
        files=[{"name": "members.csv", "mimeType": "text/csv", "buffer": member_list()}]
    )
    page.get_by_role("button", name="Preview").click()

    expect(page.locator("#members-count-new")).to_have_text("28 new players")
    expect(page.locator("#members-count-changed")).to_have_text("1 player changed")
    expect(page.locator("#members-count-unchanged")).to_have_text("8 players unchanged")
    expect(page.locator("#members-count-question")).to_have_text("1 row to answer for")
    bad = page.locator("#members-bad")
    expect(bad).to_contain_text("Row 40 (Member New0): row 12 has the same member number.")
    expect(bad).to_contain_text("Row 41: there is no name.")
    renamed = page.locator("#members-rows tr").filter(has_text="Margaret Jones")
    expect(renamed).to_contain_text("name Maggie Jones → Margaret Jones")
    # The email column's heading is not one the import knows: the director picks it.
    expect(page.locator("#id_email")).to_have_value("")
    page.locator("#id_email").select_option(label="D: Contact")
    page.get_by_role("button", name="Show the preview again").click()
    expect(page.locator("#members-count-changed")).to_have_text("1 player changed")
    expect(renamed).to_contain_text("email — → meg@example.org")
    expect(page.locator("#members-count-unchanged")).to_have_text("8 players unchanged")

    question = page.locator("#members-question-11")
    expect(question).to_contain_text("Row 11: John Smith: the club has 2 players of this name")
    question.get_by_label("John Smith (6002)").check()
    screenshot(page, "member-list-preview")
    page.get_by_role("button", name="Import the members").click()

    expect(page.locator(".messages")).to_contain_text(
        "Member list imported: 28 new, 2 changed, 0 guests merged, 2 rows left out."
    )
    players = page.locator("#players tbody tr")
    expect(players).to_have_count(8 + 3 + 28)
    expect(players.filter(has_text="Margaret Jones")).to_contain_text("meg@example.org")
    expect(players.filter(has_text="new27@example.org")).to_contain_text("7027")
    assert Player.objects.get(pk=first_smith.pk).email == "john@example.org"
    assert Change.objects.filter(kind=Change.Kind.PLAYER).count() == 1
