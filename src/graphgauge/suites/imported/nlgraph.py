"""NLGraph's eight tasks (Wang et al., NeurIPS 2023) as graphgauge tasks.

Seven map onto graphgauge's algorithmic tasks and are verified by them: a shortest path or
a topological order other than NLGraph's one gold string is still correct. The questions
keep NLGraph's wording (node names follow the prompt's labeling); the graph itself is
written in whatever encoding the run asks for. The GNN task (two rounds of summing the
neighbours' embeddings) has no algorithmic counterpart and is defined here.

``nlgraph_exact`` is NLGraph's own notion of correct: the answer equals its gold answer.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar

import networkx as nx
import numpy as np

from graphgauge.instance import Instance
from graphgauge.scoring.answers import AnswerType, Prediction
from graphgauge.scoring.guards import mentions
from graphgauge.suites.base import task
from graphgauge.suites.contract import Suite
from graphgauge.suites.imported import source
from graphgauge.suites.imported.source import SourceTask

SUITE = Suite(doc=__doc__, generate=source.generate_suite)  # refuses: import instead


class NLGraphTask(SourceTask):
    suite = "nlgraph"
    source_metric = "nlgraph_exact"


class StatedFinding(NLGraphTask):
    """A yes/no task whose NLGraph-style answers may only state the finding: its
    chain-of-thought exemplars end "so there is no cycle in this graph", with no yes or
    no. When graphgauge's bool reader finds no answer, the last such statement is read."""

    finding: ClassVar[str] = ""

    def parse(self, text, instance, labels=None):
        read = super().parse(text, instance, labels)
        if read.ok:
            return read
        if isinstance(text, str) and not mentions(text, ("there",)):
            return read  # (the scan below costs 4 ms on a 200k-character answer)
        stated = re.findall(rf"\bthere\s+(?:is|exists)\s+(a|an|no|not\s+an?|not\s+any)\s+"
                            rf"{self.finding}\b", text, re.I)
        return Prediction(value=stated[-1].lower() in ("a", "an")) if stated else read


@task
class Connectivity(StatedFinding):
    """Is there a path between two nodes (graphgauge: reachability)."""

    name = "connectivity"
    finding = "path"
    difficulty = "easy"
    maps_to = "algorithmic/reachability"


@task
class Cycle(StatedFinding):
    """Does the undirected graph contain a cycle (graphgauge: has_cycle)."""

    name = "cycle"
    finding = "cycle"
    difficulty = "easy"
    maps_to = "algorithmic/has_cycle"

    def question(self, instance):
        return "Is there a cycle in this graph?"


@task
class Topology(NLGraphTask):
    """An order visiting every node after its predecessors (graphgauge:
    topological_sort)."""

    name = "topology"
    difficulty = "medium"
    maps_to = "algorithmic/topological_sort"

    def question(self, instance):
        return (
            "An edge from node i to node j means that node i should be visited before node "
            "j. Can all the nodes be visited? Give the solution: an order of all the nodes."
        )


@task
class ShortestPath(NLGraphTask):
    """A path of least total weight (graphgauge: weighted_shortest_path)."""

    name = "shortest_path"
    difficulty = "hard"
    maps_to = "algorithmic/weighted_shortest_path"

    def question(self, instance):
        q = instance.query
        return (
            f"Give the shortest path from node {q['source']} to node {q['target']}, where "
            "the length of a path is the sum of its edge weights."
        )


# "the maximum flow (from node 0 to node 3) is 5", "max flow is 5"
_FLOW_STATED = re.compile(
    r"max(?:imum)?\s+flow\s+(?:from\s+node\s+\w+\s+to\s+node\s+\w+\s+)?(?:is|=|:)\s*"
    r"(-?\d+(?:\.\d+)?)", re.I)


@task
class Flow(NLGraphTask):
    """The maximum flow between two nodes (graphgauge: maximum_flow)."""

    name = "flow"
    difficulty = "hard"
    maps_to = "algorithmic/maximum_flow"

    def parse(self, text, instance, labels=None):
        """NLGraph-style answers name both nodes ("The maximum flow is 5 units (from node
        2 to node 3)"): the number stated as the flow counts, not the last one written."""
        stated = _FLOW_STATED.findall(text)
        if stated:
            return super().parse(stated[-1], instance, labels)
        return super().parse(text, instance, labels)


# "applicant 3: job 1", "Applicant 3 is assigned job 1", "applicant 3 -> job 1"
_ASSIGNMENT = re.compile(
    r"applicant\s+(\d+)\s*(?::|->|→|-|gets|takes|is assigned(?: to)?|to)\s*job\s+(\d+)", re.I
)


