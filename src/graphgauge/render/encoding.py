"""How the graph part of a prompt is written: labeling × structure × ordering × syntax.

The serialization-robustness study varies one of these at a time against a baseline, so
an encoding is a small value with a canonical name ("adjacency_list+shuffled+json+random3")
that can travel through CLI options, result files and report tables, and be parsed back.
Only combinations that mean something are constructible: an adjacency matrix has no edge
order, code syntaxes hold edge lists, and PyG's ``edge_index`` needs integer node ids.
"""

from __future__ import annotations

from dataclasses import dataclass

from graphgauge.errors import UserError
from graphgauge.render.graphqa_names import NAME_LISTS
from graphgauge.render.syntaxes import SYNTAX_REGISTRY

STRUCTURES = ("edge_list", "adjacency_list", "incidence_list", "adjacency_matrix")
ORDERS = ("sorted", "source_shuffled", "target_shuffled", "shuffled", "bfs", "replicated")
# the robustness study's syntaxes; SYNTAX_REGISTRY has every syntax an encoding may name
SYNTAXES = ("plain", "json", "networkx", "pyg", "graphml", "dot", "markdown")
# native: an imported benchmark's own node names; then GraphQA's name lists
LABELINGS = ("identity", "offset", "alpha", "random", "native", *NAME_LISTS)

# Per-node lists already show every undirected edge from both ends, so "replicated" would
# change nothing; a matrix has one fixed layout.
STRUCTURE_ORDERS = {
    "edge_list": ORDERS,
    "adjacency_list": ORDERS[:5],
    "incidence_list": ORDERS[:5],
    "adjacency_matrix": ("sorted",),
}
LABELING_TOKENS = ("identity, offset, alpha, random<K> (K = relabeling seed, e.g. random3), "
                   "native (an imported benchmark's own node names), "
                   f"GraphQA's names: {', '.join(NAME_LISTS)}")


@dataclass(frozen=True)
class Encoding:
    structure: str = "edge_list"
    order: str = "sorted"
    syntax: str = "plain"
    labeling: str = "identity"
    seed: int = 0

    def __post_init__(self) -> None:
        self.validate()
        if self.labeling != "random" and self.seed != 0:
            # Only random labelings use the seed; normalizing keeps equal names equal.
            object.__setattr__(self, "seed", 0)

    def validate(self) -> None:
        """Raise ``UserError`` for unknown values and for combinations without meaning."""
        for value, choices, what in (
            (self.structure, STRUCTURES, "structure"),
            (self.order, ORDERS, "order"),
            (self.syntax, SYNTAX_REGISTRY, "syntax"),
            (self.labeling, LABELINGS, "labeling"),
        ):
            if value not in choices:
                raise UserError(f"unknown {what} {value!r}; choose one of: {', '.join(choices)}")
        if isinstance(self.seed, bool) or not isinstance(self.seed, int) or self.seed < 0:
            raise UserError(f"labeling seed must be a non-negative integer, got {self.seed!r}")
        if self.order not in STRUCTURE_ORDERS[self.structure]:
            allowed = ", ".join(STRUCTURE_ORDERS[self.structure])
            raise UserError(f"order {self.order!r} is not supported by {self.structure}; "
                            f"supported orders: {allowed}")
        writes = SYNTAX_REGISTRY[self.syntax].structures
        if self.structure not in writes:
            allowed = ", ".join(writes)
            raise UserError(f"syntax {self.syntax!r} cannot write a {self.structure}; "
                            f"supported structures: {allowed}")
        if self.syntax == "pyg" and self.labeling not in ("identity", "offset", "random"):
            raise UserError("syntax 'pyg' needs integer node labels; use identity, offset "
                            f"or random<K> labeling instead of {self.labeling}")

    @property
    def name(self) -> str:
        """Canonical spec: the structure, then the non-default order, syntax and labeling."""
        parts = [self.structure]
        if self.order != "sorted":
            parts.append(self.order)
        if self.syntax != "plain":
            parts.append(self.syntax)
        if self.labeling == "random":
            parts.append(f"random{self.seed}")
        elif self.labeling != "identity":
            parts.append(self.labeling)
        return "+".join(parts)

    def __str__(self) -> str:
        return self.name

    @classmethod
    def parse(cls, spec: str) -> Encoding:
        """Read a ``+``-joined spec; tokens may come in any order, omitted parts default.

        A spec may start with a preset name (``PRESETS``): its parts are the defaults and
        the tokens after it replace them, e.g. ``erdos+json`` is ``edge_list+bfs+json+offset``.
        """
        tokens = [token.strip() for token in spec.strip().split("+")]
        preset: dict[str, str | int] = {}
        if tokens[0] in PRESETS:
            base = PRESETS[tokens.pop(0)]
            preset = {"structure": base.structure, "order": base.order, "syntax": base.syntax,
                      "labeling": base.labeling, "seed": base.seed}
            if not tokens:
                return base
        fields: dict[str, str | int] = {}
        for token in tokens:
            what, value, seed = _classify(token, spec)
            if what in fields:
                raise UserError(f"encoding {spec!r} gives two {what}s "
                                f"({fields[what]!r} and {value!r}); give at most one")
            fields[what] = value
            if seed is not None:
                fields["seed"] = seed
        return cls(**{**preset, **fields})  # type: ignore[arg-type]


#: Named encodings. ``erdos`` is the serialization-robustness paper's baseline, the Erdős
#: benchmark's own prompt: an edge list in BFS order with node ids from 1.
PRESETS = {"erdos": Encoding("edge_list", "bfs", "plain", "offset")}


def _classify(token: str, spec: str) -> tuple[str, str, int | None]:
    """(field, value, seed) of one spec token."""
    for what, choices in (("structure", STRUCTURES), ("order", ORDERS),
                          ("syntax", SYNTAX_REGISTRY)):
        if token in choices:
            return what, token, None
    if token in ("identity", "offset", "alpha", "native") or token in NAME_LISTS:
        return "labeling", token, None
    digits = token[6:]
    if token.startswith("random") and (not digits or (digits.isascii() and digits.isdigit())):
        return "labeling", "random", int(digits or 0)
    raise UserError(
        f"unknown encoding token {token!r} in {spec!r}; structures: {', '.join(STRUCTURES)}; "
        f"orders: {', '.join(ORDERS)}; syntaxes: {', '.join(SYNTAX_REGISTRY)}; "
        f"labelings: {LABELING_TOKENS}; presets: {', '.join(PRESETS)}"
    )


def all_encodings() -> list[Encoding]:
    """Every supported (structure, order, syntax) combination, identity labeling."""
    return [
        Encoding(structure, order, syntax)
        for structure in STRUCTURES
        for order in STRUCTURE_ORDERS[structure]
        for syntax in SYNTAXES
        if structure in SYNTAX_REGISTRY[syntax].structures
    ]
