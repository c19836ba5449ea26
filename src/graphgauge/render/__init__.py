"""Rendering instances into prompts (encodings and instruction variants)."""

from graphgauge.render.prompt import Prompt, render

__all__ = ["Prompt", "render"]
