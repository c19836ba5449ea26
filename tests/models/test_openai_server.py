"""The fake OpenAI server must behave exactly as the `openai:` backend's tests assume.

Each fault is checked from the client's side of a real socket (status, headers, what a JSON
parser makes of the body, connection errors), and the server's log is checked against what the
client saw, since backend tests will compare the two.
"""

import asyncio
import concurrent.futures
import contextlib
import json
import os
import subprocess
import sys
import threading
import time
from collections import Counter

import aiohttp
import httpx
import pytest

from tests.support.openai_server import (
    FAULT_KINDS,
    FakeOpenAIServer,
    FaultPlan,
    default_policy,
    fixed,
)
from tests.support.paths import SUPPORT

os.environ["NO_PROXY"] = "127.0.0.1,localhost"

SCRIPT = SUPPORT / "openai_server.py"


def echo(prompt: str, request: dict) -> str:
    return f"echo[{request.get('model')}]: {prompt}"


def chat_body(prompt: str, model: str = "m") -> dict:
    messages = [{"role": "system", "content": "be brief"}, {"role": "user", "content": prompt}]
    return {"model": model, "messages": messages}


def post_chat(server: FakeOpenAIServer, prompt: str, timeout: float = 5.0, **kwargs):
    with httpx.Client(base_url=server.base_url, timeout=timeout) as client:
        return client.post("/chat/completions", json=chat_body(prompt), **kwargs)


def scripted(*outcomes: str | None, **options) -> FakeOpenAIServer:
    return FakeOpenAIServer(faults=FaultPlan(script=list(outcomes), **options))


def wait_for_log(server: FakeOpenAIServer, size: int, deadline: float = 5.0) -> list:
    """A client that timed out must wait for the server to finish before reading the log."""
    stop = time.monotonic() + deadline
    while len(server.requests) < size and time.monotonic() < stop:
        time.sleep(0.01)
    return server.requests


def expected_usage(prompt: str, answer: str) -> dict:
    prompt_tokens, completion_tokens = len(prompt) // 4, len(answer) // 4
    total = prompt_tokens + completion_tokens
    return {"prompt_tokens": prompt_tokens, "completion_tokens": completion_tokens,
            "total_tokens": total}


# ----- the normal path -------------------------------------------------------------------------


def test_chat_answers_last_user_message_with_policy_text_and_usage():
    prompt = "What is the shortest path between node 3 and node 9?"
    messages = [
        {"role": "system", "content": "system text is not the prompt"},
        {"role": "user", "content": "an earlier turn"},
        {"role": "assistant", "content": "ok"},
        {"role": "user", "content": prompt},
    ]
    with FakeOpenAIServer(policy=echo) as server:
        assert server.base_url == f"http://127.0.0.1:{server.port}/v1" and server.port > 0
        with httpx.Client(base_url=server.base_url) as client:
            reply = client.post("/chat/completions", json={"model": "gpt-x", "messages": messages})
    assert reply.status_code == 200
    data = reply.json()
    answer = f"echo[gpt-x]: {prompt}"
    assert data["object"] == "chat.completion" and data["model"] == "gpt-x"
    assert data["id"].startswith("chatcmpl-") and isinstance(data["created"], int)
    assert data["choices"] == [
        {"index": 0, "message": {"role": "assistant", "content": answer}, "finish_reason": "stop"}
    ]
    assert data["usage"] == expected_usage(prompt, answer)


def test_completions_answers_prompt_with_policy_text_and_usage():
    with FakeOpenAIServer(policy=echo) as server, httpx.Client(base_url=server.base_url) as client:
        reply = client.post("/completions", json={"model": "base", "prompt": "Is it a tree?"})
        single = client.post("/completions", json={"model": "base", "prompt": ["in a list"]})
    data = reply.json()
    assert data["object"] == "text_completion" and data["id"].startswith("cmpl-")
    assert data["choices"][0]["text"] == "echo[base]: Is it a tree?"
    assert data["choices"][0]["finish_reason"] == "stop"
    assert data["usage"] == expected_usage("Is it a tree?", "echo[base]: Is it a tree?")
    assert single.json()["choices"][0]["text"] == "echo[base]: in a list"


