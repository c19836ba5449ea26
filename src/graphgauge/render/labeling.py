"""Node labels of a rendered graph, and the per-instance randomness of encodings.

Everything random in an encoding is seeded by (encoding seed, instance id), never by the
process: re-rendering an instance gives the same bytes in any run, on any machine, so a
prompt's cache key is stable and relabeling k of a study is the same relabeling everywhere.

Sorting "in label order" means the natural order of the labels (2 before 10, Z before AA).
Every labeling is a permutation ``rank`` of the ids followed by a label sequence that is
increasing in that order, so the serializer sorts integer ranks and never compares strings.
"""

from __future__ import annotations

import hashlib
import threading
from functools import lru_cache
from typing import NamedTuple

import numpy as np

from graphgauge.render.encoding import Encoding
from graphgauge.render.graphqa_names import NAME_LISTS, graphqa_names


class Labeling(NamedTuple):
    labels: tuple[str, ...]  # label of node id i
    rank: tuple[int, ...] | None  # position of node id i in label order; None: the id itself
    by_rank: tuple[str, ...]  # label of the node at each position of label order


def stable_hash(text: str) -> int:
    """First 8 bytes of SHA-256 as an integer: unlike ``hash()``, the same in every process."""
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def alpha_label(index: int) -> str:
    """A, B, …, Z, AA, AB, … (bijective base 26: ordering labels by length, then
    alphabetically, orders them by index)."""
    out = ""
    index += 1
    while index:
        index, digit = divmod(index - 1, 26)
        out = chr(65 + digit) + out
    return out


@lru_cache(maxsize=256)
def _ordered_labels(n: int, labeling: str) -> tuple[str, ...]:
    if labeling in NAME_LISTS:  # GraphQA's names: label order is id order
        return graphqa_names(labeling, n)
    if labeling == "alpha":
        return tuple(alpha_label(i) for i in range(n))
    start = 1 if labeling == "offset" else 0
    return tuple(str(i) for i in range(start, start + n))


@lru_cache(maxsize=16384)
def _random_labeling(n: int, seed: int, instance_id: str) -> Labeling:
    rank = tuple(np.random.default_rng([seed, stable_hash(instance_id)]).permutation(n).tolist())
    by_rank = _ordered_labels(n, "identity")
    return Labeling(tuple(by_rank[r] for r in rank), rank, by_rank)


@lru_cache(maxsize=256)
def _fixed_labeling(n: int, labeling: str) -> Labeling:
    labels = _ordered_labels(n, labeling)
    return Labeling(labels, None, labels)


def labeling_of(n: int, encoding: Encoding, instance_id: str) -> Labeling:
    """The labeling of an ``n``-node graph of ``instance_id`` (cached: a study renders
    each instance in many encodings with the same labels)."""
    if encoding.labeling == "random":
        return _random_labeling(n, encoding.seed, instance_id)
    return _fixed_labeling(n, encoding.labeling)


def node_labels(n: int, encoding: Encoding, instance_id: str) -> list[str]:
    """Label of node i, for i in 0..n-1."""
    return list(labeling_of(n, encoding, instance_id).labels)


def labeling_from(labels: list[str] | tuple[str, ...]) -> Labeling:
    """The labeling given by explicit labels: integers or letters, ranked in natural order."""
    order = sorted(range(len(labels)), key=lambda i: (len(labels[i]), labels[i]))
    rank = [0] * len(labels)
    for position, node in enumerate(order):
        rank[node] = position
    by_rank = tuple(labels[i] for i in order)
    identity = all(position == node for position, node in enumerate(order))
    return Labeling(tuple(labels), None if identity else tuple(rank), by_rank)


@lru_cache(maxsize=65536)
def _stream_state(seed: int, instance_id: str, salt: int) -> tuple[int, int]:
    """PCG64 (state, increment) of the stream. A study shuffles each instance in three
    orders under each of its labeling seeds: the cache holds that many streams for tens of
    thousands of instances (as two integers each, not numpy's state dict)."""
    state = np.random.default_rng([seed, stable_hash(instance_id), salt]).bit_generator.state
    return state["state"]["state"], state["state"]["inc"]


_local = threading.local()


def random_keys(encoding: Encoding, instance_id: str, salt: int, size: int) -> np.ndarray:
    """``size`` uniform floats from a stream seeded by (encoding seed, instance id, salt);
    shuffles sort by them.

    Seeding a generator costs about half the render budget of a graph, so the seeded state
    is cached and loaded into one reusable generator per thread.
    """
    generator = getattr(_local, "generator", None)
    if generator is None:
        generator = _local.generator = np.random.Generator(np.random.PCG64(0))
    state, inc = _stream_state(encoding.seed, instance_id, salt)
    generator.bit_generator.state = {"bit_generator": "PCG64", "has_uint32": 0,
                                     "uinteger": 0, "state": {"state": state, "inc": inc}}
    return generator.random(size)
