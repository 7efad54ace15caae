"""Where a shared table's move spends its time in a worker, as wall-clock timestamps
(``time.perf_counter``: CLOCK_MONOTONIC, the same clock in every process of the
machine, so the load generator can set them beside its own). Loaded by
``sitecustomize`` when ``CARDEMS_STAGES=DIR``; ``SIGUSR1`` starts the measure afresh,
``SIGUSR2`` writes ``DIR/<pid>.stages.json``:

- ``moves``: per move made here, ``[table, version, entered, acted, saving, pooled,
  saved, done]``: the endpoint entered (the request read and parsed, on the loop; or the
  socket's message received),
  the worker thread started on it, the save began, a pooled connection was had, the
  save returned, the thread ended;
- ``heard``: per bus message, ``[table, version, at]`` (the listener called on the loop);
- ``sent``: per update sent here, ``[table, version, made, sent, members]``: its
  messages made, the last of them handed to the socket;
- ``lag``: the event loop's lateness every 10 ms (ms), with the threadpool's borrowed
  tokens and waiting tasks at that moment;
- ``gc``: each collection's generation, duration (ms) and end; ``objects``: the most
  common kinds of objects the collector tracks, at the end.

Temporary measuring scaffolding for the benchmark only: it wraps methods of the live
classes, so the app itself carries no timing code.
"""

from __future__ import annotations

import asyncio
import contextvars
import gc
import json
import os
import signal
import threading
import time
from typing import Any

_DIR = os.environ.get("CARDEMS_STAGES", "")
_data: dict[str, list[Any]] = {"moves": [], "heard": [], "sent": [], "lag": [], "gc": []}
_entered: contextvars.ContextVar[float] = contextvars.ContextVar("entered", default=0.0)
_local = threading.local()
_on = [False]
_made: dict[str, tuple[str, int, float, int]] = {}
"""The update being sent, by game id (made on the loop or in a worker thread)."""


def _restart(*_: Any) -> None:
    for kept in _data.values():
        kept.clear()
    _on[0] = True


def _dump(*_: Any) -> None:
    _on[0] = False
    kinds: dict[str, int] = {}
    for thing in gc.get_objects():
        name = type(thing).__name__
        kinds[name] = kinds.get(name, 0) + 1
    _data["objects"] = sorted(kinds.items(), key=lambda kv: -kv[1])[:12]
    with open(os.path.join(_DIR, f"{os.getpid()}.stages.json"), "w") as out:
        json.dump(_data, out)


def _gc(phase: str, info: dict[str, Any]) -> None:
    if phase == "start":
        _local.gc = time.perf_counter()
    elif _on[0]:
        now = time.perf_counter()
        _data["gc"].append([info["generation"], 1000 * (now - _local.gc), now])


def install() -> None:
    """Wrap the methods measured (imports the app's modules)."""
    import anyio.to_thread
    import psycopg_pool

    from cardems.store import Store
    from cardems.web import deps, shared_tables, table_live

    real_api = deps.Web.api

    def api(self: Any, handler: Any, **options: Any) -> Any:
        async def timed(ctx: Any) -> Any:
            _entered.set(time.perf_counter())
            return await handler(ctx)

        return real_api(self, timed if options.get("move") else handler, **options)

    deps.Web.api = api  # type: ignore[method-assign]

    real_intent = table_live.Hub._intent

    async def intent(self: Any, member: Any, table_id: str, text: str) -> None:
        _entered.set(time.perf_counter())
        await real_intent(self, member, table_id, text)

    table_live.Hub._intent = intent  # type: ignore[method-assign]

    real_act = shared_tables.SharedTables.act

    def act(self: Any, table: Any, seat: int, request: Any, **kw: Any) -> Any:
        acted = time.perf_counter()
        _local.save = (0.0, 0.0, 0.0)
        played = real_act(self, table, seat, request, **kw)
        if _on[0]:
            saving, pooled, saved = _local.save
            _data["moves"].append(
                [
                    table.id,
                    played.version,
                    _entered.get(),
                    acted,
                    saving,
                    pooled,
                    saved,
                    time.perf_counter(),
                ]
            )
        return played

    shared_tables.SharedTables.act = act  # type: ignore[method-assign]

    real_append = Store.append_actions

    def append_actions(self: Any, *args: Any, **kw: Any) -> Any:
        saving = time.perf_counter()
        _local.pooled = 0.0
        try:
            return real_append(self, *args, **kw)
        finally:
            _local.save = (saving, _local.pooled or saving, time.perf_counter())

    Store.append_actions = append_actions  # type: ignore[method-assign]

    real_getconn = psycopg_pool.ConnectionPool.getconn

    def getconn(self: Any, *args: Any, **kw: Any) -> Any:
        connection = real_getconn(self, *args, **kw)
        _local.pooled = time.perf_counter()
        return connection

    psycopg_pool.ConnectionPool.getconn = getconn  # type: ignore[method-assign]

    real_moved = table_live.Hub.moved

    def moved(self: Any, game_id: str, version: int, move: Any = None) -> None:
        if _on[0] and version >= 0:
            table = self.tables._table_of.get(game_id, game_id)
            _data["heard"].append([table, version, time.perf_counter()])
        real_moved(self, game_id, version, move)

    table_live.Hub.moved = moved  # type: ignore[method-assign]

    real_messages = table_live.Hub._messages

    def messages(self: Any, table: Any, live: Any, members: Any) -> Any:
        out = real_messages(self, table, live, members)
        _made[table.game_id] = (table.id, live.version, time.perf_counter(), len(out.messages))
        return out

    table_live.Hub._messages = messages  # type: ignore[method-assign]

    real_send_all = table_live.Hub._send_all

    async def send_all(self: Any, game_id: str) -> None:
        _made.pop(game_id, None)
        await real_send_all(self, game_id)
        made = _made.pop(game_id, None)
        if _on[0] and made is not None and made[3]:
            _data["sent"].append([made[0], made[1], made[2], time.perf_counter(), made[3]])

    table_live.Hub._send_all = send_all  # type: ignore[method-assign]

    real_start = table_live.Hub.start

    async def start(self: Any) -> None:
        await real_start(self)
        asyncio.get_running_loop().create_task(_ticker())

    table_live.Hub.start = start  # type: ignore[method-assign]

    async def _ticker() -> None:
        limiter = anyio.to_thread.current_default_thread_limiter()
        while True:
            before = time.perf_counter()
            await asyncio.sleep(0.01)
            late = 1000 * (time.perf_counter() - before - 0.01)
            if _on[0]:
                stats = limiter.statistics()
                _data["lag"].append([late, stats.borrowed_tokens, stats.tasks_waiting])


if _DIR:
    install()
    gc.callbacks.append(_gc)
    signal.signal(signal.SIGUSR1, _restart)
    signal.signal(signal.SIGUSR2, _dump)
