"""Pages of a list: what a caller asks for (:class:`PageRequest`) and what a store answers (:class:`Page`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Generic, TypeVar

from agency_core.spec.numbers import ascii_whole_number

T = TypeVar("T")

DEFAULT_PAGE_SIZE: Final = 20
MAX_PAGE_SIZE: Final = 100


@dataclass(frozen=True, slots=True)
class PageRequest:
    page: int = 1
    page_size: int = DEFAULT_PAGE_SIZE

    @property
    def offset(self) -> int:
        return (self.page - 1) * self.page_size


ALL: Final = PageRequest(1, 10**9)
"""Every row at once (CSV exports)."""


@dataclass(frozen=True, slots=True)
class Page(Generic[T]):
    items: list[T]
    total: int
    page: int
    page_size: int


def page_of(items: Sequence[T], request: PageRequest) -> Page[T]:
    """A page cut from an already filtered and sorted list (stores that filter in memory)."""
    chunk = list(items[request.offset : request.offset + request.page_size])
    return Page(chunk, len(items), request.page, request.page_size)


def check_page(page: object, page_size: object) -> tuple[PageRequest | None, dict[str, str]]:
    errors: dict[str, str] = {}
    p = _int(page, 1)
    s = _int(page_size, DEFAULT_PAGE_SIZE)
    if p is None or p < 1:
        errors["page"] = "Page must be a whole number from 1"
    if s is None or not 1 <= s <= MAX_PAGE_SIZE:
        errors["pageSize"] = f"Page size must be a whole number from 1 to {MAX_PAGE_SIZE}"
    if errors or p is None or s is None:
        return None, errors
    return PageRequest(p, s), {}


def _int(value: object, default: int) -> int | None:
    if value is None or value == "":
        return default
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    # Few enough digits for SQLite's 64-bit integers.
    return ascii_whole_number(value, max_digits=9) if isinstance(value, str) else None
