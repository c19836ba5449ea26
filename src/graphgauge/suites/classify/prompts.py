"""The text of a node-classification prompt: the neighbourhood, then the instruction.

Three styles, the graph-as-text baselines the paper compares graph-token models with:
``zero_shot`` shows the centre node alone, ``neighbors`` adds the titles of its sampled
k-hop neighbourhood, ``neighbors_labels`` also shows the labels of neighbours from the
train split. The centre's own label is never in the instance, so no style can show it.
Under ``relabel`` the shown neighbour labels are mapped to the coarse space too, so a
prompt speaks one label space throughout.
"""

from __future__ import annotations

from typing import Any

from graphgauge.instance import Instance
from graphgauge.render.variants import variant_of

STYLES = ("zero_shot", "neighbors", "neighbors_labels")

# domain -> (singular, plural); what a node is, as the prompt calls it.
NOUNS = {"paper": ("paper", "papers"), "webpage": ("web page", "web pages"),
         "product": ("product", "products"), "article": ("article", "articles")}
# dataset family -> when two nodes are linked
RELATIONS = {"dblp": "they share an author", "webkb": "one page links to the other"}


def classification_prompt(instance: Instance, style: str, variant: str) -> str:
    asked = variant_of(variant)
    labels, mapping = asked.label_space(instance)
    meta = instance.meta
    singular, plural = NOUNS.get(meta.get("domain", ""), ("node", "nodes"))
    nodes = instance.graphs["G"]["nodes"]
    if style == "zero_shot":
        head = f"Given a node-centered graph of {plural} in which only the center node is shown:"
        lines = [_line(nodes[0], singular, False, None)]
    else:
        family = str(meta.get("dataset", "")).split(":")[0]
        relation = RELATIONS.get(family, "they are connected")
        head = (f"Given a node-centered graph of {plural} (two {plural} are linked when "
                f"{relation}):")
        known = style == "neighbors_labels"
        lines = [_line(node, singular, known, mapping) for node in nodes]
    return "\n".join([head, *lines, "", asked.instruction(labels)])


def _line(node: dict[str, Any], singular: str, show_label: bool,
          mapping: dict[str, str] | None) -> str:
    where = "center" if node["id"] == 0 else f"linked to Node {node['parent'] + 1}"
    label = node.get("label") if show_label else None
    if label is not None:
        where += f"; known label: {mapping[label] if mapping else label}"
    return f"Node {node['id'] + 1} ({singular}, {where}): {node['text']}"
