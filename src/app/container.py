"""The composition root: every adapter is built here, from settings, and nowhere else."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from adapters.sms_http import HttpSmsGateway
from adapters.sms_log import LoggingSmsGateway
from adapters.sqlite.database import Database
from agency_core.ids import IdGenerator
from agency_core.ports import SmsGateway
from app.settings import Settings


class ClosableSmsGateway(SmsGateway, Protocol):
    async def aclose(self) -> None: ...


def build_sms_gateway(settings: Settings) -> ClosableSmsGateway:
    sms = settings.sms
    if sms.base_url is None:
        return LoggingSmsGateway()
    return HttpSmsGateway(sms.base_url, sms.api_key, sms.sender, sms.timeout_s)


@dataclass
class Container:
    settings: Settings
    database: Database
    sms: ClosableSmsGateway
    ids: IdGenerator

    @classmethod
    def build(cls, settings: Settings) -> Container:
        return cls(
            settings=settings,
            database=Database(settings.database_path),
            sms=build_sms_gateway(settings),
            ids=IdGenerator(),
        )

    async def start(self) -> None:
        self.settings.data_dir.mkdir(parents=True, exist_ok=True)
        await self.database.migrate([])

    async def stop(self) -> None:
        await self.sms.aclose()
        await self.database.close()
