"""frozen_gc: what a run freezes is handed back to the collector at its end, unless the
process had chosen to freeze objects itself (the command line does)."""

import gc
import weakref

import pytest

from graphgauge.gcpause import frozen_gc, paused_gc, settle_process


@pytest.fixture
def thawed():
    gc.unfreeze()
    yield
    gc.unfreeze()


def test_a_run_unfreezes_what_it_froze(thawed):
    with frozen_gc() as settle:
        kept = [[i] for i in range(100)]
        settle()
        assert gc.get_freeze_count() >= len(kept)
    assert gc.get_freeze_count() == 0


def test_a_cycle_built_in_a_run_is_collected_after_it(thawed):
    class Node:
        pass

    with frozen_gc() as settle:
        node = Node()
        node.me = node
        settle()
        alive = weakref.ref(node)
    del node
    gc.collect()
    assert alive() is None


def test_a_process_that_froze_before_keeps_its_freeze(thawed):
    gc.freeze()
    before = gc.get_freeze_count()
    with frozen_gc() as settle, paused_gc():
        settle()
    assert gc.get_freeze_count() >= before > 0


def test_the_collector_is_on_again_after_a_settled_pause(thawed):
    assert gc.isenabled()
    with frozen_gc() as settle, paused_gc():
        assert not gc.isenabled()
        settle()
    assert gc.isenabled()


def test_settling_a_process_freezes_what_is_loaded_and_spaces_young_passes(thawed):
    before = gc.get_threshold()
    loaded = [[i] for i in range(100)]
    try:
        settle_process()
        assert gc.get_freeze_count() >= len(loaded)
        assert gc.get_threshold() == (10_000, *before[1:])
    finally:
        gc.set_threshold(*before)
