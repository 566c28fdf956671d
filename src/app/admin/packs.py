"""``/api/admin/job-orders/{order_id}/packs``: CV packs sent to an employer's contact (create, list,
one, revoke, release a candidate's full CV for that pack), with the employer's answers; and the
packs' figures per order, per employer and as a CSV of every order. Every change is audited."""

from __future__ import annotations

from litestar import Controller, Response, get, post
from litestar.di import NamedDependency
from litestar.params import FromPath, JSONBody

from agency_core.employers.packs import PacksAdmin
from agency_core.signin.identity import AdminUser
from app.admin.common import CONFLICT, csv_response
from app.admin.schemas.common import to_core
from app.admin.schemas.packs import (
    EmployerFiguresOut,
    OrderFiguresOut,
    PackIn,
    PackList,
    PackOut,
    SentPackOut,
    employer_figures_out,
    order_figures_out,
    pack_out,
    sent_out,
)
from app.checked_body import CoreChecked

FIGURES_HEADER = (
    "Order",
    "Employer",
    "Head-count",
    "Selected",
    "Deployed",
    "Closed",
    "Packs sent",
    "Candidates sent",
    "Answered",
    "Selected by employer",
    "Median days to decision",
    "Selection rate",
)


class PacksController(Controller):
    path = "/job-orders/{order_id:str}/packs"

    @get("/", summary="The order's CV packs, newest first, each with the employer's answers")
    async def list_packs(self, packs_admin: NamedDependency[PacksAdmin], order_id: FromPath[str]) -> PackList:
        return PackList(items=[pack_out(v) for v in await packs_admin.of_order(order_id)])

    @post(
        "/",
        status_code=201,
        summary="Send a CV pack to one of the employer's contacts (an e-mail with a personal link; audited)",
        dto=CoreChecked,
        return_dto=None,
    )
    async def create(
        self,
        packs_admin: NamedDependency[PacksAdmin],
        admin: NamedDependency[AdminUser],
        order_id: FromPath[str],
        data: JSONBody[PackIn],
    ) -> SentPackOut:
        return sent_out(await packs_admin.create(admin.email, order_id, to_core(data)))

    @get("/{pack_id:str}", summary="One CV pack with the employer's answers")
    async def detail(
        self, packs_admin: NamedDependency[PacksAdmin], order_id: FromPath[str], pack_id: FromPath[str]
    ) -> PackOut:
        return pack_out(await packs_admin.view(order_id, pack_id))

    @post("/{pack_id:str}/revoke", status_code=200, summary="Revoke a pack's link at once (audited)")
    async def revoke(
        self,
        packs_admin: NamedDependency[PacksAdmin],
        admin: NamedDependency[AdminUser],
        order_id: FromPath[str],
        pack_id: FromPath[str],
    ) -> PackOut:
        return pack_out(await packs_admin.revoke(admin.email, order_id, pack_id))

    @post(
        "/{pack_id:str}/candidates/{code:str}/release",
        status_code=200,
        summary="Release a candidate's full CV to the employer for this pack only (audited)",
        responses={409: CONFLICT},
    )
    async def release(
        self,
        packs_admin: NamedDependency[PacksAdmin],
        admin: NamedDependency[AdminUser],
        order_id: FromPath[str],
        pack_id: FromPath[str],
        code: FromPath[str],
    ) -> PackOut:
        return pack_out(await packs_admin.release(admin.email, order_id, pack_id, code))


class PackFiguresController(Controller):
    path = "/"

    @get("/job-orders/{order_id:str}/figures", summary="An order's fill and its packs' figures")
    async def order_figures(self, packs_admin: NamedDependency[PacksAdmin], order_id: FromPath[str]) -> OrderFiguresOut:
        return order_figures_out(await packs_admin.figures(order_id))

    @get("/employers/{employer_id:str}/figures", summary="An employer's fill and packs' figures, and each order's")
    async def employer_figures(
        self, packs_admin: NamedDependency[PacksAdmin], employer_id: FromPath[str]
    ) -> EmployerFiguresOut:
        return employer_figures_out(await packs_admin.employer_figures(employer_id))

    @get("/job-orders/export.csv", summary="CSV of every order's fill and packs' figures (audited)")
    async def export(
        self, packs_admin: NamedDependency[PacksAdmin], admin: NamedDependency[AdminUser]
    ) -> Response[str]:
        figures = await packs_admin.every_figure()
        await packs_admin.context.record_export(admin.email, "order", f"{len(figures)} orders")
        rows = []
        for f in figures:
            p = f.packs
            rows.append(
                (
                    f.order.order.id,
                    f.order.employer.company,
                    f.order.fill.head_count,
                    f.order.fill.selected,
                    f.order.fill.deployed,
                    "yes" if f.order.closed else "no",
                    p.packs_sent,
                    p.candidates_sent,
                    p.answered,
                    p.selected,
                    "" if p.median_days_to_decision is None else p.median_days_to_decision,
                    "" if p.selection_rate is None else p.selection_rate,
                )
            )
        return csv_response("job-orders", packs_admin.context.clock(), FIGURES_HEADER, rows)
