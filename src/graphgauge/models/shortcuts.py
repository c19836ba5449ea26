"""``shortcut:NAME``: a trivial shortcut baseline run like any model.

A shortcut answers from one surface feature (``shortcut:min-degree``, ``shortcut:always-
yes``, ``shortcut:majority-label`` …; the list and the answer kinds each applies to are in
``graphgauge.suites.shortcuts``). Items of a task it does not apply to get an error
response, recorded as unanswered, so one run can cover a mixed file.
"""

from __future__ import annotations

from collections.abc import Sequence

from graphgauge.instance import Instance
from graphgauge.models.base import LocalModel, Request
from graphgauge.suites import shortcuts


class ShortcutModel(LocalModel):
    def __init__(self, name: str) -> None:
        super().__init__()
        self.shortcut = shortcuts.get_shortcut(name)
        self.name = f"shortcut:{name}"
        self._context = shortcuts.Context([])

    def prepare(self, instances: Sequence[Instance]) -> None:
        # majority-label reads the file's gold; the others need nothing beyond the item
        if self.shortcut.name == "majority-label":
            self._context = shortcuts.Context(instances)

    def answer(self, request: Request) -> str:
        return shortcuts.shortcut_text(self.shortcut, request.instance, self._context,
                                       request.prompt)
