"""Pacing requests to a paid or busy API.

``RateLimiter``: requests-per-minute and tokens-per-minute limits the user states, as two
token buckets refilled continuously. A caller awaits ``acquire(tokens)`` before each
request; the wait is the time until both buckets hold enough. Buckets start full, so a
short run is not slowed down at all. ``Pacer``: the limit the server states, by answering
429, learned while the run goes.
"""

from __future__ import annotations

import asyncio
import time
from collections import deque


class _Bucket:
    def __init__(self, per_minute: float):
        self.capacity = float(per_minute)
        self.level = float(per_minute)
        self.rate = per_minute / 60.0
        self.stamp = time.monotonic()

    def refill(self, now: float) -> None:
        self.level = min(self.capacity, self.level + (now - self.stamp) * self.rate)
        self.stamp = now

    def wait_for(self, amount: float) -> float:
        amount = min(amount, self.capacity)  # a single huge request must still go through
        return 0.0 if self.level >= amount else (amount - self.level) / self.rate


class RateLimiter:
    def __init__(self, rpm: float | None = None, tpm: float | None = None):
        self.requests = _Bucket(rpm) if rpm else None
        self.tokens = _Bucket(tpm) if tpm else None
        self._lock = asyncio.Lock()

    @property
    def active(self) -> bool:
        return self.requests is not None or self.tokens is not None

    async def acquire(self, tokens: int = 0) -> None:
        if not self.active:
            return
        async with self._lock:  # first come, first served
            while True:
                now = time.monotonic()
                waits = []
                for bucket, amount in ((self.requests, 1), (self.tokens, tokens)):
                    if bucket is not None:
                        bucket.refill(now)
                        waits.append(bucket.wait_for(amount))
                wait = max(waits)
                if wait <= 0:
                    break
                await asyncio.sleep(wait)
            if self.requests is not None:
                self.requests.level -= 1
            if self.tokens is not None:
                self.tokens.level -= min(tokens, self.tokens.capacity)


class Pacer:
    """How fast a whole run may go against a server that pushes back (HTTP 429).

    Every request of a model takes a slot before it is sent. The number of slots is a
    window that halves on a 429 and grows back by one per window of answers (AIMD, as TCP
    does), and a 429's Retry-After pauses every request, not just the one that got it. So
    under a rate limit the run slows to what the server allows instead of each request
    backing off alone and giving up. Until the first 429 the window is the full
    concurrency and taking a slot costs a comparison.
    """

    def __init__(self, limit: int):
        self.limit = max(1, int(limit))
        self.window = float(self.limit)
        self.in_flight = 0
        self.resume_at = 0.0
        self._waiters: deque[asyncio.Future] = deque()
        self._timer: asyncio.TimerHandle | None = None

    async def acquire(self) -> None:
        if not self._waiters and self.in_flight < self.window and (
            not self.resume_at or time.monotonic() >= self.resume_at
        ):
            self.in_flight += 1
            return
        waiter = asyncio.get_running_loop().create_future()
        self._waiters.append(waiter)
        self._wake()
        try:
            await waiter
        except asyncio.CancelledError:
            if waiter.done() and not waiter.cancelled():
                self.release()  # granted just as it was cancelled: hand the slot on
            raise

    def release(self) -> None:
        self.in_flight -= 1
        if self._waiters:
            self._wake()

    def answered(self) -> None:
        if self.window < self.limit:
            self.window = min(float(self.limit), self.window + 1.0 / self.window)

    def throttled(self, retry_after: float | None) -> None:
        self.window = max(1.0, self.window / 2)
        if retry_after:
            self.resume_at = max(self.resume_at, time.monotonic() + retry_after)

    def _wake(self) -> None:
        while self._waiters and self.in_flight < self.window:
            delay = self.resume_at - time.monotonic() if self.resume_at else 0.0
            if delay > 0:
                if self._timer is None:
                    loop = asyncio.get_running_loop()
                    self._timer = loop.call_later(delay, self._timer_fired)
                return
            waiter = self._waiters.popleft()
            if not waiter.done():
                self.in_flight += 1
                waiter.set_result(None)

    def _timer_fired(self) -> None:
        self._timer = None
        self._wake()
