"""The model protocol: anything that turns prompts into response texts.

The runner hands a model a batch of ``Request``s and gets back one ``Response`` each, in
order. A request carries the instance too, because local baselines and the reference
solver answer from the instance; a remote backend only ever sends ``request.prompt``.
A model never raises for one bad item: it returns a ``Response`` with ``error`` set. The
one exception is ``ServiceUnreachable``, for a fault no item can get past (nothing listens
at the address, the key or model is wrong): it stops the whole run at once.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from graphgauge.instance import Instance
from graphgauge.render.prompt import Prompt


class ServiceUnreachable(Exception):
    """The model cannot answer anything (connection refused, unknown host, rejected key,
    unknown model); the message names the address and the cause in one line."""


@dataclass(frozen=True)
class Request:
    prompt: Prompt
    instance: Instance
    repeat: int = 0
    seed: int = 0


@dataclass
class Response:
    text: str | None
    error: str | None = None
    latency: float = 0.0
    tokens_in: int | None = None
    tokens_out: int | None = None
    extra: dict[str, Any] = field(default_factory=dict)


@runtime_checkable
class Model(Protocol):
    name: str
    # Everything that changes the answers (temperature, seed, …): part of the cache key
    # and of the run manifest. Secrets never go here.
    params: dict[str, Any]
    # How many requests the runner sends per respond() call, and how many calls at once.
    batch_size: int
    concurrency: int
    # Whether responses are worth caching (a remote model costs money; a baseline does not).
    cacheable: bool

    def prepare(self, instances: Sequence[Instance]) -> None:
        """See the whole benchmark once before answering (baselines that need statistics)."""

    async def respond(self, requests: Sequence[Request]) -> list[Response]: ...


class LocalModel:
    """Shared defaults for models that answer in-process, instantly and for free."""

    name = "local"
    batch_size = 256
    concurrency = 1
    cacheable = False

    def __init__(self, **params: Any):
        self.params = dict(params)

    def prepare(self, instances: Sequence[Instance]) -> None:
        return None

    def answer(self, request: Request) -> str:
        raise NotImplementedError

    async def respond(self, requests: Sequence[Request]) -> list[Response]:
        out = []
        for request in requests:
            try:
                out.append(Response(text=self.answer(request)))
            except Exception as exc:  # one bad item must not sink the run
                out.append(Response(text=None, error=f"{type(exc).__name__}: {exc}"))
        return out
