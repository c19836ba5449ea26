"""``openai:MODEL`` — any OpenAI-compatible server (vLLM, SGLang, Ollama, llama.cpp, TGI,
hosted APIs), over aiohttp.

The HTTP client matters here: at thousands of prompts the client's own CPU cost shows, and
aiohttp's is a fraction of httpx's (see benchmarks/overhead.py).

What is an answer and what is a fault: a 200 response with a well-formed completion is the
model's answer, whatever its text — empty, whitespace, only ``reasoning_content``, cut off
by ``max_tokens`` — and is never sent again. Transport and protocol failures (5xx, 408,
timeouts, dropped connections, truncated or invalid JSON) are retried with exponential
backoff and jitter up to ``max_retries`` times. A 429 slows the whole model down (see
``Pacer``) and is retried for as long as ``retry_budget`` seconds allow. A fault no retry
can fix on the first requests (connection refused, unknown host, rejected key, unknown
model) raises ``ServiceUnreachable`` and stops the run.

The API key is read from the environment variable named by ``api_key_env`` when a run
starts and never kept in ``params``; whatever the server says is passed through ``redact``
before it is returned, so the key cannot reach the store, logs or reports.
"""

from __future__ import annotations

import asyncio
import errno
import json
import os
import random
import time
from collections.abc import Sequence
from typing import Any

import orjson  # several times faster than json both ways, at thousands of requests a run

from graphgauge.errors import UserError
from graphgauge.models.base import Request, Response, ServiceUnreachable
from graphgauge.models.options import check_bounds
from graphgauge.models.ratelimit import Pacer, RateLimiter
from graphgauge.models.redact import redact

RETRY_STATUS = {408, 409, 425, 429, 500, 502, 503, 504}
# Before the first answer these mean no request can succeed: stop the run and say why.
FATAL_STATUS = {401: "the API key was rejected", 403: "the API key is not allowed",
                404: "not found (wrong base_url or model name?)"}
DEFAULT_BASE_URL = "https://api.openai.com/v1"
# Seconds to open a connection; a TCP handshake that takes longer is not coming.
CONNECT_TIMEOUT = 10.0

# Options that change the answers: they form ``params`` (cache key and manifest).
GENERATION_KEYS = ("base_url", "mode", "temperature", "max_tokens", "top_p", "stop",
                   "extra_body", "send_seed", "answer_format")
ANSWER_FORMATS = ("text", "json")


class RetryableError(Exception):
    """A failure worth another try; ``wait`` is the server's Retry-After, if it gave one,
    and ``throttled`` marks a 429 (paced and bounded by time, not by attempts)."""

    def __init__(self, message: str, wait: float | None = None, throttled: bool = False,
                 unreachable: str | None = None):
        super().__init__(message)
        self.wait = wait
        self.throttled = throttled
        self.unreachable = unreachable  # see FatalRequestError


class FatalRequestError(Exception):
    """A failure another try will not fix (bad request, wrong key, unknown model);
    ``unreachable`` is set for the kinds that doom every request, with their cause."""

    def __init__(self, message: str, unreachable: str | None = None):
        super().__init__(message)
        self.unreachable = unreachable