@task
class Matching(NLGraphTask):
    """Assign jobs to applicants, as many as possible (graphgauge:
    bipartite_maximum_matching). Applicants are nodes 0..A-1, jobs A..A+J-1."""

    name = "matching"
    difficulty = "hard"
    maps_to = "algorithmic/bipartite_maximum_matching"

    def question(self, instance):
        return (
            "Every edge joins a job applicant to a job the applicant is interested in (the "
            "graph is bipartite: applicants on one side, jobs on the other). Each job can "
            "accept only one applicant and an applicant can be appointed for only one job. "
            "Find an assignment of jobs to applicants such that the maximum number of "
            "applicants find a job they are interested in. Give the assignment as the "
            "edges (applicant, job) it uses."
        )

    def parse(self, text, instance, labels=None):
        """NLGraph's own answer layout ("applicant 0: job 2" per line), read when the
        prompt used plain ids. Jobs are numbered as in the question, except in the gold
        answers of NLGraph's main split, which number them by node (applicants + job): a
        reading with every job number in that range and one past the job count is taken
        as node ids."""
        pairs = [(int(a), int(j)) for a, j in _ASSIGNMENT.findall(text)] if labels is None \
            else []
        if pairs:
            first, count = instance.query["applicants"], instance.query["jobs"]
            numbers = [j for _, j in pairs]
            as_nodes = max(numbers) >= count and all(first <= j < first + count
                                                     for j in numbers)
            return Prediction(value=[[a, j if as_nodes else first + j] for a, j in pairs])
        return super().parse(text, instance, labels)


@task
class Hamilton(NLGraphTask):
    """A path visiting every node exactly once; every NLGraph instance has one
    (graphgauge: hamiltonian_path)."""

    name = "hamilton"
    difficulty = "hard"
    maps_to = "algorithmic/hamiltonian_path"

    def question(self, instance):
        return (
            "Is there a path in this graph that visits every node exactly once? If yes, give "
            "the path. Note that in a path, adjacent nodes must be connected with edges."
        )


# "node 3: [1,0]" (names are rewritten to numbers before this runs)
_VECTOR_LINE = re.compile(
    r"(?<![\w.])(?:node\s*)?(\d+)\s*[:=]\s*\[\s*(-?\d+(?:\s*,\s*-?\d+)*)\s*\]", re.I
)


class NodeVectorAnswer(AnswerType):
    """An integer vector per node, as [[node, [x, y]], ...] sorted by node. When an answer
    lists a node twice (reasoning through the layers), its last vector counts."""

    name = "node_vectors"
    instruction = "Give your final answer as one line per node: node <name>: [x,y]."
    names_nodes = True

    def _parse(self, text, context=None):
        found = {int(m[1]): [int(x) for x in m[2].split(",")] for m in
                 _VECTOR_LINE.finditer(text)}
        return sorted([node, vector] for node, vector in found.items()) or None

    def to_ids(self, value, lookup):
        return sorted([lookup(node), vector] for node, vector in value)

    def format(self, value, labels=None):
        return "\n".join(
            f"node {node if labels is None else labels[node]}: [{','.join(map(str, vector))}]"
            for node, vector in value
        )

    def equals(self, predicted, gold):
        return [[n, list(v)] for n, v in predicted] == [[n, list(v)] for n, v in gold]

    def random(self, rng, graph):
        return [[int(v), [int(x) for x in rng.integers(0, 3, 2)]] for v in sorted(graph)]


NODE_VECTORS = NodeVectorAnswer()


def sum_aggregation(graph: nx.Graph, layers: int) -> list[list[Any]]:
    """Each round replaces a node's embedding by the sum of its neighbours' (NLGraph's
    "simple graph convolution", no self-loop, no weights): A^layers · X."""
    nodes = sorted(graph)
    features = np.array([graph.nodes[v]["embedding"] for v in nodes], dtype=np.int64)
    adjacency = nx.to_numpy_array(graph, nodelist=nodes, dtype=np.int64)
    for _ in range(layers):
        features = adjacency @ features
    return [[int(v), [int(x) for x in row]] for v, row in zip(nodes, features, strict=True)]


@task
class GNN(NLGraphTask):
    """Node embeddings after rounds of summing the neighbours' embeddings."""

    name = "gnn"
    difficulty = "hard"
    answer = NODE_VECTORS
    verifiable = False
    applies_variants = True  # its layout keeps the shared question line

    def question(self, instance):
        layers = instance.query["layers"]
        return (
            "In a simple graph convolution layer, each node's embedding is updated by the "
            f"sum of its neighbors' embeddings. What's the embedding of each node after "
            f"{layers} layers of simple graph convolution layer?"
        )

    def solve(self, instance):
        return sum_aggregation(instance.graph, instance.query["layers"])

    def check(self, value, instance):
        return self.answer.equals(value, instance.answer)

    def custom_prompt(self, instance: Instance, encoding: Any, variant: str) -> Any:
        """The shared layout plus the embeddings, listed under the prompt's node names."""
        from graphgauge.render.prompt import Prompt, labels_for
        from graphgauge.render.serialize import graph_text
        from graphgauge.render.variants import variant_of

        asked = variant_of(variant).question(self.question(instance), self.suite)
        labels = labels_for(instance, encoding)
        names = labels or [str(node["id"]) for node in instance.graphs["G"]["nodes"]]
        embeddings = "\n".join(
            f"node {names[node['id']]}: [{','.join(map(str, node['embedding']))}]"
            for node in instance.graphs["G"]["nodes"]
        )
        parts = [graph_text(instance.graphs["G"], encoding, instance.id, labels),
                 f"Every node has an embedding:\n{embeddings}",
                 f"Question: {asked}", self.instruction]
        return Prompt(text="\n\n".join(parts), encoding=encoding.name, variant=variant,
                      labels=labels)
