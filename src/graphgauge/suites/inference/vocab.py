"""The domain vocabulary registry (the paper's DOMAIN_TERMS).

Prompts read naturally per domain ("this co-authorship graph contains 7 papers") while
task logic and gold answers stay identical. ``TAG.domain`` names an entry; users add
their own with :func:`register_domain`.
"""

from __future__ import annotations

from dataclasses import dataclass

from graphgauge.errors import UserError


@dataclass(frozen=True)
class DomainTerms:
    noun: str
    nouns: str
    graph_kind: str
    edge: str          # "citation": as in "have a citation", "connected by 12 citations"
    verb: str          # "cites": as in "Node 3 cites Node 5"
    topic: str = "research topic"
    theme: str = "research theme"


DOMAINS: dict[str, DomainTerms] = {
    "paper": DomainTerms("paper", "papers", "citation graph", "citation", "cites"),
    "coauthor": DomainTerms("paper", "papers", "co-authorship graph", "shared author",
                            "shares an author with"),
    "clinical": DomainTerms("paper", "papers", "clinical citation graph", "citation", "cites",
                            "disease topic", "clinical theme"),
    "product": DomainTerms("product", "products", "co-purchase graph", "co-purchase link",
                           "is co-purchased with", "product category", "product theme"),
    "patent": DomainTerms("patent", "patents", "citation graph", "citation", "cites",
                          "technical field", "technical theme"),
    "article": DomainTerms("article", "articles", "hyperlink graph", "hyperlink", "links to",
                           "subject", "subject area"),
    "question": DomainTerms("question", "questions", "related-question graph",
                            "related-question link", "links to a related question",
                            "physics topic", "physics theme"),
    "webpage": DomainTerms("web page", "web pages", "hyperlink graph", "hyperlink",
                           "links to", "page type", "common kind of page"),
    "generic": DomainTerms("item", "items", "graph", "link", "is linked to", "topic",
                           "theme"),
}


def register_domain(key: str, terms: DomainTerms) -> None:
    DOMAINS[key] = terms


def terms_for(domain: str) -> DomainTerms:
    if domain not in DOMAINS:
        raise UserError(f"unknown domain {domain!r}; known: {', '.join(DOMAINS)}")
    return DOMAINS[domain]
