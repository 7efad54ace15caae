"""A member's move at a shared table, whether it came over HTTP (``POST
/api/tables/{id}/intent``) or over the table's WebSocket: the same checks (a member,
their own seat only, the seat's rate limit, the cookie checked again in the save), the
rules on the saved match, the same answer in the member's language.
"""

from __future__ import annotations

import threading
from typing import Any

from cardems.core.acting import refusal
from cardems.core.service_error import ServiceError
from cardems.store_tables import TableRow
from cardems.web.deps import TOO_MANY, Web
from cardems.web.i18n import translate, translate_events
from cardems.web.ratelimit import RateLimiter
from cardems.web.shared_tables import SharedTables, table_json

SEAT_RATE, SEAT_BURST = 4.0, 30
"""Each seat's bound on moves: 4 a second on average, 30 at once."""


class TableMoves:
    """The moves of shared tables' members (blocking: called from worker threads)."""

    def __init__(
        self, web: Web, tables: SharedTables, rate: float = SEAT_RATE, burst: int = SEAT_BURST
    ) -> None:
        self.web = web
        self.tables = tables
        self.seats = RateLimiter(rate=rate, burst=burst)
        self._counting = threading.Lock()

    def per_seat(self, table: TableRow, seat: int) -> None:
        """Take a token of the seat's bucket (shared by HTTP and the socket), or a 429."""
        with self._counting:
            allowed = self.seats.allow(f"{table.id}:{seat}")
        if not allowed:
            raise ServiceError(429, TOO_MANY)

    def play(
        self,
        table_id: str,
        player_id: str | None,
        lang: str,
        intent: Any,
        *,
        cookie: str | None,
    ) -> tuple[int, dict[str, Any]]:
        """``intent`` played for ``player_id``'s own seat; (the seat, the answer:
        ``{table, view, version, events}`` with ``refused`` when the rules refuse it).
        ``cookie``: the one that named the player, checked again in the save."""
        table, seat = self.tables.member(table_id, player_id)
        self.per_seat(table, seat)
        played = self.tables.act(table, seat, intent, cookie=cookie, actor=player_id)
        data = {
            "table": table_json(played.table, seat, player_id or ""),
            "view": self.web.localize(played.view, lang),
            "version": played.version,
            "events": translate_events(lang, played.events),
        }
        refused = refusal(played.events)
        if refused is not None:
            data["refused"] = translate(lang, refused)
        return seat, data