def test_default_and_fixed_policies_content_parts_and_no_usage():
    parts = [{"type": "text", "text": "part one, "}, {"type": "text", "text": "part two"}]
    body = {"model": "m", "messages": [{"role": "user", "content": parts}]}
    with FakeOpenAIServer(usage=False) as server, httpx.Client(base_url=server.base_url) as c:
        data = c.post("/chat/completions", json=body).json()
    assert data["choices"][0]["message"]["content"] == "Answer: 42"
    assert "usage" not in data
    assert server.requests[0].prompt == "part one, part two"
    assert default_policy("anything", {}) == "Answer: 42"
    with FakeOpenAIServer(policy=fixed("Answer: [1, 2]")) as server:
        assert post_chat(server, "q").json()["choices"][0]["message"]["content"] == "Answer: [1, 2]"


def test_models_endpoint_lists_the_model():
    with FakeOpenAIServer(model="served") as server:
        data = httpx.get(f"{server.base_url}/models").json()
    assert data["object"] == "list" and [m["id"] for m in data["data"]] == ["served"]


def test_malformed_requests_get_400_and_consume_no_fault():
    bad_bodies = [
        {"model": "m", "messages": [{"role": "system", "content": "no user message"}]},
        {"model": "m", "messages": [{"role": "user", "content": 7}]},
        {"model": "m", "messages": [{"role": "user", "content": "x"}], "stream": True},
        ["not", "an", "object"],
    ]
    with scripted("500") as server, httpx.Client(base_url=server.base_url) as client:
        replies = [client.post("/chat/completions", json=body) for body in bad_bodies]
        replies.append(client.post("/chat/completions", content=b"{not json"))
        replies.append(client.post("/completions", json={"model": "m"}))
        assert {reply.status_code for reply in replies} == {400}
        assert all(reply.json()["error"]["type"] == "invalid_request_error" for reply in replies)
        assert client.post("/chat/completions", json=chat_body("q")).status_code == 500
    assert server.count("bad_request") == len(replies)


def test_broken_policy_is_a_visible_500():
    def broken(prompt: str, request: dict) -> str:
        raise KeyError(prompt)

    with FakeOpenAIServer(policy=broken) as server:
        reply = post_chat(server, "unknown prompt")
    assert reply.status_code == 500 and "unknown prompt" in reply.json()["error"]["message"]
    assert server.count("policy_error") == 1 and not server.answered_prompts()


# ----- each fault kind, as the client sees it ---------------------------------------------------


@pytest.mark.parametrize(("retry_after", "header"), [(0.05, "0.05"), (2, "2")])
def test_429_carries_retry_after_and_openai_error(retry_after, header):
    with scripted("429", retry_after=retry_after) as server:
        reply = post_chat(server, "q")
    assert reply.status_code == 429 and reply.headers["Retry-After"] == header
    error = reply.json()["error"]
    assert error["code"] == "rate_limit_exceeded" and error["message"]


@pytest.mark.parametrize("status", [500, 503])
def test_server_errors_carry_openai_error(status):
    with scripted(str(status)) as server:
        reply = post_chat(server, "q")
    assert reply.status_code == status and reply.json()["error"]["type"] == "server_error"
    assert "Retry-After" not in reply.headers


def test_drop_is_a_connection_error_for_httpx_and_aiohttp():
    async def aiohttp_post(url: str) -> None:
        async with aiohttp.ClientSession() as session:
            await session.post(f"{url}/chat/completions", json=chat_body("q"))

    with scripted("drop", "drop") as server:
        with pytest.raises(httpx.TransportError):
            post_chat(server, "q")
        with pytest.raises(aiohttp.ClientConnectionError):
            asyncio.run(aiohttp_post(server.base_url))
        assert post_chat(server, "q").status_code == 200  # the server itself survives
    assert [r.outcome for r in server.requests] == ["drop", "drop", "ok"]
    assert [r.delivered for r in server.requests] == [False, False, True]


