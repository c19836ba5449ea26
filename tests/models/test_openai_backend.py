"""The openai: backend against a real local HTTP server that injects faults."""

import asyncio
import errno
import os
import random
import signal
import subprocess
import time

import pytest

from graphgauge.errors import UserError
from graphgauge.instance import write_jsonl
from graphgauge.models import load_model
from graphgauge.models.base import Request, ServiceUnreachable
from graphgauge.models.ratelimit import RateLimiter
from graphgauge.registry import generate, render
from graphgauge.runner import run_benchmark
from graphgauge.store import Store
from tests.support.openai_server import FakeOpenAIServer, FaultPlan
from tests.support.reference_policy import reference_policy

os.environ["NO_PROXY"] = "127.0.0.1,localhost"
os.environ["no_proxy"] = "127.0.0.1,localhost"

FAST = {"backoff": 0.01, "max_backoff": 0.05}


@pytest.fixture(scope="module")
def bench():
    return generate("algorithmic", count=2, seed=21)


def _run(instances, store_path, **params):
    with Store(store_path) as store:
        model = load_model("openai:fake-model", **params)
        result = run_benchmark(instances, model, store, progress=False)
        rows = list(store.items([result.run_id]))
    return result, rows


def test_chat_request_fields_and_scoring(bench, tmp_path, monkeypatch):
    monkeypatch.setenv("GG_KEY", "k-123")
    with FakeOpenAIServer(reference_policy(bench), api_key="k-123") as server:
        result, rows = _run(bench, tmp_path / "r.db", base_url=server.base_url,
                            api_key_env="GG_KEY", temperature=0.3, max_tokens=64,
                            stop=["\n\n"], extra_body={"top_k": 5})
        body = server.requests[0].body
    assert result.answered == len(bench) and result.errors == 0
    assert all(r["accuracy"] == 1.0 for r in rows)
    assert all(r["tokens_in"] > 0 and r["tokens_out"] > 0 for r in rows)
    assert body["model"] == "fake-model" and body["temperature"] == 0.3
    assert body["max_tokens"] == 64 and body["stop"] == ["\n\n"] and body["top_k"] == 5
    assert body["seed"] == 0 and body["messages"][-1]["role"] == "user"


def test_completions_mode(bench, tmp_path):
    with FakeOpenAIServer(reference_policy(bench)) as server:
        result, rows = _run(bench[:5], tmp_path / "r.db", base_url=server.base_url,
                            mode="completions")
        assert all(r.endpoint.endswith("/completions") and "chat" not in r.endpoint
                   for r in server.requests)
    assert all(r["accuracy"] == 1.0 for r in rows)


def _one(model, inst):
    async def go():
        try:
            return (await model.respond([Request(render(inst), inst)]))[0]
        finally:
            await model.aclose()

    return asyncio.run(go())


@pytest.mark.parametrize("fault", ["429", "500", "503", "truncated", "invalid_json", "drop",
                                   "slow"])
def test_each_fault_is_retried_until_an_answer(bench, fault):
    plan = FaultPlan(script=[fault, fault], retry_after=0.2, slow_seconds=1.5)
    with FakeOpenAIServer(reference_policy(bench), faults=plan) as server:
        model = load_model("openai:fake-model", base_url=server.base_url, timeout=0.5, **FAST)
        start = time.perf_counter()
        response = _one(model, bench[0])
        elapsed = time.perf_counter() - start
        if fault == "slow":
            time.sleep(1.2)  # slow replies are logged when their sleep ends
        outcomes = sorted(r.outcome for r in server.requests)
    assert response.error is None and response.text.startswith("Let me think")
    assert response.extra["attempts"] == 3 and outcomes == sorted([fault, fault, "ok"])
    if fault == "429":
        assert elapsed >= 0.4  # Retry-After of 0.2 s honoured twice


def test_retry_budget_then_error(bench):
    with FakeOpenAIServer(faults=FaultPlan(script=["500"] * 10)) as server:
        model = load_model("openai:fake-model", base_url=server.base_url, max_retries=3, **FAST)
        response = _one(model, bench[0])
        assert server.count() == 4
    assert response.text is None and "gave up after 4 attempts" in response.error
    assert "HTTP 500" in response.error


