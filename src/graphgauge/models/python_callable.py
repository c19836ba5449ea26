"""``python:module:function`` — any Python callable as a model.

The callable receives the prompt text and returns the response text. It may be a plain
or an ``async`` function; if it accepts a second parameter it also gets the ``Request``
(for scripted test models that need the instance or the repeat index).

A plain function runs in a pool of ``concurrency`` worker threads, never on the event
loop: the loop stays free to commit each answer as it arrives and to show progress, so a
crash keeps everything answered before it. A function that is not thread-safe is run with
``--concurrency 1``.
"""

from __future__ import annotations

import asyncio
import importlib
import inspect
import os
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor

from graphgauge.errors import UserError
from graphgauge.models.base import Request, Response
from graphgauge.models.options import check_bounds


def _import_here_too(name: str):
    """Import ``name``, also from the working directory (as ``python -m`` would): the
    installed ``graphgauge`` script's path lacks it, yet that is where users keep
    ``mymodel.py``."""
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name.partition(".")[0] or os.getcwd() in sys.path:
            raise
    sys.path.append(os.getcwd())
    return importlib.import_module(name)


def load_callable(target: str) -> Callable:
    module_name, _, attr = target.rpartition(":")
    if not module_name or not attr:
        raise UserError(
            f"python model must look like python:package.module:function, got {target!r}"
        )
    try:
        module = _import_here_too(module_name)
    except ImportError as exc:
        raise UserError(f"cannot import module {module_name!r} for python model: {exc}") from None
    func = getattr(module, attr, None)
    if not callable(func):
        raise UserError(f"{module_name!r} has no callable named {attr!r}")
    return func


class PythonModel:
    batch_size = 1
    cacheable = False

    def __init__(self, target: str, concurrency: int = 8):
        check_bounds(f"python:{target}", {"concurrency": (concurrency, 1, True)})
        self.func = load_callable(target)
        self.name = f"python:{target}"
        self.params: dict = {}
        self.concurrency = concurrency
        try:
            self._wants_request = len(inspect.signature(self.func).parameters) >= 2
        except (TypeError, ValueError):
            self._wants_request = False
        self._is_async = inspect.iscoroutinefunction(self.func)
        self._threads: ThreadPoolExecutor | None = None

    def prepare(self, instances) -> None:
        return None

    async def aclose(self) -> None:
        if self._threads is not None:
            self._threads.shutdown(wait=False)
            self._threads = None

    async def respond(self, requests: Sequence[Request]) -> list[Response]:
        return [await self._one(request) for request in requests]

    async def _one(self, request: Request) -> Response:
        args = (request.prompt.text, request) if self._wants_request else (request.prompt.text,)
        start = time.perf_counter()
        try:
            if self._is_async:
                result = await self.func(*args)
            else:
                if self._threads is None:
                    self._threads = ThreadPoolExecutor(max(1, self.concurrency),
                                                       thread_name_prefix="python-model")
                result = await asyncio.get_running_loop().run_in_executor(
                    self._threads, self.func, *args)
                if inspect.isawaitable(result):
                    result = await result
        except Exception as exc:  # the user's code failed on this item: record, go on
            return Response(text=None, error=f"{type(exc).__name__}: {exc}")
        if not isinstance(result, str):
            kind = type(result).__name__
            return Response(text=None, error=f"python model returned {kind}, not str")
        return Response(text=result, latency=time.perf_counter() - start)
