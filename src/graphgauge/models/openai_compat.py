"""``openai:MODEL`` — any OpenAI-compatible server (vLLM, SGLang, Ollama, llama.cpp, TGI,
hosted APIs), over aiohttp.

The HTTP client matters here: at thousands of prompts the client's own CPU cost shows, and
aiohttp's is a fraction of httpx's (see benchmarks/overhead.py). Every fault a real server
throws (429 with Retry-After, 5xx, timeouts, dropped connections, truncated or invalid JSON,
empty content) is retried with exponential backoff and jitter up to ``max_retries`` times;
after that the item is returned as an error and the run goes on. The API key is read from
the environment variable named by ``api_key_env`` at request time and never kept in
``params``, the store, logs or reports.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import time
from collections.abc import Sequence
from typing import Any

from graphgauge.errors import UserError
from graphgauge.models.base import Request, Response
from graphgauge.models.ratelimit import RateLimiter

RETRY_STATUS = {408, 409, 425, 429, 500, 502, 503, 504}
DEFAULT_BASE_URL = "https://api.openai.com/v1"

# Options that change the answers: they form ``params`` (cache key and manifest).
GENERATION_KEYS = ("base_url", "mode", "temperature", "max_tokens", "top_p", "stop",
                   "extra_body", "send_seed")


class RetryableError(Exception):
    """A failure worth another try; ``wait`` is the server's Retry-After, if it gave one."""

    def __init__(self, message: str, wait: float | None = None):
        super().__init__(message)
        self.wait = wait


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
        api_key_env: str | None = None,
        concurrency: int = 16,
        timeout: float = 120.0,
        max_retries: int = 6,
        backoff: float = 1.0,
        max_backoff: float = 60.0,
        rpm: float | None = None,
        tpm: float | None = None,
    ):
        if mode not in ("chat", "completions"):
            raise UserError(f"openai mode must be 'chat' or 'completions', got {mode!r}")
        if not model:
            raise UserError("openai: needs a model name, e.g. openai:gpt-4o-mini")
        base_url = (base_url or os.environ.get("OPENAI_BASE_URL") or DEFAULT_BASE_URL)
        if not base_url.startswith(("http://", "https://")):
            raise UserError(f"base_url must start with http:// or https://, got {base_url!r}")
        if api_key_env is not None and api_key_env not in os.environ:
            raise UserError(f"environment variable {api_key_env} (api_key_env) is not set")
        self.model = model
        self.name = f"openai:{model}"
        self.api_key_env = api_key_env or "OPENAI_API_KEY"
        self.base_url = base_url.rstrip("/")
        options = dict(base_url=self.base_url, mode=mode, temperature=float(temperature),
                       max_tokens=max_tokens, top_p=top_p, stop=stop,
                       extra_body=extra_body or {}, send_seed=bool(send_seed))
        self.params = {k: options[k] for k in GENERATION_KEYS if options[k] not in (None, {})}
        self.concurrency = int(concurrency)
        self.timeout = float(timeout)
        self.max_retries = int(max_retries)
        self.backoff, self.max_backoff = float(backoff), float(max_backoff)
        self.limiter = RateLimiter(rpm, tpm)
        self._session = None
        self._proxy: str | None = None
        self._rng = random.Random()

    # --- the Model protocol -------------------------------------------------------------
    def prepare(self, instances) -> None:
        return None

    async def respond(self, requests: Sequence[Request]) -> list[Response]:
        return [await self._complete(request) for request in requests]

    async def aclose(self) -> None:
        if self._session is not None:
            await self._session.close()
            self._session = None

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
        body.update(self.params.get("extra_body", {}))
        return body

    def _headers(self) -> dict[str, str]:
        key = os.environ.get(self.api_key_env)
        return {"Authorization": f"Bearer {key}"} if key else {}

    async def _session_get(self):
        if self._session is None:
            import aiohttp

            connector = aiohttp.TCPConnector(limit=max(self.concurrency, 1), ttl_dns_cache=300)
            # Proxy settings are resolved once here: aiohttp's trust_env would look them up
            # in a worker thread on every request, a large share of the cost per request.
            self._proxy = _proxy_for(self.base_url)
            self._timeout = aiohttp.ClientTimeout(total=self.timeout)
            self._session = aiohttp.ClientSession(connector=connector)
        return self._session

    async def _complete(self, request: Request) -> Response:
        body = self._body(request)
        endpoint = "chat/completions" if self.params["mode"] == "chat" else "completions"
        url = f"{self.base_url}/{endpoint}"
        estimate = len(request.prompt.text) // 4 + int(self.params.get("max_tokens") or 256)
        start = time.perf_counter()
        last = "no attempt"
        for attempt in range(self.max_retries + 1):
            if self.limiter.active:
                await self.limiter.acquire(estimate)
            try:
                text, usage = await self._post(url, body)
                return Response(text=text, latency=time.perf_counter() - start,
                                tokens_in=usage.get("prompt_tokens"),
                                tokens_out=usage.get("completion_tokens"),
                                extra={"attempts": attempt + 1})
            except RetryableError as exc:
                last = str(exc)
                if attempt == self.max_retries:
                    break
                await asyncio.sleep(self._delay(attempt, exc.wait))
            except FatalRequestError as exc:
                return Response(text=None, error=str(exc), latency=time.perf_counter() - start)
        return Response(text=None, error=f"gave up after {self.max_retries + 1} attempts: {last}",
                        latency=time.perf_counter() - start)

    def _delay(self, attempt: int, retry_after: float | None) -> float:
        """Exponential backoff with full jitter; never less than the server's Retry-After."""
        ceiling = min(self.max_backoff, self.backoff * 2**attempt)
        delay = self._rng.uniform(0.5 * ceiling, ceiling)
        return max(delay, retry_after) if retry_after is not None else delay

    async def _post(self, url: str, body: dict[str, Any]) -> tuple[str, dict]:
        import aiohttp

        session = await self._session_get()
        try:
            async with session.post(
                url, json=body, headers=self._headers(), proxy=self._proxy,
                timeout=self._timeout,
            ) as resp:
                raw = await resp.read()
                status = resp.status
                retry_after = _retry_after(resp.headers.get("Retry-After"))
        except (TimeoutError, aiohttp.ClientError) as exc:
            raise RetryableError(f"{type(exc).__name__}: {exc}".rstrip(": ")) from None
        if status != 200:
            message = f"HTTP {status}: {_error_message(raw)}"
            if status in RETRY_STATUS or status >= 500:
                raise RetryableError(message, retry_after)
            if status in (401, 403):
                message += f" (check the API key in ${self.api_key_env})"
            raise FatalRequestError(message)
        try:
            data = json.loads(raw)
            choice = data["choices"][0]
            text = choice["message"]["content"] if "message" in choice else choice["text"]
        except (ValueError, KeyError, IndexError, TypeError):
            raise RetryableError(f"malformed response body: {raw[:80]!r}") from None
        if not text:
            raise RetryableError("empty content in response")
        usage = data.get("usage") or {}
        return text, usage if isinstance(usage, dict) else {}


class FatalRequestError(Exception):
    """A failure another try will not fix (bad request, wrong key, unknown model)."""


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
