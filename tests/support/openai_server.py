"""A fake OpenAI-compatible HTTP server that answers from a scripted policy and injects faults.

The `openai:` backend has to survive what real endpoints do (rate limits, 5xx, stalls, dropped
connections, mangled bodies), and its tests must count exactly which prompts the server really
answered. This server is real HTTP on 127.0.0.1 (aiohttp, one background thread with its own
event loop), so the client under test exercises its actual transport code; the no-fault path
writes no access log and does little per-request work, so it can double as an instant-reply
server for overhead benchmarks. Requests still in flight at `stop()` are cancelled, unlogged.

"Answered" has one precise meaning, shared by `RequestRecord.answered` and
`FakeOpenAIServer.answered_prompts`: a completion request whose outcome is "ok", "slow" (a
slow reply is a normal reply, only late) or one of the answers a real model gives that hold
no usable text ("empty" content, "blank" whitespace, "reasoning_only" with content null and
only `reasoning_content`, "length" cut off by max_tokens) AND whose response was handed to a
still open connection (`delivered`). A hosted API bills those answers like any other. The
other 200 replies ("truncated", "invalid_json") are faults, not answers. A client that timed
out during a "slow" sleep or a `latency` wait has closed its connection, so that reply is
not delivered and not answered. "echo_key" is a 400 whose message repeats the request's
Authorization header, as careless proxies do. `in_flight` / `max_in_flight` count the
completion requests being handled at once.

Run as a script to serve from a separate process until killed:
``python tests/support/openai_server.py --port 0 [--faults 0.3] [--seed 0]`` prints
``READY <base_url>`` once listening.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import json
import signal
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from aiohttp import web

Policy = Callable[[str, dict], str]

FAULT_KINDS = ("429", "500", "503", "slow", "drop", "truncated", "invalid_json", "empty")
# Only by script or by naming them in `kinds`: answers without usable text, and a leaky 400.
EXTRA_KINDS = ("blank", "reasoning_only", "length", "echo_key")
EMPTY_ANSWERS = frozenset({"empty", "blank", "reasoning_only", "length"})
ANSWERED_OUTCOMES = frozenset({"ok", "slow", *EMPTY_ANSWERS})
CHAT_PATH = "/v1/chat/completions"
COMPLETIONS_PATH = "/v1/completions"
MODELS_PATH = "/v1/models"

_ERRORS = {
    429: ("Rate limit reached for requests.", "requests", "rate_limit_exceeded"),
    500: ("The server had an error while processing your request.", "server_error", None),
    503: ("The engine is currently overloaded, please try again later.", "server_error", None),
}


def default_policy(prompt: str, request: dict) -> str:
    return "Answer: 42"


def fixed(text: str) -> Policy:
    return lambda prompt, request: text


@dataclass
class FaultPlan:
    """Which fault, if any, each completion request suffers.

    With `script`, the n-th completion request gets `script[n]` (None = normal) and every
    request after the script is normal; `rate` is then ignored, so unit tests are exact.
    Otherwise each request is faulted with probability `rate`, the kind drawn uniformly from
    `kinds`, from an RNG seeded by `seed`. The sequence of draws is deterministic; which
    concurrent request receives which draw depends on arrival order. Unauthorized and
    malformed requests and GET /v1/models consume no draw.
    """

    rate: float = 0.3
    kinds: Sequence[str] = FAULT_KINDS
    retry_after: float = 0.05  # an int gives the integer header form ("Retry-After: 2")
    slow_seconds: float = 2.0
    seed: int = 0
    script: Sequence[str | None] | None = None
    _rng: np.random.Generator = field(init=False, repr=False, compare=False)
    _calls: int = field(init=False, repr=False, compare=False, default=0)
    _lock: threading.Lock = field(
        init=False, repr=False, compare=False, default_factory=threading.Lock
    )

    def __post_init__(self) -> None:
        named = {kind for kind in [*self.kinds, *(self.script or ())] if kind is not None}
        unknown = named - set(FAULT_KINDS) - set(EXTRA_KINDS)
        if unknown:
            known = (*FAULT_KINDS, *EXTRA_KINDS)
            raise ValueError(f"unknown fault kinds {sorted(unknown)}; known: {known}")
        if not 0.0 <= self.rate <= 1.0:
            raise ValueError(f"fault rate must be in [0, 1], got {self.rate}")
        if not self.kinds:
            raise ValueError("kinds must not be empty")
        self._rng = np.random.default_rng(self.seed)

    def draw(self) -> str | None:
        with self._lock:
            if self.script is not None:
                index, self._calls = self._calls, self._calls + 1
                return self.script[index] if index < len(self.script) else None
            if self._rng.random() < self.rate:
                return self.kinds[int(self._rng.integers(len(self.kinds)))]
            return None


@dataclass(slots=True)
class RequestRecord:
    """One request as the server saw it; `prompt` is None for GET /v1/models and bad bodies.

    `outcome` is "ok", a fault kind, "unauthorized", "bad_request" or "policy_error";
    `headers` has lower-cased names.
    """

    time: float
    endpoint: str
    headers: dict[str, str]
    prompt: str | None = None
    body: Any = None
    outcome: str = "ok"
    delivered: bool = False

    @property
    def answered(self) -> bool:
        return self.prompt is not None and self.outcome in ANSWERED_OUTCOMES and self.delivered


class FakeOpenAIServer:
    """`with FakeOpenAIServer(policy, faults) as server:` serves on `server.base_url`.

    `faults` is a FaultPlan, or a bare rate (seeded with `seed`), or None for no faults.
    `latency` seconds are waited before every completion reply (faulted or not), so tests can
    observe concurrency. With `api_key`, requests lacking `Authorization: Bearer <key>` get 401.
    With `strict_model`, a request for any model but `model` gets OpenAI's 404.
    """

    def __init__(
        self,
        policy: Policy | None = None,
        faults: FaultPlan | float | None = None,
        seed: int = 0,
        usage: bool = True,
        *,
        api_key: str | None = None,
        latency: float = 0.0,
        model: str = "fake-model",
        strict_model: bool = False,
        host: str = "127.0.0.1",
        port: int = 0,
    ) -> None:
        self.policy = policy or default_policy
        if isinstance(faults, int | float):
            faults = FaultPlan(rate=float(faults), seed=seed)
        self.faults = faults
        self.usage = usage
        self.api_key = api_key
        self.latency = latency
        self.model = model
        self.strict_model = strict_model
        self.in_flight = 0
        self.max_in_flight = 0
        self.host = host
        self.port = port
        self._log: list[RequestRecord] = []
        self._log_lock = threading.Lock()
        self._ids = itertools.count(1)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._runner: web.AppRunner | None = None

    @property
    def base_url(self) -> str:
        return f"http://{self.host}:{self.port}/v1"

    def start(self) -> FakeOpenAIServer:
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(
            target=self._loop.run_forever, name="fake-openai-server", daemon=True
        )
        self._thread.start()
        try:
            asyncio.run_coroutine_threadsafe(self._listen(), self._loop).result()
        except BaseException:
            self._halt_loop()
            raise
        return self

    def stop(self) -> None:
        if self._thread is None:
            return
        if self._runner is not None:
            asyncio.run_coroutine_threadsafe(self._runner.cleanup(), self._loop).result()
            self._runner = None
        self._halt_loop()

    def __enter__(self) -> FakeOpenAIServer:
        return self.start()

    def __exit__(self, *exc_info: object) -> None:
        self.stop()

    async def _listen(self) -> None:
        app = web.Application()
        app.router.add_post(CHAT_PATH, self._completion)
        app.router.add_post(COMPLETIONS_PATH, self._completion)
        app.router.add_get(MODELS_PATH, self._models)
        # In-flight "slow" replies must not hold up stop() for their full sleep.
        self._runner = web.AppRunner(app, access_log=None, shutdown_timeout=0.1)
        await self._runner.setup()
        await web.TCPSite(self._runner, self.host, self.port).start()
        self.port = self._runner.addresses[0][1]

    def _halt_loop(self) -> None:
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join()
        self._loop.close()
        self._thread = None

    @property
    def requests(self) -> list[RequestRecord]:
        with self._log_lock:
            return list(self._log)

    def answered_prompts(self) -> Counter[str]:
        """How many times each prompt was answered, in the module docstring's strict sense."""
        return Counter(record.prompt for record in self.requests if record.answered)

    def count(self, outcome: str | None = None, endpoint: str | None = None) -> int:
        return sum(
            1
            for record in self.requests
            if (outcome is None or record.outcome == outcome)
            and (endpoint is None or record.endpoint == endpoint)
        )

    async def _models(self, request: web.Request) -> web.StreamResponse:
        record = _new_record(request)
        if self._authorized(request):
            created = int(time.time())
            card = {"id": self.model, "object": "model", "created": created, "owned_by": "test"}
            response = web.json_response({"object": "list", "data": [card]})
        else:
            record.outcome, response = "unauthorized", _unauthorized()
        return await _finish(request, record, response, self._append)

    async def _completion(self, request: web.Request) -> web.StreamResponse:
        record = _new_record(request)
        self.in_flight += 1  # only ever changed on the server's own event loop
        self.max_in_flight = max(self.max_in_flight, self.in_flight)
        try:
            response = await self._completion_response(request, record)
            return await _finish(request, record, response, self._append)
        finally:
            self.in_flight -= 1

    async def _completion_response(
        self, request: web.Request, record: RequestRecord
    ) -> web.Response | None:
        """The reply to send, or None to drop the connection; fills in `record` on the way."""
        if not self._authorized(request):
            record.outcome = "unauthorized"
            return _unauthorized()
        try:
            record.body = await request.json()
            record.prompt = _read_prompt(record.endpoint, record.body)
        except (ValueError, TypeError, KeyError, IndexError, AttributeError) as exc:
            record.outcome = "bad_request"
            return _error(400, f"Invalid request: {exc}", "invalid_request_error", None)
        if self.strict_model and record.body.get("model") != self.model:
            record.outcome = "unknown_model"
            message = f"The model `{record.body.get('model')}` does not exist."
            return _error(404, message, "invalid_request_error", "model_not_found")
        fault = self.faults.draw() if self.faults is not None else None
        record.outcome = fault or "ok"
        if self.latency:
            await asyncio.sleep(self.latency)
        if fault in ("429", "500", "503"):
            return self._fault_error(int(fault))
        if fault == "drop":
            return None
        if fault == "echo_key":
            seen = request.headers.get("Authorization", "")
            return _error(400, f"Invalid header: Authorization: {seen}", "invalid_request_error",
                          None)
        if fault == "slow":
            await asyncio.sleep(self.faults.slow_seconds)
        try:
            text = "" if fault == "empty" else self.policy(record.prompt, record.body)
        except Exception as exc:  # a broken test policy must show up as a visible 500
            record.outcome = "policy_error"
            return _error(500, f"policy failed: {exc!r}", "server_error", None)
        payload = json.dumps(self._reply(record, text, fault)).encode()
        if fault == "truncated":
            return web.Response(body=payload[: len(payload) // 2], content_type="application/json")
        if fault == "invalid_json":
            return web.Response(text="<html>oops</html>", content_type="text/html")
        return web.Response(body=payload, content_type="application/json")

    def _authorized(self, request: web.Request) -> bool:
        return self.api_key is None or (
            request.headers.get("Authorization") == f"Bearer {self.api_key}"
        )

    def _fault_error(self, status: int) -> web.Response:
        message, kind, code = _ERRORS[status]
        headers = {"Retry-After": str(self.faults.retry_after)} if status == 429 else None
        return _error(status, message, kind, code, headers)

    def _reply(self, record: RequestRecord, text: str, fault: str | None = None) -> dict:
        number = next(self._ids)
        finish = "stop"
        content: str | None = text
        if fault == "blank":
            content = " \n\t "
        elif fault == "length":  # what a reasoning model leaves when max_tokens runs out
            content, finish = "Let me think step by step. First, the", "length"
        elif fault == "reasoning_only":
            content = None if record.endpoint == CHAT_PATH else ""
        if record.endpoint == CHAT_PATH:
            head = {"id": f"chatcmpl-{number}", "object": "chat.completion"}
            message = {"role": "assistant", "content": content}
            if fault == "reasoning_only":
                message["reasoning_content"] = f"I think it is {text} but I ran out of tokens"
            choice = {"index": 0, "message": message}
        else:
            head = {"id": f"cmpl-{number}", "object": "text_completion"}
            choice = {"index": 0, "text": content, "logprobs": None}
        choice["finish_reason"] = finish
        reply = {
            **head,
            "created": int(record.time),
            "model": record.body.get("model", self.model),
            "choices": [choice],
        }
        if self.usage:
            prompt_tokens, completion_tokens = len(record.prompt) // 4, len(content or "") // 4
            reply["usage"] = {
                "prompt_tokens": prompt_tokens,
                "completion_tokens": completion_tokens,
                "total_tokens": prompt_tokens + completion_tokens,
            }
        return reply

    def _append(self, record: RequestRecord) -> None:
        with self._log_lock:
            self._log.append(record)


def _new_record(request: web.Request) -> RequestRecord:
    headers = {name.lower(): value for name, value in request.headers.items()}
    return RequestRecord(time=time.time(), endpoint=request.path, headers=headers)


async def _finish(
    request: web.Request,
    record: RequestRecord,
    response: web.Response | None,
    append: Callable[[RequestRecord], None],
) -> web.StreamResponse:
    """Log `record`, then send `response` (None: close the connection without a reply).

    The record is logged before any byte leaves, so a client that has just seen a reply or a
    disconnect always finds its record. `delivered` is decided by the connection still being
    open: a disconnect is processed by this same event loop, which cannot run between the check
    and the first write, and a write that fails anyway is caught and recorded.
    """
    transport = request.transport
    record.delivered = response is not None and transport is not None and not transport.is_closing()
    append(record)
    if response is None:
        if transport is not None:
            transport.close()
        # aiohttp will try to send this on the closed transport and drop it silently.
        return web.Response()
    try:
        await response.prepare(request)
        await response.write_eof()
    except ConnectionError:
        record.delivered = False
    return response


def _read_prompt(endpoint: str, body: dict) -> str:
    """Chat: the last user message (system prompts play no part); completions: the prompt."""
    if body.get("stream"):
        raise ValueError("streaming is not supported by the fake server")
    if endpoint == CHAT_PATH:
        prompt = [m for m in body["messages"] if m.get("role") == "user"][-1]["content"]
        if isinstance(prompt, list):  # content parts: keep the text ones
            prompt = "".join(part["text"] for part in prompt if part.get("type") == "text")
    else:
        prompt = body["prompt"]
        if isinstance(prompt, list) and len(prompt) == 1:
            prompt = prompt[0]
    if not isinstance(prompt, str):
        raise TypeError(f"prompt must be a string, got {type(prompt).__name__}")
    return prompt


def _error(
    status: int,
    message: str,
    kind: str,
    code: str | None,
    headers: dict[str, str] | None = None,
) -> web.Response:
    error = {"message": message, "type": kind, "param": None, "code": code}
    return web.json_response({"error": error}, status=status, headers=headers)


def _unauthorized() -> web.Response:
    message = "Incorrect API key provided."
    return _error(401, message, "invalid_request_error", "invalid_api_key")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Serve the fake OpenAI API until killed.")
    parser.add_argument("--port", type=int, default=0, help="0 picks a free port")
    parser.add_argument("--faults", type=float, default=0.0, help="fault rate in [0, 1]")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--latency", type=float, default=0.0, help="seconds per reply")
    parser.add_argument("--api-key", default=None)
    args = parser.parse_args(argv)
    # SIGTERM unwinds through the `with` block, closing the listening socket cleanly.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    server = FakeOpenAIServer(
        faults=args.faults or None,
        seed=args.seed,
        api_key=args.api_key,
        latency=args.latency,
        port=args.port,
    )
    with server:
        print(f"READY {server.base_url}", flush=True)
        with contextlib.suppress(KeyboardInterrupt):
            threading.Event().wait()


if __name__ == "__main__":
    main()
