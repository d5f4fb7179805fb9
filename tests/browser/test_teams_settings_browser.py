"""The new teams event page shows the settings of the format and scoring chosen only, as the
pairs page does for its scoring: a knock-out's carry-over for a knock-out, a Swiss's draw for a
Swiss, board-a-match points for board-a-match."""

from playwright.sync_api import expect

from tests.browser.conftest import PHONE


def test_the_new_teams_event_page_shows_the_chosen_formats_settings(page, live_server, club):
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/login/")
    page.locator("#id_username").fill("director")
    page.locator("#id_password").fill("bridge-director")
    page.keyboard.press("Enter")
    expect(page.locator("h1")).to_have_text("Director")
    page.goto(f"{live_server.url}/director/clubs/{club.slug}/new-teams-event/")

    def shown(*names):
        for name in names:
            expect(page.locator(f"#id_{name}")).to_be_visible()

    def hidden(*names):
        for name in names:
            expect(page.locator(f"#id_{name}")).to_be_hidden()

    swiss = ("rounds", "first_round", "draw_seed", "odd_field", "arrears", "danish_rounds")
    # A Swiss in VPs, as the page opens.
    shown(*swiss, "vp_scale", "boards_per_match", "bye_vps", "tie_break")
    hidden("carry_over", "carry_over_limit", "bam_points", "round_robin_cycles")
    seed = page.locator("#id_draw_seed").input_value()
    assert seed.isdigit() and seed != "0"
    # Seeded by strength: no seed to draw from.
    page.locator("#id_first_round").select_option("seeded")
    hidden("draw_seed")

    page.locator("#id_format").select_option("knockout")
    shown("carry_over", "carry_over_limit", "round_robin_cycles")
    hidden(*swiss)

    page.locator("#id_format").select_option("round-robin")
    shown("round_robin_cycles")
    hidden(*swiss, "carry_over", "carry_over_limit")

    page.locator("#id_match_scoring").select_option("bam")
    shown("bam_points")
    hidden("vp_scale")
    page.locator("#id_match_scoring").select_option("patton")
    hidden("bam_points", "vp_scale")
