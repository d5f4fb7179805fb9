"""An unhandled error in a view is written to stderr with the request it came from."""

import io
import logging

import pytest
from django.urls import path


def fails(request):
    raise RuntimeError("the board table fell over")


urlpatterns = [path("fails/", fails)]


@pytest.fixture
def stderr_log():
    """What the settings' stderr handler writes, read back from a buffer."""
    handler = next(h for h in logging.getLogger().handlers if h.get_name() == "stderr")
    buffer = io.StringIO()
    previous = handler.setStream(buffer)
    yield buffer
    handler.setStream(previous)


@pytest.mark.django_db
@pytest.mark.urls(__name__)
def test_an_unhandled_error_is_logged_with_method_path_and_user(client, director, stderr_log):
    client.force_login(director)
    client.raise_request_exception = False
    response = client.get("/fails/?board=3")
    assert response.status_code == 500
    log = stderr_log.getvalue()
    assert "ERROR django.request [GET /fails/?board=3 user=director] Internal Server Error:" in log
    assert "RuntimeError: the board table fell over" in log


@pytest.mark.django_db
@pytest.mark.urls(__name__)
def test_an_anonymous_request_is_named_so(client, stderr_log):
    client.raise_request_exception = False
    client.post("/fails/")
    assert "ERROR django.request [POST /fails/ user=anonymous]" in stderr_log.getvalue()
