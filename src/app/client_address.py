"""The one rule for a request's client address, used by the sign-in limit, the rate limit and the logs.

The address is the TCP peer, unless the peer is one of ``AGENCY_TRUSTED_PROXIES`` (addresses or
CIDR ranges, empty by default). Then ``X-Forwarded-For`` (or, without it, ``Forwarded``) is read
right to left, skipping trusted proxies: the first address that is not trusted is the client's.
uvicorn's own proxy-header handling is off (``proxy_headers=False``), so nothing else rewrites
the peer.
"""

from __future__ import annotations

import functools
import ipaddress
from collections.abc import Iterable, Mapping
from typing import Any, Final

IPNetwork = ipaddress.IPv4Network | ipaddress.IPv6Network
IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address

UNKNOWN = "unknown"


class TrustedProxiesError(ValueError):
    """A wrong ``AGENCY_TRUSTED_PROXIES`` entry."""


def parse_trusted_proxies(raw: str) -> tuple[str, ...]:
    """``"10.0.0.0/8, 192.168.1.7"`` -> ``("10.0.0.0/8", "192.168.1.7/32")``; empty -> ().

    Kept as strings in the settings (Litestar's signature models cannot hold IP network types);
    :func:`networks` turns them into networks, once."""
    networks: list[IPNetwork] = []
    for part in raw.replace(";", ",").split(","):
        entry = part.strip()
        if not entry:
            continue
        try:
            networks.append(ipaddress.ip_network(entry, strict=False))
        except ValueError as exc:
            raise TrustedProxiesError(f"AGENCY_TRUSTED_PROXIES: {entry!r} is not an IP address or CIDR range") from exc
    return tuple(str(network) for network in networks)


@functools.lru_cache(maxsize=16)
def networks(trusted: tuple[str, ...]) -> tuple[IPNetwork, ...]:
    return tuple(ipaddress.ip_network(entry, strict=False) for entry in trusted)


def _ip(text: str) -> IPAddress | None:
    value = text.strip().strip('"')
    if value.startswith("["):  # Forwarded: for="[2001:db8::1]:4711"
        value = value[1:].partition("]")[0]
    elif value.count(":") == 1:  # IPv4 with a port
        value = value.partition(":")[0]
    try:
        address = ipaddress.ip_address(value)
    except ValueError:
        return None
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return address.ipv4_mapped
    return address


def _trusted(address: IPAddress, trusted: Iterable[IPNetwork]) -> bool:
    return any(address.version == network.version and address in network for network in trusted)


def _forwarded_chain(headers: Mapping[str, str]) -> list[str]:
    xff = headers.get("x-forwarded-for")
    if xff:
        return xff.split(",")
    forwarded = headers.get("forwarded")
    if not forwarded:
        return []
    chain: list[str] = []
    for element in forwarded.split(","):
        for pair in element.split(";"):
            name, _, value = pair.strip().partition("=")
            if name.strip().lower() == "for":
                chain.append(value)
    return chain


@functools.lru_cache(maxsize=4096)
def _peer_ip(peer: str) -> IPAddress | None:
    """The peer's address, parsed once per peer (a parse costs more than the rest of the rule)."""
    return _ip(peer)


def client_address_of(peer: str | None, headers: Mapping[str, str], trusted_proxies: tuple[str, ...]) -> str:
    """The client's address by the rule above; ``"unknown"`` when there is no peer."""
    trusted = networks(trusted_proxies)
    if not peer:
        return UNKNOWN
    peer_ip = _peer_ip(peer)
    if peer_ip is None or not trusted or not _trusted(peer_ip, trusted):
        return str(peer_ip) if peer_ip is not None else peer
    nearest = peer_ip
    for hop in reversed(_forwarded_chain(headers)):
        address = _ip(hop)
        if address is None:
            # An unparseable hop ("unknown", an obfuscated name): the last trusted hop is all we know.
            break
        if not _trusted(address, trusted):
            return str(address)
        nearest = address
    return str(nearest)


TRUSTED_PROXIES: Final = "trusted_proxies"
"""The ``app.state`` key of ``AGENCY_TRUSTED_PROXIES`` (set by :func:`app.dependencies.state_of`)."""


def client_address(connection: Any) -> str:
    """The client address of a Litestar request or connection, with the app's trusted proxies."""
    client = connection.client
    trusted: tuple[str, ...] = connection.app.state.get(TRUSTED_PROXIES, ())
    return client_address_of(client.host if client else None, connection.headers, trusted)
