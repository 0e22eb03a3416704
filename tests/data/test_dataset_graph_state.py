"""DatasetToGraphV2 / DatasetToGraph on a pipeline whose functions hold external state (a
from_generator's py_func, a py_function, a stateful random op): TF's policy attrs decide,
as TF 2.21's kernels do: external_state_policy=2 (FAIL) and DatasetToGraph's
allow_stateful=False refuse it with FailedPreconditionError naming the first stateful op,
outermost dataset first; WARN (0) and IGNORE (1) serialize it. TF's outcomes are recorded
in OUTCOMES (by `_RECORD`, which the interop test runs again in TF where it is installed).
"""

from __future__ import annotations

import json
import os
import subprocess

import pytest

import eagerflow as tf
from eagerflow._src.saved_model.protos import pb
from tests.tf_reference import TF_ENV, TF_PYTHON

PIPELINES = {
    "gen": "tf.data.Dataset.from_generator(gen, output_signature=tf.TensorSpec([], tf.int64))",
    "random": "tf.data.Dataset.range(3).map(lambda x: x + tf.cast(tf.random.uniform("
              "[], 0, 5, tf.int32), tf.int64))",
    "py": "tf.data.Dataset.range(3).map(lambda x: tf.py_function(lambda v: v, [x], tf.int64))",
    "random_then_py": "tf.data.Dataset.range(3).map(lambda x: x + tf.cast(tf.random.uniform("
                      "[], 0, 5, tf.int32), tf.int64)).map(lambda y: tf.py_function("
                      "lambda v: v, [y], tf.int64))",
}
# (pipeline, op, attrs): the calls compared (a py_func's pipeline under WARN or IGNORE,
# which TF serializes with its PyFunc node, eagerflow can't write: left out)
CALLS = [(p, "DatasetToGraphV2", {"external_state_policy": 2}) for p in PIPELINES] + \
    [(p, "DatasetToGraph", {}) for p in PIPELINES] + \
    [("random", "DatasetToGraphV2", {"external_state_policy": k}) for k in (0, 1)] + \
    [("random", "DatasetToGraph", {"allow_stateful": True})]

_WRAP = "{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} "


def _refused(op: str, name: str) -> list:
    return ["FailedPreconditionError", _WRAP % op + "Failed to serialize the input pipeline "
            f"graph: {name} is stateful. [Op:{op}] name: "]


# TF 2.21's outcomes of CALLS, in order ("ok": a serialized graph)
OUTCOMES = [_refused("DatasetToGraphV2", n) for n in ("PyFunc", "RandomUniformInt",
                                                      "EagerPyFunc", "EagerPyFunc")] + \
    [_refused("DatasetToGraph", n) for n in ("PyFunc", "RandomUniformInt", "EagerPyFunc",
                                             "EagerPyFunc")] + [["ok"]] * 3

_RECORD = """
import json, sys
import tensorflow as tf
def gen():
    yield from range(3)
out = []
for pipeline, op, attrs in json.loads(sys.argv[1]):
    ds = eval(pipeline)
    try:
        getattr(tf.raw_ops, op)(input_dataset=ds._variant_tensor, **attrs)
        out.append(["ok"])
    except Exception as e:
        out.append([type(e).__name__, str(e)])
print(json.dumps(out))
"""


def gen():
    yield from range(3)


def _outcome(pipeline: str, op: str, attrs: dict) -> list:
    ds = eval(pipeline)  # noqa: S307 - the fixed pipelines above, shared with TF's run
    try:
        out = getattr(tf.raw_ops, op)(input_dataset=ds._variant_tensor, **attrs)
    except Exception as e:  # noqa: BLE001 - comparing the class and message TF raises
        return [type(e).__name__, str(e)]
    pb().GraphDef().ParseFromString(out.numpy())  # (a GraphDef's bytes)
    return ["ok"]


@pytest.mark.parametrize("k", range(len(CALLS)))
def test_external_state_as_tensorflows_policy_says(k):
    pipeline, op, attrs = CALLS[k]
    assert _outcome(PIPELINES[pipeline], op, attrs) == OUTCOMES[k]


def test_a_serialized_stateful_map_keeps_its_random_op():
    out = tf.raw_ops.DatasetToGraphV2(input_dataset=eval(PIPELINES["random"])._variant_tensor,
                                      external_state_policy=0)
    gd = pb().GraphDef()
    gd.ParseFromString(out.numpy())
    ops = {nd.op for f in gd.library.function for nd in f.node_def}
    assert "RandomUniformInt" in ops and "MapDataset" in {nd.op for nd in gd.node}


@pytest.mark.skipif(not os.path.exists(TF_PYTHON),
                    reason="TensorFlow (EAGERFLOW_TF_PYTHON) is not installed")
def test_outcomes_are_tensorflows():
    calls = json.dumps([[PIPELINES[p], op, attrs] for p, op, attrs in CALLS])
    proc = subprocess.run([TF_PYTHON, "-c", _RECORD, calls], capture_output=True, text=True,
                          env=TF_ENV, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert json.loads(proc.stdout.strip().splitlines()[-1]) == OUTCOMES
