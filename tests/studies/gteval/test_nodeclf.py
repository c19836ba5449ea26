"""GTEval's node classifier (the ``--gnn`` baseline of ``gteval structure``) wired to a
real TAG: it learns, each architecture beats the majority label, and a seed repeats."""

from __future__ import annotations

import numpy as np
import pytest

from graphgauge.datasets import embed_texts, load_tag
from tests.support.data import needs_shared_data

needs_data = needs_shared_data("webkb")


@pytest.mark.slow
@needs_data
def test_node_classifier_beats_majority_on_webkb():
    from graphgauge.studies.gteval.nodeclf import train_node_classifier

    tag = load_tag("webkb:wisconsin")
    x = embed_texts(tag.titles)
    order = np.random.default_rng(0).permutation(tag.num_nodes())
    train, val, test = order[:130], order[130:180], order[180:]
    majority = np.bincount(tag.labels[train]).argmax()
    baseline = float((tag.labels[test] == majority).mean())
    for arch in ("gcn", "gat", "sage"):
        predicted = train_node_classifier(x, tag.edge_index, tag.labels, train, val,
                                          arch=arch, hidden=32, epochs=80)
        assert predicted.shape == (tag.num_nodes(),)
        assert float((predicted[test] == tag.labels[test]).mean()) > baseline
    again = train_node_classifier(x, tag.edge_index, tag.labels, train, val, hidden=32,
                                  epochs=30)
    assert np.array_equal(again, train_node_classifier(x, tag.edge_index, tag.labels, train,
                                                       val, hidden=32, epochs=30))