def test_truncated_and_invalid_json_are_200_with_unparsable_bodies():
    with scripted("truncated", "invalid_json", None) as server:
        truncated, invalid, normal = (post_chat(server, "q") for _ in range(3))
    assert truncated.status_code == invalid.status_code == 200
    for reply in (truncated, invalid):
        with pytest.raises(json.JSONDecodeError):
            json.loads(reply.content)
    assert truncated.text.startswith('{"id": "chatcmpl-')  # a real reply, cut, not garbage
    assert '"object": "chat.completion"' in truncated.text
    assert 0 < len(truncated.content) < len(normal.content)
    assert invalid.headers["Content-Type"].startswith("text/html") and "<html>" in invalid.text


def test_empty_is_a_valid_reply_with_empty_content():
    with scripted("empty") as server:
        data = post_chat(server, "q").json()
    assert data["choices"][0]["message"]["content"] == ""
    assert data["usage"]["completion_tokens"] == 0
    assert server.answered_prompts() == Counter({"q": 1})  # a real model bills it


def test_answers_without_usable_text_are_answers():
    with scripted("blank", "reasoning_only", "length") as server:
        blank, reasoning, cut = (post_chat(server, p).json() for p in ("a", "b", "c"))
    assert blank["choices"][0]["message"]["content"].strip() == ""
    message = reasoning["choices"][0]["message"]
    assert message["content"] is None and "ran out of tokens" in message["reasoning_content"]
    assert cut["choices"][0]["finish_reason"] == "length"
    assert cut["choices"][0]["message"]["content"].startswith("Let me think")
    assert server.answered_prompts() == Counter({"a": 1, "b": 1, "c": 1})


def test_echo_key_repeats_the_authorization_header_in_a_400():
    with scripted("echo_key") as server:
        reply = httpx.post(f"{server.base_url}/chat/completions", json=chat_body("q"),
                           headers={"Authorization": "Bearer sk-secret-123456"})
    assert reply.status_code == 400 and "sk-secret-123456" in reply.json()["error"]["message"]
    assert not server.answered_prompts()


def test_strict_model_answers_404_for_other_models():
    with FakeOpenAIServer(model="m1", strict_model=True) as server:
        other = httpx.post(f"{server.base_url}/chat/completions",
                           json={**chat_body("q"), "model": "m2"})
        same = httpx.post(f"{server.base_url}/chat/completions",
                          json={**chat_body("q"), "model": "m1"})
    assert other.status_code == 404 and other.json()["error"]["code"] == "model_not_found"
    assert same.status_code == 200


def test_in_flight_counts_concurrent_requests():
    with FakeOpenAIServer(latency=0.4) as server:
        with concurrent.futures.ThreadPoolExecutor(6) as pool:
            list(pool.map(lambda p: post_chat(server, p), "abcdef"))
        assert server.in_flight == 0
    assert server.max_in_flight == 6


def test_slow_times_out_short_clients_and_counts_only_when_written():
    with scripted("slow", "slow", slow_seconds=0.6) as server:
        with pytest.raises(httpx.ReadTimeout):
            post_chat(server, "impatient", timeout=0.15)
        log = wait_for_log(server, 1)
        assert [(r.outcome, r.delivered, r.answered) for r in log] == [("slow", False, False)]
        start = time.monotonic()
        reply = post_chat(server, "patient", timeout=5)
        assert time.monotonic() - start >= 0.6
    assert reply.json()["choices"][0]["message"]["content"] == "Answer: 42"
    assert server.requests[1].answered and server.answered_prompts() == Counter(["patient"])


def test_latency_is_concurrent_and_a_timed_out_reply_is_not_answered():
    async def burst(url: str, count: int) -> list[int]:
        async with aiohttp.ClientSession() as session:
            async def one(i: int) -> int:
                body = chat_body(f"p{i}")
                async with session.post(f"{url}/chat/completions", json=body) as reply:
                    return reply.status
            return await asyncio.gather(*(one(i) for i in range(count)))

    with FakeOpenAIServer(latency=0.3) as server:
        start = time.monotonic()
        assert asyncio.run(burst(server.base_url, 8)) == [200] * 8
        elapsed = time.monotonic() - start
        with pytest.raises(httpx.ReadTimeout):
            post_chat(server, "late", timeout=0.1)
        log = wait_for_log(server, 9)
    assert 0.3 <= elapsed < 1.2, elapsed  # 8 x 0.3 s served together, not one by one
    assert (log[-1].prompt, log[-1].outcome, log[-1].answered) == ("late", "ok", False)
    assert sum(server.answered_prompts().values()) == 8