def test_wrong_key_fails_fast_without_retries(bench, monkeypatch):
    monkeypatch.setenv("GG_KEY", "wrong")
    with FakeOpenAIServer(api_key="right") as server:
        model = load_model("openai:fake-model", base_url=server.base_url, api_key_env="GG_KEY",
                           **FAST)
        with pytest.raises(ServiceUnreachable) as failed:
            _one(model, bench[0])
        assert server.count() == 1
    assert "rejected" in str(failed.value) and "HTTP 401" in str(failed.value)
    assert "$GG_KEY" in str(failed.value) and server.base_url in str(failed.value)


def test_a_missing_key_is_named_when_the_server_wants_one(bench, monkeypatch):
    monkeypatch.delenv("GG_UNSET_KEY", raising=False)
    with FakeOpenAIServer(api_key="right") as server:
        model = load_model("openai:fake-model", base_url=server.base_url, **FAST)
        model.api_key_env = "GG_UNSET_KEY"  # as if -p api_key_env named an unset variable
        with pytest.raises(ServiceUnreachable, match=r"HTTP 401: .*\(\$GG_UNSET_KEY is not "
                           r"set\)"):
            _one(model, bench[0])


def test_unreachable_server_stops_the_run_naming_the_url(bench):
    model = load_model("openai:fake-model", base_url="http://127.0.0.1:9/v1", **FAST)
    with pytest.raises(ServiceUnreachable, match=r"http://127\.0\.0\.1:9/v1/chat/completions: "
                       "connection refused"):
        _one(model, bench[0])


@pytest.mark.parametrize(("code", "doomed"), [(errno.EHOSTUNREACH, True),
                                           (errno.ENETUNREACH, True),
                                           (errno.ECONNRESET, False)])
def test_no_route_to_the_server_stops_the_run_and_a_reset_is_retried(bench, monkeypatch,
                                                                      code, doomed):
    """No network (or an address nothing routes to) fails every request: stop at once,
    as for a refused connection, instead of retrying each item for minutes in silence."""
    import aiohappyeyeballs

    attempts = []

    async def no_connection(*args, **kwargs):
        attempts.append(1)
        raise OSError(code, os.strerror(code))

    monkeypatch.setattr(aiohappyeyeballs, "start_connection", no_connection)
    model = load_model("openai:fake-model", base_url="http://10.9.8.7:8000/v1",
                       **{**FAST, "max_retries": 2})
    if doomed:
        with pytest.raises(ServiceUnreachable, match=r"http://10\.9\.8\.7:8000/v1/chat/"
                           r"completions: no route to the server"):
            _one(model, bench[0])
        assert len(attempts) == 1
    else:
        response = _one(model, bench[0])
        assert response.text is None and "cannot connect" in response.error
        assert len(attempts) == 3


def test_a_connection_that_never_opens_stops_the_run(bench, monkeypatch):
    """A firewall that drops packets: the handshake never ends. Before any answer that
    is as final as a refused connection, so the run stops after one connect timeout."""
    import aiohappyeyeballs

    async def never(*args, **kwargs):
        await asyncio.sleep(3600)

    monkeypatch.setattr(aiohappyeyeballs, "start_connection", never)
    model = load_model("openai:fake-model", base_url="http://10.9.8.7:8000/v1", timeout=0.6,
                       **FAST)
    start = time.monotonic()
    with pytest.raises(ServiceUnreachable, match=r"http://10\.9\.8\.7:8000/v1/chat/"
                       r"completions: no connection within 0\.3 s"):
        _one(model, bench[0])
    assert time.monotonic() - start < 2


def test_bad_options_are_user_errors():
    with pytest.raises(UserError, match="mode"):
        load_model("openai:m", mode="stream")
    with pytest.raises(UserError, match="model name"):
        load_model("openai:")


def test_rate_limiter_waits_when_the_bucket_is_empty():
    async def go():
        limiter = RateLimiter(rpm=600)  # 10 per second, bucket of 600
        for _ in range(600):
            await limiter.acquire()
        start = time.perf_counter()
        await limiter.acquire()
        return time.perf_counter() - start

    assert 0.07 <= asyncio.run(go()) <= 1.0


def test_concurrency_limit_is_respected(bench):
    with FakeOpenAIServer(reference_policy(bench), latency=0.2) as server:
        start = time.perf_counter()
        result, _ = _run_in_memory(bench[:8], server, concurrency=2)
        elapsed = time.perf_counter() - start
    assert result.answered == 8 and elapsed >= 0.8  # 8 requests, 2 at a time, 0.2 s each


def _run_in_memory(instances, server, **params):
    with Store(":memory:") as store:
        model = load_model("openai:fake-model", base_url=server.base_url, **params)
        result = run_benchmark(instances, model, store, progress=False)
        return result, list(store.items([result.run_id]))


