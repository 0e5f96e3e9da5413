"""``conftest.call_failed``: a fixture's teardown can tell whether its test failed. The browser
tests take their failure screenshots with it, so a test that passes (even one that catches an
expected error) leaves no ``failure-*.png``."""

from __future__ import annotations

import pytest

import conftest

pytest_plugins = ("pytester",)

INNER = """
import pytest

import conftest


@pytest.fixture
def watch(request):
    yield
    with open("failed.txt", "a") as out:
        out.write(f"{request.node.name} {conftest.call_failed(request.node)}\\n")


def test_passes(watch):
    pass


def test_fails(watch):
    assert False


def test_catches_an_expected_error(watch):
    try:
        raise AssertionError("the game did not end in 60 actions")
    except AssertionError:
        pass
"""


def test_only_a_failed_test_reads_as_failed_in_its_teardown(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_inner=INNER)
    result = pytester.inline_run(plugins=[conftest])
    result.assertoutcome(passed=2, failed=1)
    lines = (pytester.path / "failed.txt").read_text().splitlines()
    assert sorted(lines) == [
        "test_catches_an_expected_error False",
        "test_fails True",
        "test_passes False",
    ]
