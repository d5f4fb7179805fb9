"""Playwright driving Debian's Chromium (never a downloaded browser) against live_server."""

import os
import shutil
import time
from pathlib import Path

import pytest

playwright_sync = pytest.importorskip("playwright.sync_api")

CHROMIUM = "/usr/bin/chromium"
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
DELAY = 0.5  # seconds the slow server adds to every request


def pytest_collection_modifyitems(items):
    for item in items:
        if "tests/browser/" in str(item.fspath):
            item.add_marker(pytest.mark.browser)
            if not shutil.which(CHROMIUM):
                item.add_marker(pytest.mark.skip(reason=f"needs Chromium at {CHROMIUM}"))


@pytest.fixture(scope="session")
def async_unsafe():
    """Playwright's sync API runs an event loop in this thread; Django would refuse the test
    database's use from it, so allow it while the browser tests run.
    """
    previous = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    yield
    if previous is None:
        del os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"]
    else:
        os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = previous


@pytest.fixture(scope="session")
def chromium(async_unsafe):
    with playwright_sync.sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
            ],
        )
        yield browser
        browser.close()


@pytest.fixture
def page(chromium, live_server):
    context = chromium.new_context(viewport=PHONE)
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture
def slow_server(live_server):
    """The live server with every request answered DELAY seconds late (a hosted server over a
    club's Wi-Fi)."""
    httpd = live_server.thread.httpd
    app = httpd.get_app()

    def delayed(environ, start_response):
        time.sleep(DELAY)
        return app(environ, start_response)

    httpd.set_app(delayed)
    yield live_server
    httpd.set_app(app)


def screenshot(page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=ARTIFACTS / f"{name}.png", full_page=True)
