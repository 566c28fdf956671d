"""Firebase Authentication through pyrebase4: e-mail/password sign-in, run off the event loop.

pyrebase4 4.9 posts the sign-in with the module-level ``requests.post`` instead of the
``requests.Session`` it keeps on the app, and it sets no timeout. ``_SessionAuth`` sends
the same request (same URL, headers, body and error handling) through that session, with
a timeout; when ``FIREBASE_AUTH_EMULATOR_HOST`` is set, an adapter mounted on the session
sends ``https://www.googleapis.com/...`` to ``http://{host}/www.googleapis.com/...``, the
path the Firebase Auth emulator serves the legacy Identity Toolkit API on.
"""

from __future__ import annotations

import asyncio
import base64
import json
from typing import Any

import pyrebase
import requests
from pyrebase.pyrebase import Auth, raise_detailed_error
from requests.adapters import HTTPAdapter

from agency_core.signin.identity import IdentityUnavailable, IdentityUser, SignInFailed, provider_message

GOOGLE_APIS = "https://www.googleapis.com/"
VERIFY_PASSWORD = GOOGLE_APIS + "identitytoolkit/v3/relyingparty/verifyPassword?key={0}"


class EmulatorAdapter(HTTPAdapter):
    """Sends requests meant for ``https://www.googleapis.com/`` to the Auth emulator instead."""

    def __init__(self, emulator_host: str) -> None:
        super().__init__()
        self.base = f"http://{emulator_host.removeprefix('http://').rstrip('/')}/www.googleapis.com/"

    def send(self, request: requests.PreparedRequest, *args: Any, **kwargs: Any) -> requests.Response:
        if request.url and request.url.startswith(GOOGLE_APIS):
            request.url = self.base + request.url[len(GOOGLE_APIS) :]
        return super().send(request, *args, **kwargs)


class _SessionAuth(Auth):  # type: ignore[misc]
    """pyrebase's ``Auth`` whose e-mail/password sign-in goes through its session, with a timeout."""

    def __init__(self, api_key: str, session: requests.Session, timeout_s: float) -> None:
        super().__init__(api_key, session, None)
        self.timeout_s = timeout_s

    def sign_in_with_email_and_password(self, email: str, password: str) -> dict[str, Any]:
        request_ref = VERIFY_PASSWORD.format(self.api_key)
        headers = {"content-type": "application/json; charset=UTF-8"}
        data = json.dumps({"email": email, "password": password, "returnSecureToken": True})
        request_object = self.requests.post(request_ref, headers=headers, data=data, timeout=self.timeout_s)
        raise_detailed_error(request_object)
        self.current_user = request_object.json()
        body: dict[str, Any] = request_object.json()
        return body


def error_code(body: str) -> str | None:
    """The ``error.message`` code of an Identity Toolkit error body, if it has one."""
    try:
        parsed = json.loads(body)
    except ValueError:
        return None
    error = parsed.get("error") if isinstance(parsed, dict) else None
    message = error.get("message") if isinstance(error, dict) else None
    return message if isinstance(message, str) else None


def _token_claim(id_token: object, claim: str) -> object:
    """A claim of the ID token the provider just returned (read, not verified: only for the name).

    The hosted API answers ``displayName``; the Auth emulator leaves it out of the legacy
    answer but puts it in the token's ``name`` claim.
    """
    if not isinstance(id_token, str) or id_token.count(".") != 2:
        return None
    payload = id_token.split(".")[1]
    try:
        claims = json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))
    except ValueError:
        return None
    return claims.get(claim) if isinstance(claims, dict) else None


class FirebaseIdentityProvider:
    def __init__(
        self,
        api_key: str,
        auth_domain: str = "",
        project_id: str = "",
        emulator_host: str | None = None,
        timeout_s: float = 10.0,
    ) -> None:
        project = project_id or "unset"
        config = {
            "apiKey": api_key,
            "authDomain": auth_domain or f"{project}.firebaseapp.com",
            "databaseURL": f"https://{project}.firebaseio.com",
            "storageBucket": f"{project}.appspot.com",
        }
        self.emulator_host = emulator_host
        self._firebase = pyrebase.initialize_app(config)
        session: requests.Session = self._firebase.requests
        if emulator_host:
            session.mount(GOOGLE_APIS, EmulatorAdapter(emulator_host))
        self._auth = _SessionAuth(api_key, session, timeout_s)

    def _sign_in(self, email: str, password: str) -> IdentityUser:
        try:
            answer = self._auth.sign_in_with_email_and_password(email, password)
        except requests.HTTPError as exc:
            response = exc.args[0].response if exc.args and isinstance(exc.args[0], requests.HTTPError) else None
            status = response.status_code if response is not None else 0
            body = exc.args[1] if len(exc.args) > 1 and isinstance(exc.args[1], str) else ""
            code = error_code(body)
            if status >= 500 or (status == 0 and code is None):
                raise IdentityUnavailable(f"Firebase Auth answered {status}") from exc
            raise SignInFailed(provider_message(code)) from exc
        except requests.RequestException as exc:
            raise IdentityUnavailable(f"Firebase Auth unreachable: {type(exc).__name__}") from exc
        name = answer.get("displayName") or _token_claim(answer.get("idToken"), "name")
        return IdentityUser(
            id=str(answer["localId"]),
            email=str(answer.get("email") or email),
            name=name if isinstance(name, str) and name else None,
        )

    async def sign_in(self, email: str, password: str) -> IdentityUser:
        return await asyncio.to_thread(self._sign_in, email, password)
