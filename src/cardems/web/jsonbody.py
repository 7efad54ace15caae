"""Reading a request's JSON body safely: bounded in size and depth, valid Unicode only.

A declared ``Content-Length`` over the limit is refused before anything is read, and
reading stops at the limit whatever the client declared; nesting deeper than
:data:`MAX_DEPTH` and strings with lone surrogates (which JSON allows and no answer can
echo) are refused too, so bad input never reaches the handlers.
"""

from __future__ import annotations

import json
from typing import Any

from starlette.requests import Request

from cardems.i18n.markers import N_
from cardems.numbers import read_number

MAX_DEPTH = 16
TOO_LARGE = N_("request too large (limit %(num)d bytes)")
MALFORMED = N_("malformed JSON: %(error)s")
TOO_DEEP = N_("JSON nested too deeply (limit %(num)d levels)")
BAD_TEXT = N_("the request holds text that is not valid Unicode")


class BodyError(ValueError):
    """A body that is refused: ``status`` (400 or 413) and a message marked for translation."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


async def read_capped(request: Request, limit: int) -> bytes:
    """The raw body, at most ``limit`` bytes; :class:`BodyError` (413) past that."""
    declared = request.headers.get("content-length", "")
    if (read_number(declared) or 0) > limit:
        raise BodyError(413, TOO_LARGE % {"num": limit})
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise BodyError(413, TOO_LARGE % {"num": limit})
        chunks.append(chunk)
    return b"".join(chunks)


def parse_json(raw: bytes) -> Any:
    """``raw`` as JSON within :data:`MAX_DEPTH` levels, with valid Unicode strings only."""
    try:
        data = json.loads(raw)
    except RecursionError:
        raise BodyError(400, TOO_DEEP % {"num": MAX_DEPTH}) from None
    except ValueError as error:
        message = str(error).encode("utf-8", "replace").decode()
        raise BodyError(400, MALFORMED % {"error": message}) from None
    check(data)
    return data


def check(data: Any) -> None:
    """Raise :class:`BodyError` if ``data`` nests too deep or holds a lone surrogate."""
    pending: list[tuple[Any, int]] = [(data, 1)]
    while pending:
        value, depth = pending.pop()
        if isinstance(value, str):
            if not _valid(value):
                raise BodyError(400, BAD_TEXT)
        elif isinstance(value, list | dict):
            if depth > MAX_DEPTH:
                raise BodyError(400, TOO_DEEP % {"num": MAX_DEPTH})
            items = value.items() if isinstance(value, dict) else enumerate(value)
            for key, item in items:
                if isinstance(key, str) and not _valid(key):
                    raise BodyError(400, BAD_TEXT)
                pending.append((item, depth + 1))


def _valid(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True
