"""The new teams event page shows the settings of the format and scoring chosen only, as the
pairs page does for its scoring: a knock-out's carry-over for a knock-out, a Swiss's draw for a
Swiss, board-a-match points for board-a-match; a knock-out its carry-over beside the settings of
the round robin that may qualify its teams."""

from playwright.sync_api import expect

from events.forms.teams import TeamSettingsForm
from tests.browser.conftest import PHONE

SETTINGS = TeamSettingsForm.Meta.fields


def test_the_new_teams_event_page_shows_the_chosen_formats_settings(page, live_server, club):
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/login/")
    page.locator("#id_username").fill("director")
    page.locator("#id_password").fill("bridge-director")
    page.keyboard.press("Enter")
    expect(page.locator("h1")).to_have_text("Director")
    page.goto(f"{live_server.url}/director/clubs/{club.slug}/new-teams-event/")

    def shown_settings() -> set[str]:
        visible = [page.locator(f"#id_{name}").is_visible() for name in SETTINGS]
        return {name for name, seen in zip(SETTINGS, visible, strict=True) if seen}

    # A Swiss in VPs, as the page opens: its draw, its scale, its byes and tie-break.
    swiss = {"rounds", "first_round", "draw_seed", "odd_field", "arrears", "danish_rounds"}
    league = {"format", "match_scoring", "boards_per_match", "bye_vps", "tie_break"}
    expect(page.locator("#id_vp_scale")).to_be_visible()
    assert shown_settings() == league | swiss | {"vp_scale"}
    seed = page.locator("#id_draw_seed").input_value()
    assert seed.isdigit() and seed != "0"
    # Seeded by strength: no seed to draw from.
    page.locator("#id_first_round").select_option("seeded")
    expect(page.locator("#id_draw_seed")).to_be_hidden()

    # A knock-out: its carry-over, and the settings of a round robin that qualifies its teams.
    page.locator("#id_format").select_option("knockout")
    expect(page.locator("#id_carry_over")).to_be_visible()
    knockout = {"carry_over", "carry_over_limit", "round_robin_cycles"}
    assert shown_settings() == league | knockout | {"vp_scale"}

    page.locator("#id_format").select_option("round-robin")
    expect(page.locator("#id_round_robin_cycles")).to_be_visible()
    assert shown_settings() == league | {"vp_scale", "round_robin_cycles"}

    page.locator("#id_format").select_option("swiss")
    expect(page.locator("#id_rounds")).to_be_visible()
    assert shown_settings() == (league | swiss | {"vp_scale"}) - {"draw_seed"}

    page.locator("#id_match_scoring").select_option("bam")
    expect(page.locator("#id_bam_points")).to_be_visible()
    expect(page.locator("#id_vp_scale")).to_be_hidden()
    page.locator("#id_match_scoring").select_option("patton")
    expect(page.locator("#id_bam_points")).to_be_hidden()
    expect(page.locator("#id_vp_scale")).to_be_hidden()
