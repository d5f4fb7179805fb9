"""The demo's pages at phone width (390 x 844) in French and Norwegian, whose words are longer
than English's: every page a player or a director reads fits the screen. Nothing scrolls
sideways, neither the page nor a table in its frame, and no table is wider than the box it is
in; a column a phone reader does without is hidden, a heading shortened, a grid of tables by
round stacked."""

import pytest
from django.db.models import Count
from django.urls import reverse
from playwright.sync_api import expect

from events.models import Competition, Event, Match, Player
from events.services.demo import load_demo
from tests.browser.conftest import PHONE, screenshot

pytestmark = pytest.mark.django_db(transaction=True)

# Each box that scrolls sideways (its content wider than it), each visible table wider than the
# box it is in (measured to the fraction of a pixel, which clientWidth rounds away), and how wide
# the page itself is.
OVERFLOWS = """() => {
  const name = (el) => el.tagName.toLowerCase() + (el.id ? "#" + el.id : "")
    + (typeof el.className === "string" && el.className
      ? "." + el.className.trim().split(/\\s+/).join(".") : "");
  const inside = (el) => {
    const style = getComputedStyle(el);
    const sides = ["paddingLeft", "paddingRight", "borderLeftWidth", "borderRightWidth"];
    return el.getBoundingClientRect().width
      - sides.reduce((sum, side) => sum + parseFloat(style[side]), 0);
  };
  const scrolling = [...document.querySelectorAll("body *")].filter((el) => {
    const overflow = getComputedStyle(el).overflowX;
    return (overflow === "auto" || overflow === "scroll") && el.scrollWidth > el.clientWidth;
  }).map((el) => `${name(el)} ${el.scrollWidth} > ${el.clientWidth}`);
  const wide = [...document.querySelectorAll("table")].filter((table) => {
    const width = table.getBoundingClientRect().width;
    return width > 0 && width > inside(table.parentElement) + 0.1;
  }).map((table) => {
    const width = table.getBoundingClientRect().width;
    return `${name(table)} ${width} > ${inside(table.parentElement)}`;
  });
  return {page: document.documentElement.scrollWidth, width: innerWidth, scrolling, wide};
}"""


def demo_pages():
    """The demo's pages of each kind a reader meets, public then the director's: the widest of
    each (most tables, longest names, sections)."""
    club = load_demo()
    events = {event.name: event for event in club.events.all()}
    individual, congress = events["Friday Individual"], events["Congress Evening"]
    session, teams = events["Autumn Championship, session 1"], events["Saturday Swiss Teams"]
    competition = Competition.objects.get(club=club)
    match = Match.objects.filter(event=teams, match_boards__lines__isnull=False).order_by(
        "round", "table"
    )[0]
    player = individual.sections.get().individuals.get(number=10).player_id
    busiest = Player.objects.filter(club=club).annotate(
        events=Count("partnership__pair__section__event", distinct=True)
    )
    players = [player, *busiest.order_by("-events", "pk").values_list("pk", flat=True)[:3]]
    public = [
        reverse("player-scorecard", args=[individual.pk, "A", 10]),
        *(reverse("event", args=[event.pk]) for event in (individual, congress)),
        reverse("scorecard", args=[congress.pk, "A", "3ns"]),
        reverse("traveller", args=[individual.pk, "A", 1]),
        reverse("traveller", args=[congress.pk, "A", 1]) + "?pair=3ns",
        *(reverse("player", args=[club.slug, pk]) for pk in players),
        reverse("competition", args=[competition.pk]),
        reverse("event", args=[teams.pk]),
        reverse("match", args=[teams.pk, match.pk]),
        reverse("teams-schedule", args=[teams.pk]),
    ]
    director = [
        reverse("club-admin", args=[club.slug]),
        reverse("director-competition", args=[competition.pk]),
        *(reverse("director-event", args=[event.pk]) for event in (congress, individual)),
        *(reverse("director-room", args=[event.pk]) for event in (congress, individual)),
        *(reverse("director-cards", args=[event.pk]) for event in (congress, session, individual)),
        reverse("director-pairs", args=[congress.pk]),
        reverse("director-board", args=[individual.pk, 1]),
        reverse("director-teams", args=[teams.pk]),
        reverse("teams-draw", args=[teams.pk]),
        reverse("director-history", args=[teams.pk]),
        match.get_director_url(),
    ]
    return public, director


def phone_in(chromium, live_server, language: str):
    """A phone's browser whose reader chose `language` with the switch."""
    context = chromium.new_context(viewport=PHONE)
    context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
    return context


@pytest.fixture
def french_phone(chromium, live_server):
    context = phone_in(chromium, live_server, "fr")
    yield context.new_page()
    context.close()


@pytest.mark.parametrize("language", ["fr", "nb"])
def test_every_demo_page_fits_a_phone(chromium, live_server, language):
    context = phone_in(chromium, live_server, language)
    page = context.new_page()
    public, director = demo_pages()
    assert Event.objects.count() == 7
    overflowing = {}
    for url in public:
        page.goto(live_server.url + url)
        found = page.evaluate(OVERFLOWS)
        if found["page"] > found["width"] or found["scrolling"] or found["wide"]:
            overflowing[url] = found
    page.goto(f"{live_server.url}/login/")
    page.locator("#id_username").fill("director")
    page.locator("#id_password").fill("director")
    page.keyboard.press("Enter")
    page.wait_for_url(f"{live_server.url}/director/")
    assert page.get_attribute("html", "lang") == language
    for url in director:
        page.goto(live_server.url + url)
        found = page.evaluate(OVERFLOWS)
        if found["page"] > found["width"] or found["scrolling"] or found["wide"]:
            overflowing[url] = found
    context.close()
    assert overflowing == {}, "\n".join(f"{u}: {f}" for u, f in overflowing.items())


def test_a_phone_keeps_a_players_own_numbers_in_the_screen(french_phone, live_server):
    """An individual's scorecard on a phone: the round and seat give way, the players are their
    numbers (the names in the titles) under short headings, and the board, the score, the
    matchpoints and the percentage stay in the screen, the numbers right-aligned."""
    page = french_phone
    public, _ = demo_pages()
    page.goto(live_server.url + public[0])
    screenshot(page, "phone-individual-scorecard-fr")
    headings = page.locator("table.scorecard thead th").all()
    shown = [th.inner_text().strip() for th in headings if th.is_visible()]
    assert shown == ["Dn", "Part.", "Adv", "Contrat", "Marque", "PM", "%"]
    assert page.locator("table.scorecard abbr[title='Partenaire']").is_visible()
    first = page.locator("table.scorecard tbody tr").first
    cells = [cell for cell in first.locator("td").all() if cell.is_visible()]
    assert [cell.inner_text() for cell in cells] == [
        "13",
        "20",
        "5 & 15",
        "4♥ E 12",
        "+680",
        "7,33",
        "92",
    ]
    assert cells[1].locator("a").get_attribute("title") == "20 Ursula Barker"
    for cell in (cells[0], *cells[4:]):
        box = cell.bounding_box()
        assert box["x"] + box["width"] <= PHONE["width"]
        assert cell.evaluate("td => getComputedStyle(td).textAlign") == "right"
    expect(page.locator("#player-total")).to_contain_text("66,20")