@pytest.mark.slow
def test_fault_storm_2000_prompts(tmp_path):
    instances = generate("algorithmic", count=41, seed=5)[:2000]
    prompts = {render(i).text for i in instances}
    plan = FaultPlan(rate=0.3, retry_after=0.01, slow_seconds=1.0, seed=3)
    with FakeOpenAIServer(reference_policy(instances, wrong_every=7), faults=plan) as server:
        result, rows = _run(instances, tmp_path / "r.db", base_url=server.base_url,
                            timeout=0.4, concurrency=32, max_retries=6, **FAST)
        answered_by_server = server.answered_prompts()
        faulted = sum(1 for r in server.requests if r.outcome != "ok")
    assert faulted > 400  # the storm really happened
    assert len(rows) == len(instances)
    assert all((r["error"] is None) != (r["accuracy"] is None) for r in rows)
    answered = [r for r in rows if r["error"] is None]
    assert len(answered) == result.answered == len(set(answered_by_server) & prompts)
    wrong = sum(1 for i in range(len(instances)) if i % 7 == 0)
    empty = sum(1 for r in server.requests if r.outcome == "empty" and r.answered)
    assert sum(r["response"] == "" for r in answered) == empty  # answers, never re-sent
    assert sum(r["accuracy"] == 0.0 for r in answered) <= wrong + empty + 5


@pytest.mark.slow
def test_sigkill_at_random_moments_then_resume(tmp_path):
    instances = generate("algorithmic", count=20, seed=8)
    bench_path = tmp_path / "bench.jsonl"
    write_jsonl(instances, bench_path)
    store = tmp_path / "killed.db"
    env = {**os.environ, "NO_PROXY": "127.0.0.1,localhost", "no_proxy": "127.0.0.1,localhost"}
    rng = random.Random(4)
    with FakeOpenAIServer(reference_policy(instances, wrong_every=3), latency=0.01) as server:
        argv = ["graphgauge", "run", str(bench_path), "-m", "openai:fake-model", "-q",
                "-s", str(store), "-p", f"base_url={server.base_url}", "-p", "concurrency=4"]
        kills = 0
        for _ in range(3):
            proc = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL,
                                    stderr=subprocess.DEVNULL)
            time.sleep(rng.uniform(0.8, 2.0))
            if proc.poll() is None:
                proc.send_signal(signal.SIGKILL)
                kills += 1
            proc.wait()
        finished = subprocess.run(argv, env=env, capture_output=True, text=True, timeout=300)
        assert finished.returncode == 0, finished.stderr
        log = server.requests
        clean, clean_rows = _run_in_memory(instances, server, concurrency=4)
    assert kills >= 1
    with Store(store) as db:
        rows = list(db.items())
    assert len(rows) == len(instances) and all(r["error"] is None for r in rows)
    scores = {r["instance_id"]: r["accuracy"] for r in rows}
    assert scores == {r["instance_id"]: r["accuracy"] for r in clean_rows}
    stored_at = {r["prompt"]: r["created"] for r in rows}
    late = [rec for rec in log if rec.prompt in stored_at and rec.time > stored_at[rec.prompt]]
    assert late == [], "a stored response was requested again"


def test_api_key_never_stored_or_printed(bench, tmp_path, monkeypatch):
    secret = "sk-graphgauge-test-5e3f9a"
    monkeypatch.setenv("GG_SECRET", secret)
    monkeypatch.chdir(tmp_path)
    bench_path = tmp_path / "b.jsonl"
    write_jsonl(bench[:6], bench_path)
    with FakeOpenAIServer(reference_policy(bench), api_key=secret) as server:
        env = {**os.environ, "NO_PROXY": "127.0.0.1,localhost"}
        outputs = []
        for argv in (
            ["run", str(bench_path), "-m", "openai:fake-model", "-q", "-p",
             f"base_url={server.base_url}", "-p", "api_key_env=GG_SECRET"],
            ["report", "--csv", "r.csv"], ["runs"], ["show", "openai"],
        ):
            proc = subprocess.run(["graphgauge", *argv], env=env, capture_output=True,
                                  text=True, timeout=120)
            assert proc.returncode == 0, proc.stderr
            outputs.append(proc.stdout + proc.stderr)
        assert all(r.headers.get("authorization") == f"Bearer {secret}" for r in server.requests)
    assert "6 answered" in outputs[0]
    assert not any(secret in text for text in outputs)
    for path in tmp_path.iterdir():
        assert secret.encode() not in path.read_bytes(), path.name
