"""Writes golden/raw_functional_graph.json: TF 2.21's traced graph of raw_functional_graph_
cases' `Calls.f` (its nodes, its outputs' static shapes) and its results on INPUTS, and
`Calls.gradient`'s nodes and results.

Run with TensorFlow's interpreter (from the repository root):
  .venv-peers/bin/python tests/saved_model/record_raw_functional_graph.py
"""

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")

import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402

from tests.golden_io import write_json  # noqa: E402
from tests.saved_model.raw_functional_graph_cases import (  # noqa: E402
    SETUP,
    gradients_of,
    graph_nodes,
    outputs_of,
)


def main() -> None:
    scope = {"tf": tf, "np": np}
    exec(SETUP, scope)  # noqa: S102 (the cases' definitions)
    calls = scope["Calls"]()
    cf = calls.f.get_concrete_function()
    out = {"nodes": graph_nodes(cf.graph.as_graph_def()),
           "shapes": [str(t.shape) for t in cf.outputs],
           "results": outputs_of(calls.f, scope["INPUTS"], tf),
           "gradient_nodes": graph_nodes(
               calls.gradient.get_concrete_function().graph.as_graph_def()),
           "gradient_results": gradients_of(calls.gradient, scope["GRADIENT_INPUTS"], tf)}
    path = ROOT / "tests" / "saved_model" / "golden" / "raw_functional_graph.json"
    write_json(path, out, "\n", indent=1)
    print(f"{len(out['nodes'])} nodes -> {path}")


if __name__ == "__main__":
    main()
