"""Records what TensorFlow 2.21 gives for the programs of v1_submodule_programs.py, and the
parameters of every function and class of the tf.compat.v1 namespaces of SIGNED_SPACES,
into golden/v1_submodules.json.

Run: $EAGERFLOW_TF_PYTHON tests/v1/record_v1_submodule_golden.py
"""

from __future__ import annotations

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")

import tensorflow as tf  # noqa: E402

from tests.golden_io import write_json  # noqa: E402
from tests.signatures import signatures  # noqa: E402
from tests.v1.v1_submodule_programs import PROGRAMS, SIGNED_SPACES  # noqa: E402


def main() -> None:
    results = {name: program(tf) for name, program in PROGRAMS.items()}
    sigs = signatures(tf.compat.v1, SIGNED_SPACES)
    write_json(os.path.join(ROOT, "tests", "v1", "golden", "v1_submodules.json"),
               {"tf_version": tf.__version__, "programs": results, "signatures": sigs},
               indent=0, sort_keys=True)


if __name__ == "__main__":
    main()
