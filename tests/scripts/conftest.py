from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.scripts.records import DataDir


@pytest.fixture
async def data(tmp_path: Path) -> AsyncIterator[DataDir]:
    opened = await DataDir.open(tmp_path / "data")
    yield opened
    await opened.close()
