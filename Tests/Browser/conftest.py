"""Browser tests: shared fixtures.

The server: UMBRELLA_URL if set; else UMBRELLA_MOCK=1 starts Tests/Browser/mock_server.py; else the
built binary (UMBRELLA_BINARY, default .build/debug/umbrella) runs `serve --port PORT` with a fresh
data directory in UMBRELLA_DATA_PATH, and is stopped at the end.

Every test that takes `driver` runs twice: at a 375×812 phone viewport (mobile emulation with touch)
and at a 1280×900 desktop one.
"""

from __future__ import annotations

import pytest

from server import (  # noqa: F401 — re-exported for the tests
    DEVICES,
    APIError,
    ServerUnavailable,
    api,
    book_text,
    create_book,
    items_of,
    make_driver,
    mark_count,
    marks,
    running_server,
)


@pytest.fixture(scope="session")
def base_url():
    try:
        with running_server() as base:
            yield base
    except ServerUnavailable as error:
        pytest.exit(str(error), 2)


@pytest.fixture(params=list(DEVICES))
def device(request) -> str:
    return request.param


@pytest.fixture
def driver(device, base_url):
    browser = make_driver(device)
    browser.base_url = base_url
    try:
        yield browser
    finally:
        browser.quit()
