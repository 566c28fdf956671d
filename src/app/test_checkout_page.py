"""The built-in test checkout's page (demo mode without Paystack keys), in place of Paystack's
hosted checkout: plain HTML that works without JavaScript, labelled as a test payment on every
line that matters, with three buttons (pay, decline, cancel) that post the choice and send the
payer back to ``/payment/callback``, where the result page verifies it as it would with Paystack.

Outside the test mode every address here answers 404."""

from __future__ import annotations

from html import escape
from typing import Annotated
from urllib.parse import urlencode

from litestar import Controller, Response, get, post
from litestar.di import NamedDependency
from litestar.enums import RequestEncodingType
from litestar.params import Body, FromPath
from litestar.response import Redirect
from litestar.status_codes import HTTP_303_SEE_OTHER

from agency_core.payments.model import TestTransaction
from agency_core.payments.service import PaymentService
from agency_core.spec.constants import AGENCY_NAME

TEST_BANNER = "TEST PAYMENT: no money is taken"
"""The label of the test checkout, as Paystack's own test mode labels its checkout."""

_PAGE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Test checkout - {agency}</title>
<style>
body {{ font-family: system-ui, sans-serif; background: #f4f4f5; margin: 0; color: #111827; }}
main {{ max-width: 26rem; margin: 2rem auto; background: #fff; border-radius: .75rem; padding: 1.5rem;
  box-shadow: 0 1px 4px rgba(0,0,0,.15); }}
.banner {{ background: #b45309; color: #fff; font-weight: 700; padding: .6rem .8rem; border-radius: .4rem;
  text-align: center; letter-spacing: .02em; }}
.amount {{ font-size: 2rem; font-weight: 700; margin: 1rem 0 .25rem; }}
button {{ display: block; width: 100%; margin-top: .75rem; padding: .8rem; font-size: 1rem; border-radius: .4rem;
  border: 1px solid #1f2937; background: #fff; color: #111827; cursor: pointer; }}
button.pay {{ background: #065f46; border-color: #065f46; color: #fff; font-weight: 700; }}
button:focus-visible {{ outline: 3px solid #2563eb; outline-offset: 2px; }}
.muted {{ color: #4b5563; font-size: .9rem; }}
</style>
</head>
<body>
<main>
<p class="banner" role="note">{banner}</p>
<h1>Test checkout</h1>
<p>Pay {agency}: processing fee.</p>
<p class="amount">{amount}</p>
<p class="muted">{email}<br>Reference {reference}</p>
{body}
<p class="muted">This site runs without Paystack keys (demo mode), so this built-in checkout stands in for
Paystack's, as Paystack's own test mode would. No card is asked for and no money moves.</p>
</main>
</body>
</html>
"""

_FORM = """<form method="post" action="{action}">
<button class="pay" type="submit" name="outcome" value="success">Pay {amount} (test)</button>
<button type="submit" name="outcome" value="failed">Decline (test)</button>
<button type="submit" name="outcome" value="abandoned">Cancel</button>
</form>"""


def _page(found: TestTransaction, action: str) -> str:
    amount = escape(found.fee.label)
    body = (
        _FORM.format(action=escape(action), amount=amount)
        if found.status == "ongoing"
        else f"<p>This test payment is finished ({escape(found.status)}).</p>"
    )
    return _PAGE.format(
        agency=escape(AGENCY_NAME),
        banner=escape(TEST_BANNER),
        amount=amount,
        email=escape(found.email),
        reference=escape(found.reference),
        body=body,
    )


def back_to_site(found: TestTransaction) -> str:
    """The callback address with the reference, as Paystack sends the payer back."""
    return f"{found.callback_url}?{urlencode({'trxref': found.reference, 'reference': found.reference})}"


class TestCheckoutPage(Controller):
    __test__ = False  # not a pytest class

    path = "/test-checkout"
    include_in_schema = False

    @get("/{reference:str}", sync_to_thread=False)
    def show(self, payments: NamedDependency[PaymentService], reference: FromPath[str]) -> Response[str]:
        found = payments.test_transaction(reference)
        return Response(
            _page(found, f"{self.path}/{found.reference}"),
            media_type="text/html; charset=utf-8",
            headers={"Cache-Control": "no-store"},
        )

    @post("/{reference:str}", sync_to_thread=False)
    def choose(
        self,
        payments: NamedDependency[PaymentService],
        reference: FromPath[str],
        data: Annotated[dict[str, str], Body(media_type=RequestEncodingType.URL_ENCODED)],
    ) -> Redirect:
        found = payments.complete_test_checkout(reference, str(data.get("outcome", "")))
        return Redirect(back_to_site(found), status_code=HTTP_303_SEE_OTHER)


__all__ = ["TEST_BANNER", "TestCheckoutPage", "back_to_site"]
