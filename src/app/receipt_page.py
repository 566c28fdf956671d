"""``/receipt/<application ID>?token=...``: the printable receipt of a paid processing fee.

Plain HTML from the server (no JavaScript needed), with the agency's legal name, address and
licence number from settings. The link comes from ``/track`` and the receipt e-mail; its token
is made by the server for that application and receipt number, so a guessed ID (or a wrong,
missing or old token, or an unpaid fee) gets the same 404 page. ``Cache-Control: no-store``.
"""

from __future__ import annotations

from html import escape

from litestar import Response, get
from litestar.di import NamedDependency
from litestar.params import FromPath, FromQuery

from agency_core.payments.receipts import Receipt, receipt_label
from agency_core.payments.service import ApplicationUnknown, PaymentService
from app.settings import Settings
from app.site_settings import LegalFacts

RECEIPT_NOT_FOUND = "Receipt not found. Open it from the link in your receipt e-mail or from the Track page."

_STYLE = """
body { font-family: system-ui, sans-serif; color: #111827; margin: 0; background: #f4f4f5; }
main { max-width: 40rem; margin: 2rem auto; background: #fff; padding: 2rem; border-radius: .5rem;
  box-shadow: 0 1px 4px rgba(0,0,0,.15); }
h1 { font-size: 1.5rem; margin: 0 0 .25rem; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: .5rem 1.5rem; margin: 1.5rem 0; }
dt { font-weight: 600; }
dd { margin: 0; }
.muted { color: #4b5563; font-size: .9rem; }
.refund { border: 2px solid #b45309; padding: .5rem .75rem; border-radius: .4rem; }
@media print { body { background: #fff; } main { box-shadow: none; margin: 0; max-width: none; }
  .no-print { display: none; } }
"""


def _document(title: str, body: str) -> str:
    return (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        '<meta name="robots" content="noindex">'
        f"<title>{escape(title)}</title><style>{_STYLE}</style></head><body><main>{body}</main></body></html>"
    )


def receipt_html(receipt: Receipt, legal: LegalFacts) -> str:
    rows = [
        ("Receipt number", receipt_label(receipt.number)),
        ("Application ID", receipt.application_id),
        ("Received from", receipt.payer),
        ("For", "Processing fee"),
        ("Amount", f"{receipt.label} ({receipt.amount})"),
        ("Currency", receipt.currency),
        ("Paid by", receipt.channel),
        ("Date", receipt.paid_on),
        ("Reference", receipt.reference),
    ]
    items = "".join(f"<dt>{escape(k)}</dt><dd>{escape(v)}</dd>" for k, v in rows)
    refund = f'<p class="refund" role="status">{escape(receipt.refunded)}</p>' if receipt.refunded else ""
    body = (
        f"<h1>{escape(legal.legal_name)}</h1>"
        f'<p class="muted">{escape(legal.address)}<br>'
        f"Labour Department licence number: {escape(legal.labour_licence)}</p>"
        f"<h2>Receipt {escape(receipt_label(receipt.number))}</h2>"
        f"{refund}<dl>{items}</dl>"
        '<p class="muted no-print">Use your browser\'s Print command to print this receipt or save it as a PDF.</p>'
    )
    return _document(f"Receipt {receipt_label(receipt.number)} - {legal.legal_name}", body)


def _not_found() -> str:
    return _document("Receipt not found", f"<h1>Receipt not found</h1><p>{escape(RECEIPT_NOT_FOUND)}</p>")


@get("/receipt/{application_id:str}", include_in_schema=False)
async def receipt_page(
    payments: NamedDependency[PaymentService],
    settings: NamedDependency[Settings],
    application_id: FromPath[str],
    token: FromQuery[str] = "",
) -> Response[str]:
    headers = {"Cache-Control": "no-store", "Referrer-Policy": "no-referrer", "X-Robots-Tag": "noindex"}
    try:
        receipt = await payments.receipts.receipt(application_id, token)
    except ApplicationUnknown:
        return Response(_not_found(), status_code=404, media_type="text/html; charset=utf-8", headers=headers)
    return Response(receipt_html(receipt, settings.site.legal), media_type="text/html; charset=utf-8", headers=headers)
