"""Graph families and the canonical node-link form used inside instances."""

from graphgauge.graphs.families import FAMILIES, UNDIRECTED, add_weights, make_graph
from graphgauge.graphs.nodelink import from_node_link, to_node_link

__all__ = ["FAMILIES", "UNDIRECTED", "add_weights", "from_node_link", "make_graph", "to_node_link"]
