"""The optimisation outcome table on stores whose wrong answers carry no feasibility
verdict (written before verifiers scored it): the four shares must still add up."""

import json

from graphgauge.report.console import outcome_rows
from graphgauge.results.cells import model_labels, summarize
from graphgauge.store import Store
from tests.support.report_stores import item, write_store


def _rows(tmp_path, scores_of_wrong):
    rows = [item("old-1", "shortest_path", 0, 1.0)]
    rows += [item("old-1", "shortest_path", i, 0.0, scores=json.dumps(scores))
             for i, scores in enumerate(scores_of_wrong, start=1)]
    rows.append(item("old-1", "shortest_path", 9, 0.0, parse_ok=0, parsed="null"))
    write_store(tmp_path / "s.db", rows)
    with Store(tmp_path / "s.db", write=False) as db:
        cells = summarize(db, None)
    [(_, _, text)] = outcome_rows(cells, model_labels(cells), optimisation=True)
    return text


def test_wrong_answers_without_a_verdict_are_shown_with_the_way_to_verify_them(tmp_path):
    # 5 answers: 1 correct, 1 infeasible, 2 wrong from an older store, 1 no answer
    text = _rows(tmp_path, [{"accuracy": 0.0, "feasible": False}, {"accuracy": 0.0},
                            {"accuracy": 0.0}])
    assert text == ("20.0 / 0.0 / 20.0 / 20.0; 40.0 wrong, not verified "
                    "(graphgauge rescore)")


def test_verified_answers_print_the_four_shares_alone(tmp_path):
    text = _rows(tmp_path, [{"accuracy": 0.0, "feasible": True, "optimality_gap": 0.5},
                            {"accuracy": 0.0, "feasible": False}])
    assert text == "25.0 / 25.0 (gap 50%) / 25.0 / 25.0"