def test_script_applies_in_order_then_serves_normally():
    with scripted("429", None, "drop") as server:
        outcomes = []
        for _ in range(5):
            try:
                outcomes.append(post_chat(server, "q").status_code)
            except httpx.TransportError:
                outcomes.append("connection error")
    assert outcomes == [429, 200, "connection error", 200, 200]
    assert [r.outcome for r in server.requests] == ["429", "ok", "drop", "ok", "ok"]


def test_fault_plan_is_seeded_and_validated():
    def draws(plan: FaultPlan) -> list:
        return [plan.draw() for _ in range(300)]

    assert draws(FaultPlan(seed=3)) == draws(FaultPlan(seed=3)) != draws(FaultPlan(seed=4))
    assert set(draws(FaultPlan(rate=1.0))) == set(FAULT_KINDS)
    assert set(draws(FaultPlan(rate=1.0, kinds=("500",)))) == {"500"}
    assert draws(FaultPlan(rate=0.0)) == [None] * 300
    for bad in ({"kinds": ("404",)}, {"script": ["teapot"]}, {"rate": 1.5}, {"kinds": ()}):
        with pytest.raises(ValueError):
            FaultPlan(**bad)


async def classify_requests(url: str, prompts: list[str], concurrency: int) -> Counter:
    """What the client observed per request: an answer, "empty", a status, "bad body", "drop"."""
    seen: Counter = Counter()
    queue = iter(enumerate(prompts))

    async def worker(session: aiohttp.ClientSession) -> None:
        for _, prompt in queue:
            try:
                async with session.post(f"{url}/chat/completions", json=chat_body(prompt)) as r:
                    raw = await r.read()
            except aiohttp.ClientConnectionError:
                seen["drop"] += 1
                continue
            if r.status != 200:
                seen[str(r.status)] += 1
                continue
            try:
                content = json.loads(raw)["choices"][0]["message"]["content"]
            except json.JSONDecodeError:
                seen["bad body"] += 1
                continue
            seen["answer" if content else "empty"] += 1

    connector = aiohttp.TCPConnector(limit=concurrency)
    async with aiohttp.ClientSession(connector=connector) as session:
        await asyncio.gather(*(worker(session) for _ in range(concurrency)))
    return seen


def test_fault_rate_is_honoured_and_log_matches_what_the_client_saw():
    prompts = [f"prompt {i % 97}" for i in range(1000)]
    plan = FaultPlan(rate=0.3, retry_after=0, slow_seconds=0.01, seed=11)
    with FakeOpenAIServer(faults=plan) as server:
        seen = asyncio.run(classify_requests(server.base_url, prompts, concurrency=16))
    outcomes = Counter(record.outcome for record in server.requests)
    assert sum(outcomes.values()) == 1000
    assert 0.25 <= 1 - outcomes["ok"] / 1000 <= 0.35, outcomes
    assert set(outcomes) == {"ok", *FAULT_KINDS}
    for status in ("429", "500", "503", "drop", "empty"):
        assert seen[status] == outcomes[status], status
    assert seen["bad body"] == outcomes["truncated"] + outcomes["invalid_json"]
    assert seen["answer"] == outcomes["ok"] + outcomes["slow"]
    answered = server.answered_prompts()
    assert sum(answered.values()) == seen["answer"] + seen["empty"]
    assert set(answered) <= set(prompts)


def test_api_key_guards_every_endpoint_without_consuming_faults():
    plan = FaultPlan(script=["500"])
    with FakeOpenAIServer(faults=plan, api_key="sk-test") as server:
        missing = post_chat(server, "q")
        wrong = post_chat(server, "q", headers={"Authorization": "Bearer sk-other"})
        models = httpx.get(f"{server.base_url}/models")
        auth = {"Authorization": "Bearer sk-test"}
        first, second = (post_chat(server, "q", headers=auth) for _ in range(2))
        listed = httpx.get(f"{server.base_url}/models", headers=auth)
    assert missing.status_code == wrong.status_code == models.status_code == 401
    assert missing.json()["error"]["code"] == "invalid_api_key"
    assert (first.status_code, second.status_code, listed.status_code) == (500, 200, 200)
    assert server.count("unauthorized") == 3 and server.count("500") == 1


