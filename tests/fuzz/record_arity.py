"""Records arity_sweep.py's binding errors under TF 2.21 (run with TF's Python from the
repository root): every public function of TF's tensor namespaces called with no
arguments, with one tensor, and with one tensor and an unknown keyword; each call TF
refuses with a binding error (its dispatcher's words, or Python's naming the function)
is kept, with its error class and message, in arity_golden.json."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import tensorflow as tf

sys.path.insert(0, str(Path(__file__).parent))
from arity_sweep import BINDING, _names, run  # noqa: E402

if __name__ == "__main__":
    tf.constant(1) + 1  # (a process that has run an op, as the tests')
    out = {k: r for k, r in run(tf, _names(tf)).items()
           if len(r) == 2 and r[0] == "TypeError" and BINDING.search(r[1])}
    path = Path(__file__).with_name("arity_golden.json")
    path.write_text(json.dumps(out, indent=1, sort_keys=True) + "\n")
    print(len(out), "cases")
