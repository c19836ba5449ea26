"""Text-attributed graphs (TAGs): loaders for real datasets and sentence embeddings.

``load_tag("dblp")`` or ``load_tag("webkb:cornell")`` reads the shared data; users
point ``KIND:PATH`` at their own copies of ogbn-arxiv, ogbn-products, Cora, PubMed,
WikiCS, or at a folder in the generic layout (see ``datasets/generic.py``).
"""

from graphgauge.datasets.embeddings import embed_texts
from graphgauge.datasets.loader import data_root, load_tag
from graphgauge.datasets.tag import TAG, build_tag

__all__ = ["TAG", "build_tag", "data_root", "embed_texts", "load_tag"]
