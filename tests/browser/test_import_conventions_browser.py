"""A director imports another program's file whose short board was scored with the missing
result as a tie: the preview says how the file was read, and the import keeps that rule."""

from playwright.sync_api import expect

from events.models import Event
from tests.browser.conftest import DESKTOP, screenshot
from tests.events.files import read_file


def test_the_preview_says_how_the_file_was_read(page, live_server, club):
    page.set_viewport_size(DESKTOP)
    page.goto(f"{live_server.url}/login/")
    page.locator("#id_username").fill("director")
    page.locator("#id_password").fill("bridge-director")
    page.keyboard.press("Enter")
    expect(page.locator("h1")).to_have_text("Director")
    page.goto(f"{live_server.url}/director/clubs/{club.slug}/import/")
    page.locator("#id_file").set_input_files(
        files=[
            {
                "name": "short.xml",
                "mimeType": "text/xml",
                "buffer": read_file("scorer_pairs_short.xml"),
            }
        ]
    )
    page.get_by_role("button", name="Preview").click()
    readings = page.locator("#import-readings")
    expect(readings).to_contain_text("Two: the file places its pairs by direction")
    expect(readings).to_contain_text(
        "A missing result ties with every result played, to 3 results: as the file's "
        "matchpoints show"
    )
    ranking = page.locator("#import-ranking")
    expect(ranking.locator("tr").filter(has_text="Max Late")).to_contain_text("4")
    screenshot(page, "import-preview-conventions")
    page.get_by_role("button", name="Import and publish").click()
    expect(page.locator("h1")).to_contain_text("Short board evening")
    assert Event.objects.get().missing_results == "tie"
