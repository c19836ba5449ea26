"""The README's import examples answer with a function in a file beside the benchmark
(``-m python:nlgraph_gold:answer``): the installed ``graphgauge`` script must find it in
the working directory, as ``python -m`` would, though its own path lacks that folder."""

import os
import sys

from graphgauge.models import load_model


def test_python_model_found_in_the_working_directory(tmp_path, monkeypatch):
    (tmp_path / "beside_bench.py").write_text("def answer(prompt):\n    return 'Yes'\n")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", [p for p in sys.path if p not in ("", os.getcwd())])
    sys.modules.pop("beside_bench", None)
    assert load_model("python:beside_bench:answer").func("any prompt") == "Yes"
