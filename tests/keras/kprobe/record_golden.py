"""Writes a Keras snippet suite's golden.json: what real TF 2.21 + Keras 3 prints for the
snippets of its cases.py. The suites: tests/keras/kprobe (the default), kprobe3, kprobe4,
kprobe5, kprobe6, kprobe7, kprobe8, kprobe9, kprobe10, kprobe11, kprobe12, kprobe13,
kprobe14, kprobe15, kprobe16, kprobe17, kprobe18, kprobe19, kprobe20, kprobe21, kprobe22,
kprobe23, kprobe24, kprobe25, kprobe26, kprobe27, kprobe28, kprobe29, kprobe30, kprobe31,
kprobe32, kprobe33, kprobe34, kprobe35, kprobe36, kprobe37, kprobe38, kprobe39, kprobe40,
kprobe41, kprobe44, kprobe46, kprobe47, kprobe47b, kprobe48, kprobe48b, kprobe49, kprobe49b,
kprep, inputs, calls.

Run with a TensorFlow interpreter, from the repository root:

    /work/tfref/bin/python tests/keras/kprobe/record_golden.py [SUITE] [names]
"""

import contextlib
import importlib
import io
import json
import os
import sys

os.environ["COLUMNS"] = "80"  # summaries are as wide as the terminal allows
# oneDNN off, as in the other recorders: with it on, TF runs MatMul as _MklMatMul, whose
# errors name that kernel (a build choice)
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..", "..")
sys.path[:0] = [ROOT]
import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402

import keras  # noqa: E402
from tests.golden_io import write_json  # noqa: E402


def run_snippet(code):
    keras.backend.clear_session()
    keras.utils.set_random_seed(1)
    os.chdir(ROOT)  # (a snippet may change into its own temporary folder)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(code, {"tf": tf, "keras": keras, "layers": keras.layers, "np": np})
    return out.getvalue()


def record(folder, snippets, only):
    """Records `snippets` (or the `only` names among them) into `folder`'s golden.json.
    TF's first op error of a process lacks the " name: " its others end with: one is
    raised and dropped first, so no snippet's golden depends on its place in the run."""
    try:
        tf.reshape(tf.ones([2]), [3])
    except tf.errors.InvalidArgumentError:
        pass
    path = os.path.join(folder, "golden.json")
    golden = {"snippets": {}}
    if os.path.exists(path):
        with open(path) as f:
            golden = json.load(f)
    for name, code in snippets.items():
        if not only or name in only:
            golden["snippets"][name] = run_snippet(code)
    golden["snippets"] = {k: v for k, v in golden["snippets"].items() if k in snippets}
    golden["versions"] = {"tf": tf.__version__, "keras": keras.version()}
    write_json(path, golden, indent=1, sort_keys=True)
    print("wrote", path)


SUITES = ("kprobe", "kprobe3", "kprobe4", "kprobe5", "kprobe6", "kprobe7", "kprobe8", "kprobe9",
          "kprobe10", "kprobe11", "kprobe12", "kprobe13", "kprobe14", "kprobe15", "kprobe16",
          "kprobe17", "kprobe18", "kprobe19", "kprobe20", "kprobe21", "kprobe22", "kprobe23",
          "kprobe24", "kprobe25", "kprobe26", "kprobe27", "kprobe28", "kprobe29",
          "kprobe30", "kprobe31", "kprobe32", "kprobe33", "kprobe34", "kprobe35", "kprobe36",
          "kprobe37", "kprobe38", "kprobe39", "kprobe40", "kprobe41", "kprobe44",
          "kprobe46", "kprobe47", "kprobe47b", "kprobe48", "kprobe48b", "kprobe49", "kprobe49b",
          "kprep", "inputs", "calls")

if __name__ == "__main__":
    args = sys.argv[1:]
    suite = args.pop(0) if args and args[0] in SUITES else "kprobe"
    cases = importlib.import_module(f"tests.keras.{suite}.cases")
    record(os.path.join(os.path.dirname(HERE), suite), cases.SNIPPETS, args)
