"""Writes rng10_golden.json: the cases of rng10_cases.py run by TensorFlow 2.21 and Keras 3.

    $EAGERFLOW_TF_PYTHON tests/ops/record_rng10_golden.py [OUT.json [CASE ...]]
"""

import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")
os.environ["CUDA_VISIBLE_DEVICES"] = ""
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", ".."))

from tests.golden_io import write_json  # noqa: E402
from tests.ops import rng10_cases as C  # noqa: E402


def main() -> None:
    import keras
    import tensorflow as tf

    path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "rng10_golden.json")
    names = sys.argv[2:] or list(C.CASES)
    golden = {"tf_version": tf.__version__, "keras_version": keras.__version__,
              "cases": {n: C.run(tf, keras, n) for n in names}}
    write_json(path, golden, indent=0, sort_keys=True)
    print("wrote", path)


if __name__ == "__main__":
    main()
