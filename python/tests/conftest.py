"""Shared helpers of the Python tests (python/tests, ctest label python)."""
import os
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]  # the source tree


def pytest_report_header(config):
    import layoutref
    return f"layoutref from {os.path.dirname(layoutref.__file__)}"


@pytest.fixture
def root():
    return ROOT
