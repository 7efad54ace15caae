"""Forwarded headers are trusted from the given proxies only, and the rate limiter
keeps its busiest buckets when it holds too many."""

from __future__ import annotations

import asyncio
import concurrent.futures
from typing import Any

import pytest
import uvicorn

from cardems.web.commands import ServeOptions, uvicorn_settings
from cardems.web.ratelimit import RateLimiter


def seen_client(options: ServeOptions, peer: str, forwarded: str) -> str:
    """The client address the app sees for a request from ``peer`` claiming ``forwarded``."""
    seen: list[str] = []

    async def app(scope: dict[str, Any], receive: Any, send: Any) -> None:
        seen.append(scope["client"][0])

    config = uvicorn.Config(app, **uvicorn_settings(options))
    config.load()
    scope = {
        "type": "http",
        "client": (peer, 5000),
        "scheme": "http",
        "headers": [(b"x-forwarded-for", forwarded.encode())],
    }
    with concurrent.futures.ThreadPoolExecutor(1) as thread:  # a loop of its own
        thread.submit(asyncio.run, config.loaded_app(scope, None, None)).result()
    return seen[0]


def test_forwarded_addresses_are_believed_only_from_the_allowed_proxies() -> None:
    behind = ServeOptions(proxy_headers=True)
    assert seen_client(behind, "127.0.0.1", "203.0.113.7") == "203.0.113.7"
    assert seen_client(behind, "198.51.100.2", "203.0.113.7") == "198.51.100.2"
    chosen = ServeOptions(proxy_headers=True, forwarded_allow_ips="10.0.0.0/8")
    assert seen_client(chosen, "10.1.2.3", "203.0.113.7") == "203.0.113.7"
    assert seen_client(chosen, "127.0.0.1", "203.0.113.7") == "127.0.0.1"
    assert seen_client(ServeOptions(), "127.0.0.1", "203.0.113.7") == "127.0.0.1"


def test_the_command_line_passes_the_allowed_proxies() -> None:
    from cardems.cli import build_parser

    args = build_parser().parse_args(
        ["serve", "--proxy-headers", "--forwarded-allow-ips", "10.0.0.1"]
    )
    assert args.forwarded_allow_ips == "10.0.0.1"
    assert build_parser().parse_args(["serve"]).forwarded_allow_ips == "127.0.0.1,::1"


def test_a_flood_of_new_keys_evicts_the_least_recently_used_not_everyone() -> None:
    now = [0.0]
    limiter = RateLimiter(rate=0.001, burst=2, clock=lambda: now[0], keys=100)
    assert limiter.allow("guesser") and limiter.allow("guesser")
    assert not limiter.allow("guesser")
    for number in range(99):  # the guesser stays among the 100 most recent
        limiter.allow(f"rotating:{number}")
        assert not limiter.allow("guesser")
    for number in range(100, 300):
        limiter.allow(f"rotating:{number}")
    assert limiter.allow("guesser")  # long unseen: dropped, as a full bucket would be


@pytest.mark.parametrize("keys", [1, 3])
def test_the_limiter_never_holds_more_than_its_keys(keys: int) -> None:
    limiter = RateLimiter(rate=1, burst=1, keys=keys)
    for number in range(10):
        limiter.allow(str(number))
    assert len(limiter._buckets) == keys
