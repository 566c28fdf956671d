"""The one client-address rule: the peer, unless it is a trusted proxy; then the forwarded chain
read right to left, skipping trusted proxies."""

from __future__ import annotations

import pytest

from app.client_address import TrustedProxiesError, client_address_of, parse_trusted_proxies
from app.settings import Settings, SettingsError

LB = parse_trusted_proxies("10.0.0.0/8, 192.168.1.7")


def test_without_trusted_proxies_a_forged_header_is_ignored() -> None:
    headers = {"x-forwarded-for": "1.2.3.4", "forwarded": "for=5.6.7.8"}
    assert client_address_of("127.0.0.1", headers, ()) == "127.0.0.1"
    assert client_address_of("203.0.113.9", headers, LB) == "203.0.113.9"  # not a trusted peer


def test_a_trusted_proxys_right_most_untrusted_address_is_used() -> None:
    # The visitor forged "6.6.6.6"; the balancer (10.0.0.2) appended the real peer 198.51.100.4,
    # an inner proxy 10.1.1.1 forwarded it.
    headers = {"x-forwarded-for": "6.6.6.6, 198.51.100.4, 10.1.1.1"}
    assert client_address_of("10.0.0.2", headers, LB) == "198.51.100.4"
    assert client_address_of("192.168.1.7", {"x-forwarded-for": "198.51.100.4"}, LB) == "198.51.100.4"


def test_forwarded_is_read_when_there_is_no_x_forwarded_for() -> None:
    headers = {"forwarded": 'for=6.6.6.6, for="[2001:db8::1]:4711";proto=https, for=10.2.3.4'}
    assert client_address_of("10.0.0.2", headers, LB) == "2001:db8::1"


def test_a_chain_of_only_trusted_hops_or_no_header_gives_the_last_trusted_hop() -> None:
    assert client_address_of("10.0.0.2", {}, LB) == "10.0.0.2"
    assert client_address_of("10.0.0.2", {"x-forwarded-for": "10.9.9.9"}, LB) == "10.9.9.9"
    assert client_address_of("10.0.0.2", {"x-forwarded-for": "garbage, 10.9.9.9"}, LB) == "10.9.9.9"


def test_ports_and_mapped_addresses_are_normalised() -> None:
    assert client_address_of("::ffff:10.0.0.2", {"x-forwarded-for": "198.51.100.4:5555"}, LB) == "198.51.100.4"
    assert client_address_of(None, {}, LB) == "unknown"


def test_the_setting_is_validated() -> None:
    assert parse_trusted_proxies("") == ()
    assert parse_trusted_proxies(" 127.0.0.1 , ::1 ") == ("127.0.0.1/32", "::1/128")
    with pytest.raises(TrustedProxiesError):
        parse_trusted_proxies("proxy.example")
    with pytest.raises(SettingsError, match="AGENCY_TRUSTED_PROXIES"):
        Settings.from_env({"AGENCY_TRUSTED_PROXIES": "10.0.0.0/33"})
    assert Settings.from_env({"AGENCY_TRUSTED_PROXIES": "10.0.0.0/8"}).api.trusted_proxies == ("10.0.0.0/8",)
