"""A model backend in one file: ``constant:TEXT`` answers TEXT to every prompt.

Registering the class is all it takes; ``-p prefix=...`` is checked against ``__init__``
like any built-in backend's options.
"""

from __future__ import annotations

from graphgauge.models import MODELS
from graphgauge.models.base import LocalModel, Request


@MODELS.register("constant", usage="constant:TEXT", summary="answers TEXT to every prompt")
class ConstantModel(LocalModel):
    def __init__(self, text: str, prefix: str = "") -> None:
        super().__init__(prefix=prefix)
        self.name = f"constant:{text}"
        self.reply = f"{prefix}{text}"

    def answer(self, request: Request) -> str:
        return self.reply