class OpenAIModel:
    batch_size = 1
    cacheable = True

    def __init__(
        self,
        model: str,
        *,
        base_url: str | None = None,
        mode: str = "chat",
        temperature: float = 0.0,
        max_tokens: int | None = None,
        top_p: float | None = None,
        stop: list[str] | str | None = None,
        extra_body: dict[str, Any] | None = None,
        send_seed: bool = True,
        answer_format: str = "text",
        api_key_env: str | None = None,
        concurrency: int = 16,
        timeout: float = 120.0,
        max_retries: int = 6,
        retry_budget: float = 900.0,
        backoff: float = 1.0,
        max_backoff: float = 60.0,
        rpm: float | None = None,
        tpm: float | None = None,
    ):
        if mode not in ("chat", "completions"):
            raise UserError(f"openai mode must be 'chat' or 'completions', got {mode!r}")
        if not model:
            raise UserError("openai: needs a model name, e.g. openai:gpt-4o-mini")
        if answer_format not in ANSWER_FORMATS:
            raise UserError(f"answer_format must be 'text' or 'json', got {answer_format!r}")
        base_url = (base_url or os.environ.get("OPENAI_BASE_URL") or DEFAULT_BASE_URL)
        if not base_url.startswith(("http://", "https://")):
            raise UserError(f"base_url must start with http:// or https://, got {base_url!r}")
        if api_key_env is not None and api_key_env not in os.environ:
            raise UserError(f"environment variable {api_key_env} (api_key_env) is not set")
        check_bounds(f"openai:{model}", {
            "concurrency": (concurrency, 1, True), "timeout": (timeout, 0, False),
            "max_retries": (max_retries, 0, True), "retry_budget": (retry_budget, 0, False),
            "backoff": (backoff, 0, True), "max_backoff": (max_backoff, 0, True),
            "rpm": (rpm, 0, False), "tpm": (tpm, 0, False)})
        self.model = model
        self.name = f"openai:{model}"
        self.api_key_env = api_key_env or "OPENAI_API_KEY"
        self.base_url = base_url.rstrip("/")
        options = dict(base_url=self.base_url, mode=mode, temperature=float(temperature),
                       max_tokens=max_tokens, top_p=top_p, stop=stop,
                       extra_body=extra_body or {}, send_seed=bool(send_seed),
                       answer_format=None if answer_format == "text" else answer_format)
        self.params = {k: options[k] for k in GENERATION_KEYS if options[k] not in (None, {})}
        self.concurrency = int(concurrency)
        self.timeout = float(timeout)
        # below the whole request's timeout, so a connect that never ends is told apart
        self._connect_timeout = min(CONNECT_TIMEOUT, self.timeout / 2)
        self.max_retries = int(max_retries)
        self.retry_budget = float(retry_budget)
        self.backoff, self.max_backoff = float(backoff), float(max_backoff)
        self.limiter = RateLimiter(rpm, tpm)
        self._session = None
        self._proxy: str | None = None
        self._pacer: Pacer | None = None
        self._secrets: tuple[str, ...] = ()
        self._answered = False  # any answer yet: after one, no fault is fatal to the run
        self._rng = random.Random()

    # --- the Model protocol -------------------------------------------------------------
    def prepare(self, instances) -> None:
        return None

    async def respond(self, requests: Sequence[Request]) -> list[Response]:
        if len(requests) == 1:  # the usual batch: no comprehension frame to resume through
            return [await self._complete(requests[0])]
        return [await self._complete(request) for request in requests]

    async def aclose(self) -> None:
        if self._session is not None:
            await self._session.close()
            self._session = None
            self._pacer = None

    # --- one request, with retries ------------------------------------------------------
    def _body(self, request: Request) -> dict[str, Any]:
        prompt = request.prompt
        body: dict[str, Any] = {"model": self.model, "temperature": self.params["temperature"]}
        if self.params["mode"] == "chat":
            messages = [{"role": "system", "content": prompt.system}] if prompt.system else []
            messages.append({"role": "user", "content": prompt.text})
            body["messages"] = messages
        else:
            system = f"{prompt.system}\n\n" if prompt.system else ""
            body["prompt"] = system + prompt.text
        for key in ("max_tokens", "top_p", "stop"):
            if key in self.params:
                body[key] = self.params[key]
        if self.params.get("send_seed"):
            body["seed"] = request.seed
        if self.params.get("answer_format") == "json":
            body["response_format"] = _structured_output(request)
        body.update(self.params.get("extra_body", {}))
        return body

    def _clean(self, text: str) -> str:
        return redact(text, self._secrets)

    def _start(self):
        """The session and pacer of one run. The connection pool has no limit of its own:
        the pacer (sized by the run's concurrency) bounds what is in flight, so a request
        never queues for a connection inside its timeout."""
        import aiohttp

        connector = aiohttp.TCPConnector(limit=0, ttl_dns_cache=300)
        # Proxy settings are resolved once here: aiohttp's trust_env would look them up
        # in a worker thread on every request, a large share of the cost per request.
        self._proxy = _proxy_for(self.base_url)
        self._timeout = aiohttp.ClientTimeout(total=self.timeout,
                                              sock_connect=self._connect_timeout)
        key = os.environ.get(self.api_key_env)
        self._secrets = (key,) if key else ()
        headers = {"Content-Type": "application/json"}
        if key:
            headers["Authorization"] = f"Bearer {key}"
        self._session = aiohttp.ClientSession(connector=connector, headers=headers)
        self._pacer = Pacer(self.concurrency)

    async def _complete(self, request: Request) -> Response:
        if self._session is None:
            self._start()
        body = self._body(request)
        endpoint = "chat/completions" if self.params["mode"] == "chat" else "completions"
        url = f"{self.base_url}/{endpoint}"
        estimate = len(request.prompt.text) // 4 + int(self.params.get("max_tokens") or 256)
        pacer = self._pacer
        start = time.perf_counter()
        faults = attempts = 0
        while True:
            if self.limiter.active:
                await self.limiter.acquire(estimate)
            await pacer.acquire()
            attempts += 1
            try:
                text, usage = await self._post(url, body)
            except RetryableError as exc:
                pacer.release()
                if exc.unreachable and not self._answered:
                    raise ServiceUnreachable(self._clean(f"{url}: {exc.unreachable}")) from None
                if exc.throttled:
                    pacer.throttled(exc.wait)
                else:
                    faults += 1
                spent = time.perf_counter() - start
                if faults > self.max_retries or spent >= self.retry_budget:
                    return Response(text=None, latency=spent, error=self._clean(
                        f"{exc} (gave up after {attempts} attempts in {spent:.0f} s)"))
                await asyncio.sleep(self._delay(faults, exc.wait))
                continue
            except FatalRequestError as exc:
                pacer.release()
                if exc.unreachable and not self._answered:
                    raise ServiceUnreachable(self._clean(f"{url}: {exc.unreachable}")) from None
                return Response(text=None, error=self._clean(str(exc)),
                                latency=time.perf_counter() - start)
            pacer.release()
            pacer.answered()
            self._answered = True
            return Response(text=self._clean(text), latency=time.perf_counter() - start,
                            tokens_in=usage.get("prompt_tokens"),
                            tokens_out=usage.get("completion_tokens"),
                            extra={"attempts": attempts})

    def _delay(self, faults: int, retry_after: float | None) -> float:
        """Exponential backoff with full jitter; never less than the server's Retry-After."""
        ceiling = min(self.max_backoff, self.backoff * 2 ** max(0, faults - 1))
        delay = self._rng.uniform(0.5 * ceiling, ceiling)
        return max(delay, retry_after) if retry_after is not None else delay

    async def _post(self, url: str, body: dict[str, Any]) -> tuple[str, dict]:
        import aiohttp

        try:
            async with self._session.post(
                url, data=orjson.dumps(body), proxy=self._proxy,
                timeout=self._timeout,
            ) as resp:
                raw = await resp.read()
                status = resp.status
                retry_after = _retry_after(resp.headers.get("Retry-After"))
        except aiohttp.ClientConnectorDNSError as exc:
            cause = f"unknown host ({exc.os_error})"
            raise RetryableError(f"connection: {cause}", unreachable=cause) from None
        except aiohttp.ClientConnectorError as exc:
            # Refused (nothing listens there) or no route (no network, a wrong address):
            # before any answer that dooms every request; after one it is most likely a
            # server restarting or a network blip, worth retrying.
            cause = _connect_failure(exc.os_error)
            raise RetryableError(f"connection: {cause or f'cannot connect ({exc.os_error})'}",
                                 unreachable=cause) from None
        except aiohttp.ConnectionTimeoutError:
            # Packets dropped on the way (a firewall, a dead address): like a refused
            # connection, it dooms every request while nothing has answered yet.
            cause = f"no connection within {self._connect_timeout:g} s"
            raise RetryableError(f"timeout: {cause}", unreachable=cause) from None
        except TimeoutError:
            raise RetryableError(f"timeout: no complete reply within {self.timeout:g} s"
                                 ) from None
        except aiohttp.ClientError as exc:
            raise RetryableError(f"connection: {type(exc).__name__}: {exc}".rstrip(": ")
                                 ) from None
        if status != 200:
            message = f"HTTP {status}: {_error_message(raw)}"
            if status == 429:
                raise RetryableError(message, retry_after, throttled=True)
            if status in RETRY_STATUS or status >= 500:
                raise RetryableError(message, retry_after)
            if status in (401, 403):
                message += (f" (check the API key in ${self.api_key_env})" if self._secrets
                            else f" (${self.api_key_env} is not set)")
            cause = FATAL_STATUS.get(status)
            raise FatalRequestError(message, f"{cause}: {message}" if cause else None)
        try:
            data = orjson.loads(raw)
            choice = data["choices"][0]
            if "message" in choice:
                # None when the model spent its tokens reasoning or refused: no answer text,
                # but an answer all the same.
                text = choice["message"].get("content") or ""
            else:
                text = choice["text"] or ""
        except (ValueError, KeyError, IndexError, TypeError, AttributeError):
            raise RetryableError(f"bad response: malformed body {raw[:80]!r}") from None
        if isinstance(text, list):  # content parts, as some servers send them
            text = "".join(part.get("text") or "" for part in text if isinstance(part, dict))
        if not isinstance(text, str):
            raise RetryableError(f"bad response: content is {type(text).__name__}, not text")
        usage = data.get("usage") or {}
        return text, usage if isinstance(usage, dict) else {}


