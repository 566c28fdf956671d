from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

from hypothesis import given
from hypothesis import strategies as st

from agency_core.ids import IdGenerator


def test_an_id_is_va_and_the_millisecond_timestamp() -> None:
    assert IdGenerator(lambda: 1_763_800_000_123).next_id() == "VA1763800000123"


@given(st.lists(st.integers(min_value=1_700_000_000_000, max_value=1_800_000_000_000), min_size=1, max_size=200))
def test_ids_never_repeat_whatever_the_clock_does(readings: list[int]) -> None:
    clock = iter(readings)
    generator = IdGenerator(lambda: next(clock))
    ids = [generator.next_id() for _ in readings]
    assert len(set(ids)) == len(ids)
    numbers = [int(i[2:]) for i in ids]
    assert numbers == sorted(numbers)
    assert all(n >= r for n, r in zip(numbers, readings, strict=True))


def test_threads_in_the_same_millisecond_get_distinct_ids() -> None:
    generator = IdGenerator(lambda: 1_763_800_000_000)
    barrier = threading.Barrier(8)

    def burst(_: int) -> list[str]:
        barrier.wait()
        return [generator.next_id() for _ in range(500)]

    with ThreadPoolExecutor(8) as pool:
        ids = [i for chunk in pool.map(burst, range(8)) for i in chunk]
    assert len(ids) == len(set(ids)) == 4000
