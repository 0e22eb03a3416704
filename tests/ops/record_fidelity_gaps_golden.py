"""Writes fidelity_gaps_golden.json: TF 2.21's outcomes for the calls of
fidelity_gaps_cases.py.

Run from the repository root with a TensorFlow interpreter:

    /work/main/.venv-peers/bin/python tests/ops/record_fidelity_gaps_golden.py
"""

import json
import os
import subprocess
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))

import keras  # noqa: E402
import tensorflow as tf  # noqa: E402

from tests.golden_io import write_json  # noqa: E402
from tests.ops import fidelity_gaps_cases as cases  # noqa: E402


def _fresh(key):
    """The outcome of range_conversion_cases' `key` in a fresh interpreter whose eager
    context a constant has made (the process's first op otherwise takes TF's slow path:
    its context not made yet, the fast path declines)."""
    code = (f"import json, tensorflow as tf; from tests.ops import fidelity_gaps_cases as c; "
            f"tf.constant(0); "
            f"print(json.dumps(c.outcome(c.range_conversion_cases(tf)[{key!r}])))")
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
    done = subprocess.run([sys.executable, "-c", code], cwd=root, check=True,
                          capture_output=True, text=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def main():
    calls = cases.pad_cases(tf)
    calls["grad/pad"] = lambda: cases.gradient_of_pad(tf)
    calls.update(cases.range_dtype_cases(tf))
    calls["range_graph/int8"] = lambda: cases.range_in_graph(tf)
    calls.update(cases.keras_bool_int_cases(keras))
    calls.update(cases.tf_nn_bool_window_cases(tf))
    calls.update(cases.keras_conv_cases(keras))
    calls.update(cases.tf_dilated_conv_cases(tf))
    calls.update(cases.tf_conv_graph_cases(tf))
    out = {key: cases.outcome(call) for key, call in calls.items()}
    out.update({key: _fresh(key) for key in cases.range_conversion_cases(tf)})
    for key in cases.keras_conv_cases(keras):  # (without Keras's source lines and paths)
        if "message" in out[key]:
            out[key]["message"] = cases.keras_error_body(out[key]["message"])
    for key in cases.tf_conv_graph_cases(tf):  # (without the caller's source lines)
        if "message" in out[key]:
            out[key]["message"] = cases.graph_error_body(out[key]["message"])
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fidelity_gaps_golden.json")
    write_json(path, {"tf_version": tf.__version__, "cases": out}, end="\n", indent=1,
               sort_keys=True)


if __name__ == "__main__":
    main()