def _connect_failure(error: OSError) -> str | None:
    """The cause of a failed connect that no retry will fix while the run is starting;
    None for the others (a reset, too many open files)."""
    if isinstance(error, ConnectionRefusedError):
        return "connection refused"
    if getattr(error, "errno", None) in (errno.ENETUNREACH, errno.EHOSTUNREACH):
        return f"no route to the server ({os.strerror(error.errno)})"
    return None


def _structured_output(request: Request) -> dict[str, Any]:
    """The ``response_format`` that holds the reply to the item's answer schema."""
    from graphgauge.registry import reply_schema
    from graphgauge.scoring.structured import response_format

    return response_format(reply_schema(request.instance, request.prompt))


def _proxy_for(url: str) -> str | None:
    """The HTTP(S)_PROXY that applies to ``url`` under NO_PROXY, as curl and requests do."""
    import urllib.request
    from urllib.parse import urlsplit

    parts = urlsplit(url)
    if parts.hostname and urllib.request.proxy_bypass(parts.hostname):
        return None
    return urllib.request.getproxies().get(parts.scheme)


def _retry_after(value: str | None) -> float | None:
    if not value:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        from email.utils import parsedate_to_datetime

        try:
            return max(0.0, parsedate_to_datetime(value).timestamp() - time.time())
        except (TypeError, ValueError):
            return None


def _error_message(raw: bytes) -> str:
    try:
        data = json.loads(raw)
        message = data.get("error", {}).get("message") if isinstance(data, dict) else None
        if message:
            return str(message)[:200]
    except (ValueError, AttributeError):
        pass
    return raw[:120].decode("utf-8", "replace").strip() or "no body"