def test_request_log_records_everything_and_counts_answers():
    plan = FaultPlan(script=[None, "500", None, "empty", None])
    headers = {"X-Trace": "abc", "Authorization": "Bearer anything"}
    with FakeOpenAIServer(policy=echo, faults=plan) as server:
        with httpx.Client(base_url=server.base_url, headers=headers) as client:
            for prompt in ("a", "b", "a", "c"):
                client.post("/chat/completions", json=chat_body(prompt))
            client.post("/completions", json={"model": "m", "prompt": "d"})
            client.get("/models")
        log = server.requests
    assert [r.endpoint for r in log] == ["/v1/chat/completions"] * 4 + [
        "/v1/completions", "/v1/models"]
    assert [r.prompt for r in log] == ["a", "b", "a", "c", "d", None]
    assert [r.outcome for r in log] == ["ok", "500", "ok", "empty", "ok", "ok"]
    assert log[0].body == chat_body("a") and log[4].body == {"model": "m", "prompt": "d"}
    assert log[1].headers["x-trace"] == "abc" and log[1].headers["authorization"] == headers[
        "Authorization"]
    assert all(a.time <= b.time for a, b in zip(log, log[1:], strict=False))
    assert server.answered_prompts() == Counter({"a": 2, "c": 1, "d": 1})
    assert server.count() == 6 and server.count("ok") == 4 and server.count("empty") == 1
    assert server.count("ok", endpoint="/v1/chat/completions") == 2
    log.clear()  # a copy: the server's own log is untouched
    assert len(server.requests) == 6


# ----- separate process and throughput ---------------------------------------------------------


@contextlib.contextmanager
def server_process(*args: str):
    process = subprocess.Popen(
        [sys.executable, str(SCRIPT), "--port", "0", *args],
        stdout=subprocess.PIPE,
        text=True,
    )
    watchdog = threading.Timer(30, process.kill)  # never hang the suite on a silent child
    watchdog.start()
    try:
        line = process.stdout.readline()
        assert line.startswith("READY http://127.0.0.1:"), line
        yield line.split()[1]
    finally:
        watchdog.cancel()
        process.terminate()
        process.wait(timeout=10)


def test_script_mode_prints_ready_and_answers():
    with server_process("--seed", "1") as url:
        reply = httpx.post(f"{url}/chat/completions", json=chat_body("q"), timeout=5)
        assert reply.json()["choices"][0]["message"]["content"] == "Answer: 42"
    with server_process("--faults", "1.0", "--api-key", "k") as url:
        auth = {"Authorization": "Bearer k"}
        assert httpx.post(f"{url}/chat/completions", json=chat_body("q")).status_code == 401
        for _ in range(6):  # every request is faulted: never a clean non-empty answer
            with contextlib.suppress(httpx.TransportError):
                reply = httpx.post(
                    f"{url}/chat/completions", json=chat_body("q"), headers=auth, timeout=0.5
                )
                assert reply.status_code != 200 or "Answer: 42" not in reply.text


def measure_throughput(url: str, total: int = 5000, concurrency: int = 32) -> float:
    prompts = [f"prompt {i}" for i in range(total)]
    start = time.perf_counter()
    seen = asyncio.run(classify_requests(url, prompts, concurrency))
    rate = total / (time.perf_counter() - start)
    assert seen == Counter({"answer": total})
    return rate


def test_throughput_no_fault_in_process_and_separate_process():
    with FakeOpenAIServer() as server:
        in_process = measure_throughput(server.base_url)
        assert server.count("ok") == 5000 == sum(server.answered_prompts().values())
    with server_process() as url:
        separate = measure_throughput(url)
    print(f"\nfake server, 5000 requests at concurrency 32: {in_process:.0f} req/s in-process, "
          f"{separate:.0f} req/s separate process")
