"""How uvicorn serves the app: the limits a client meets before the app sees it.

Every server of ``cardems serve`` (one process or each worker) and the tests' live
servers run with :func:`limits`:

- WebSocket messages of at most :data:`WS_MAX_SIZE` bytes (uvicorn's default, 16 MiB, was
  read whole before the app could refuse it): a longer frame closes the socket (1009)
  as soon as its header announces it; every socket is pinged every
  :data:`WS_PING_SECONDS` and closed when its pong does not come within as many.
- A request must arrive in time (:class:`TimedHttp`, which uvicorn lacks): its head
  within :data:`HEAD_SECONDS` of the connection (or of the previous answer), its body
  without a pause longer than :data:`BODY_IDLE_SECONDS`; else the connection is closed
  (a 408 after part of a head; quietly when nothing came, as browsers expect of an idle
  connection). A client gone mid-body (its connection
  half-open) so frees its worker's request; the app sees a disconnect.
- Between requests, a kept-alive connection is closed after :data:`KEEP_ALIVE_SECONDS`.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any, Final

from uvicorn.protocols.http.h11_impl import H11Protocol

try:
    from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol as BaseHttp
except ImportError:  # pragma: no cover - without httptools uvicorn uses h11
    BaseHttp = H11Protocol  # type: ignore[misc, assignment]

log = logging.getLogger("cardems.web")

WS_MAX_SIZE: Final = 64 * 1024
"""The longest WebSocket message taken (a move is under 200 bytes)."""
WS_PING_SECONDS: Final = 20.0
KEEP_ALIVE_SECONDS: Final = 5
HEAD_SECONDS: Final = 10.0
BODY_IDLE_SECONDS: Final = 30.0
H11_MAX_INCOMPLETE: Final = 16 * 1024
"""The largest request head h11 buffers (where h11 serves instead of httptools)."""
TIMEOUT_408: Final = (
    b"HTTP/1.1 408 Request Timeout\r\ncontent-type: text/plain; charset=utf-8\r\n"
    b"content-length: 16\r\nconnection: close\r\n\r\nrequest timeout\n"
)


class TimedHttp(BaseHttp):
    """uvicorn's HTTP protocol with the request deadlines of the module docstring."""

    head_seconds = HEAD_SECONDS
    body_seconds = BODY_IDLE_SECONDS

    def connection_made(self, transport: Any) -> None:
        super().connection_made(transport)
        self._deadline: asyncio.TimerHandle | None = None
        self._reading_body = False
        self._started = False
        """Whether a byte of the next request came (a connection idle before its first
        byte is closed quietly, as a kept-alive one is)."""
        self._watch()

    def data_received(self, data: bytes) -> None:
        self._started = True
        super().data_received(data)
        self._watch(progress=True)

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._started = False
        self._stop()  # uvicorn's keep-alive timer takes over until the next request

    def handle_websocket_upgrade(self, *args: Any) -> None:
        self._stop()
        super().handle_websocket_upgrade(*args)

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop()
        super().connection_lost(exc)

    def _watch(self, *, progress: bool = False) -> None:
        """Arm, move or stop the deadline for where the connection is now."""
        transport = self.transport
        if transport is None or transport.is_closing() or transport.get_protocol() is not self:
            self._stop()
            return
        cycle = self.cycle
        if cycle is None or cycle.response_complete:  # waiting for a request's head
            if self._deadline is None or self._reading_body:
                self._arm(self.head_seconds, body=False)
        elif cycle.more_body:  # reading its body: no pause longer than body_seconds
            if progress or self._deadline is None or not self._reading_body:
                self._arm(self.body_seconds, body=True)
        else:  # the app has the request
            self._stop()

    def _arm(self, seconds: float, *, body: bool) -> None:
        self._stop()
        self._reading_body = body
        self._deadline = self.loop.call_later(seconds, self._expired)

    def _stop(self) -> None:
        deadline = getattr(self, "_deadline", None)
        if deadline is not None:
            deadline.cancel()
            self._deadline = None

    def _expired(self) -> None:
        self._deadline = None
        if self.transport.is_closing():
            return
        client = f"{self.client[0]}:{self.client[1]}" if self.client else "a client"
        if self._reading_body:
            log.warning("%s stopped sending its request's body: connection closed", client)
        elif self._started:
            log.warning("%s sent no whole request in time: connection closed", client)
            self.transport.write(TIMEOUT_408)
        self.transport.close()


CLIENT_FAULTS: Final = ("Invalid UTF-8 sequence received from client",)
"""Messages uvicorn logs with a traceback for what a client did wrong, not the server."""


class ClientFaults(logging.Filter):
    """A client's fault that uvicorn logs with a traceback (a WebSocket text frame that
    is not UTF-8) logged as one line: its message, the client's fault said."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.exc_info and record.getMessage().startswith(CLIENT_FAULTS):
            record.msg, record.args = f"client fault: {record.getMessage()}", ()
            record.exc_info = record.exc_text = None
        return True


def quiet_client_faults() -> None:
    """:class:`ClientFaults` on uvicorn's error log (once a process)."""
    logger = logging.getLogger("uvicorn.error")
    if not any(isinstance(one, ClientFaults) for one in logger.filters):
        logger.addFilter(ClientFaults())


def limits(http: Any = "cardems.web.serving:TimedHttp") -> dict[str, Any]:
    """uvicorn's ``Config`` settings for the limits of the module docstring (``http``:
    the protocol class, or its import path, which worker processes can load)."""
    return {
        "http": http,
        "ws_max_size": WS_MAX_SIZE,
        "ws_ping_interval": WS_PING_SECONDS,
        "ws_ping_timeout": WS_PING_SECONDS,
        "timeout_keep_alive": KEEP_ALIVE_SECONDS,
        "h11_max_incomplete_event_size": H11_MAX_INCOMPLETE,
    }
