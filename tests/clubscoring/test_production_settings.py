"""The settings as production starts them: each case in a fresh process, as gunicorn would."""

import os
import re
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
from django.urls import reverse

from events.models import Board
from scoring import mitchell
from tests.events.test_public_views import enter

BASE_DIR = Path(__file__).resolve().parents[2]


def production_env(**variables: str) -> dict[str, str]:
    """This environment without any Django setting of ours, debugging off, plus `variables`;
    no key file either, unless `variables` name one (the checkout may hold a .secret_key)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    return {**env, "DJANGO_DEBUG": "0", "DJANGO_SECRET_KEY_FILE": os.devnull, **variables}


def manage(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=BASE_DIR,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )


def a_secret_key() -> str:
    return secrets.token_urlsafe(60)[:50]


def test_debugging_off_refuses_to_start_without_a_secret_key():
    result = manage("check", env=production_env())
    assert result.returncode == 1
    assert "django.core.exceptions.ImproperlyConfigured: DJANGO_SECRET_KEY is not set." in (
        result.stderr
    )


PRINT_KEY = "from django.conf import settings; print(settings.SECRET_KEY)"


def test_the_key_comes_from_the_key_file_when_the_environment_has_none(tmp_path):
    """What `make production` leaves in .secret_key is enough for every command."""
    key = a_secret_key()
    (tmp_path / "key").write_text(key + "\n")
    env = production_env(DJANGO_SECRET_KEY_FILE=str(tmp_path / "key"))
    result = manage("shell", "--no-imports", "-c", PRINT_KEY, env=env)
    assert (result.returncode, result.stdout, result.stderr) == (0, key + "\n", "")


def test_the_environments_key_comes_before_the_key_file(tmp_path):
    (tmp_path / "key").write_text(a_secret_key())
    key = a_secret_key()
    env = production_env(DJANGO_SECRET_KEY=key, DJANGO_SECRET_KEY_FILE=str(tmp_path / "key"))
    result = manage("shell", "--no-imports", "-c", PRINT_KEY, env=env)
    assert (result.returncode, result.stdout) == (0, key + "\n")


def test_the_key_file_is_the_checkouts_secret_key_by_default():
    code = "from django.conf import settings; print(settings.SECRET_KEY_FILE)"
    env = production_env(DJANGO_DEBUG="1")
    del env["DJANGO_SECRET_KEY_FILE"]
    result = manage("shell", "--no-imports", "-c", code, env=env)
    assert result.stdout == f"{BASE_DIR / '.secret_key'}\n"


def test_make_secret_key_writes_the_file_the_settings_read(tmp_path):
    env = production_env(DJANGO_SECRET_KEY_FILE=str(tmp_path / "key"))
    made = subprocess.run(
        ["make", "--no-print-directory", "secret-key"], cwd=BASE_DIR, env=env, timeout=60
    )
    assert made.returncode == 0
    key = (tmp_path / "key").read_text().strip()
    assert len(key) >= 50 and oct((tmp_path / "key").stat().st_mode & 0o777) == "0o600"
    result = manage("shell", "--no-imports", "-c", PRINT_KEY, env=env)
    assert (result.returncode, result.stdout) == (0, key + "\n")


def test_development_starts_without_a_secret_key():
    result = manage("check", env=production_env(DJANGO_DEBUG="1"))
    assert (result.returncode, result.stdout) == (
        0,
        "System check identified no issues (0 silenced).\n",
    )


def test_check_deploy_is_clean_with_a_secret_and_a_host():
    env = production_env(DJANGO_SECRET_KEY=a_secret_key(), DJANGO_ALLOWED_HOSTS="example.org")
    result = manage("check", "--deploy", "--fail-level", "WARNING", env=env)
    assert result.stderr == ""
    assert (result.returncode, result.stdout) == (
        0,
        "System check identified no issues (0 silenced).\n",
    )


def test_plain_http_is_what_check_deploy_warns_about():
    """DJANGO_SECURE=0 (make serve on the loopback) drops HTTPS, secure cookies and HSTS."""
    env = production_env(
        DJANGO_SECRET_KEY=a_secret_key(), DJANGO_ALLOWED_HOSTS="example.org", DJANGO_SECURE="0"
    )
    result = manage("check", "--deploy", "--fail-level", "WARNING", env=env)
    assert result.returncode == 1
    codes = sorted(set(re.findall(r"\(security\.W\d+\)", result.stderr)))
    assert codes == ["(security.W004)", "(security.W008)", "(security.W012)", "(security.W016)"]


def test_behind_a_proxy_the_forwarded_protocol_and_address_are_trusted():
    code = (
        "from django.conf import settings as s; "
        "print(s.SECURE_PROXY_SSL_HEADER, s.AXES_IPWARE_META_PRECEDENCE_ORDER, "
        "s.SECURE_SSL_REDIRECT, s.SESSION_COOKIE_SECURE, s.SECURE_HSTS_SECONDS)"
    )
    env = production_env(DJANGO_SECRET_KEY=a_secret_key(), DJANGO_BEHIND_PROXY="1")
    result = manage("shell", "--no-imports", "-c", code, env=env)
    assert result.stdout == (
        "('HTTP_X_FORWARDED_PROTO', 'https') ['HTTP_X_FORWARDED_FOR', 'REMOTE_ADDR'] "
        "True True 31536000\n"
    )


CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)


@pytest.mark.django_db
def test_every_page_has_the_policy_and_nothing_inline_it_would_block(director_client, make_event):
    """No inline script, style or on* handler anywhere, so the policy allows our files only."""
    event = make_event(mitchell(3, 2), status="running")
    enter(event, 1, "4S N 10", "3NT S 8")
    published = make_event(mitchell(3, 2), name="Last week", status="published")
    enter(published, 1, "4S N 10", "3NT S 8")
    board = Board.objects.get(section__event=event, number=1)
    pages = [
        reverse("home"),
        reverse("event", args=[event.pk]),
        reverse("traveller", args=[published.pk, "A", 1]),
        reverse("scorecard", args=[published.pk, "A", 1]),
        reverse("calculator"),
        reverse("rubber-pad"),
        reverse("chicago-pad"),
        reverse("login"),
        reverse("director-home"),
        reverse("director-event", args=[event.pk]),
        reverse("director-board", args=[event.pk, board.number]),
        reverse("director-slip", args=[event.pk, 1, 1]),
        reverse("director-settings", args=[event.pk]),
        reverse("director-pairs", args=[event.pk]),
        reverse("director-cards", args=[event.pk]),
    ]
    for url in pages:
        response = director_client.get(url)
        content = response.content.decode()
        assert (url, response.status_code) == (url, 200)
        assert response.headers["Content-Security-Policy"] == CSP
        scripts = content.count("<script")
        assert scripts == content.count("<script src="), url
        assert "<style" not in content, url
        assert " style=" not in content, url
        assert not re.search(r"\son[a-z]+=", content), url


@pytest.mark.parametrize(
    ("variables", "mailer"),
    [
        ({}, "smtp localhost 25 False"),
        ({"DJANGO_DEBUG": "1"}, "console"),
        (
            {"EMAIL_HOST": "smtp.club.org", "EMAIL_PORT": "587", "EMAIL_USE_TLS": "1"},
            "smtp smtp.club.org 587 True",
        ),
    ],
)
def test_the_mail_server_comes_from_the_environment(variables, mailer):
    """Without EMAIL_HOST nothing is mailed: in development the console shows it; in production
    the SMTP default stays, for Django's deploy check, and the pages show links instead."""
    show = (
        "from django.core.mail import mailers; m = mailers.default; "
        "print(type(m).__module__.rsplit('.', 1)[-1], "
        "*(getattr(m, a) for a in ('host', 'port', 'use_tls') if hasattr(m, a)))"
    )
    env = production_env(DJANGO_SECRET_KEY=a_secret_key(), **variables)
    env = {k: v for k, v in env.items() if not k.startswith("EMAIL_")} | {
        k: v for k, v in variables.items() if k.startswith("EMAIL_")
    }
    done = manage("shell", "--no-imports", "-c", show, env=env)
    assert done.stdout.strip() == mailer, done.stderr
