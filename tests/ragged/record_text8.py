"""Writes text8_golden.json: what real TensorFlow 2.21 answers for golden_text8.py's
sections, each section's expressions evaluated in order in the environment its prelude
makes.

Run with a TensorFlow interpreter, from the repository root:

    /work/tfref/bin/python tests/ragged/record_text8.py [SECTION...]
"""

import os
import sys

os.environ["TF_CPP_MIN_LOG_LEVEL"] = "3"
os.environ["TF_ENABLE_ONEDNN_OPTS"] = "0"
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [os.path.join(HERE, "..", "..")]  # the repository root
import tensorflow as tf  # noqa: E402

from tests.golden_io import write_json  # noqa: E402
from tests.ragged import golden_text8 as G  # noqa: E402
from tests.ragged.evaluate import evaluate_all  # noqa: E402

if __name__ == "__main__":
    import json

    path = os.path.join(HERE, "text8_golden.json")
    names = sys.argv[1:] or list(G.SECTIONS)
    out = {}
    if sys.argv[1:]:
        with open(path, encoding="utf-8") as f:
            out = json.load(f)
    for n in names:
        # (each section in a fresh Keras session, as the test runs it: layer and Keras
        # tensor names count from it)
        tf.keras.backend.clear_session()
        out[n] = evaluate_all(tf, G.PRELUDES[n], G.SECTIONS[n])
    out = {n: out[n] for n in G.SECTIONS if n in out}
    write_json(path, out, end="\n", indent=0, sort_keys=False, ensure_ascii=True)
    print(f"wrote {sum(len(v) for v in out.values())} results to {path}")
