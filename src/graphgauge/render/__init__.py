"""Rendering instances into prompts (encodings and instruction variants)."""

from graphgauge.render.prompt import Prompt, describe_graph, render

__all__ = ["Prompt", "describe_graph", "render"]
