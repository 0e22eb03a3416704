"""Writes raw_dataset_functions_golden.json (what TF 2.21 gives for the cases of
raw_dataset_functions_cases.py) and the SavedModel raw_dataset_functions_model/ (TF's
graphs of Dataset.map, filter, ... and reduce, with what each function returns).

Run with TensorFlow's interpreter:
$EAGERFLOW_TF_PYTHON tests/data/record_raw_dataset_functions.py
"""

import os
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import tensorflow as tf  # noqa: E402

from tests.data.raw_dataset_functions_cases import (  # noqa: E402
    MODEL_FUNCTIONS,
    MODEL_INPUTS,
    module,
    outcomes,
)
from tests.golden_io import write_json  # noqa: E402

HERE = Path(__file__).parent


def _model() -> dict:
    m = module(tf)
    path = HERE / "raw_dataset_functions_model"
    shutil.rmtree(path, ignore_errors=True)
    tf.saved_model.save(m, str(path))
    results, ops = {}, {}
    for name in MODEL_FUNCTIONS:
        fn = getattr(m, name)
        results[name] = [int(fn(tf.constant(n, tf.int64))) for n in MODEL_INPUTS]
        graph = fn.get_concrete_function().graph
        ops[name] = sorted({op.type for op in graph.get_operations()
                            if "Dataset" in op.type or op.type.endswith("Element")})
    return {"results": results, "dataset_ops": ops}


if __name__ == "__main__":
    write_json(str(HERE / "raw_dataset_functions_golden.json"),
               {"tf_version": tf.__version__, "cases": outcomes(tf), "model": _model()},
               indent=1, end="\n")
