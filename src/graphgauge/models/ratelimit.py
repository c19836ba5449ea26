"""Requests-per-minute and tokens-per-minute limits for paid APIs.

Two token buckets refilled continuously. A caller awaits ``acquire(tokens)`` before each
request; the wait is the time until both buckets hold enough. Buckets start full, so a
short run is not slowed down at all.
"""

from __future__ import annotations

import asyncio
import time


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
