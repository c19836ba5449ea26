"""The one-text encoder path GraphInfer's T1/T3 projection uses gives the vectors of
``embed_texts`` (same modules, same pooling, same length limit), or its first ``max_tokens``
tokens when asked."""

from __future__ import annotations

import numpy as np

from graphgauge.datasets.embeddings import embed_one, embed_texts


def test_a_topic_embeds_as_embed_texts_does():
    for text in ("query processing and relational storage engines", "AI", "",
                 "a long rambling topic about " + "graph databases and their engines " * 12):
        one, batch = embed_one(text), embed_texts([text], cache=False)[0]
        assert one.shape == batch.shape == (384,)
        assert np.allclose(one, batch, atol=1e-5)


def test_a_long_text_is_read_to_its_first_tokens_only():
    # "word" is one token: 22 words + the two special tokens fill 24
    cut = embed_one("word " * 60 + "database systems", max_tokens=24)
    assert np.allclose(cut, embed_texts(["word " * 22], cache=False)[0], atol=1e-5)
    assert not np.allclose(cut, embed_texts(["word " * 60 + "database systems"],
                                            cache=False)[0], atol=1e-3)


def test_the_traced_transformer_gives_the_plain_forward_vectors_at_any_length():
    import torch

    from graphgauge.datasets import embeddings

    assert embeddings._traced(embeddings.MINILM) is not None
    model = embeddings._model(embeddings.MINILM)
    for text in ("AI", "", "graph " * 300, "nodes 0 to 99999 " * 10, "İ ſ 中文 ✓ (1, 2)",
                 "association rule mining over transaction data"):
        features = dict(model.preprocess([text]))
        with torch.inference_mode():
            plain = model.forward(dict(features))["sentence_embedding"]
            traced = embeddings._forward(model, embeddings.MINILM, dict(features))
        assert torch.equal(plain, traced["sentence_embedding"]), text
