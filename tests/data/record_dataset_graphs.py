"""Records tests/data/dataset_graphs_golden.json with TensorFlow 2.21 (run with
.venv-peers/bin/python): each case of dataset_graph_cases.py's value in a tf.function at
n=7, and for each of its graph pipelines TF's DatasetToGraphV2 bytes (base64) and elements;
and tests/data/dataset_variable_model, a SavedModel whose map function reads a variable.
"""

import base64
import json
import os
import sys
from pathlib import Path

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import tensorflow as tf  # noqa: E402
from dataset_graph_cases import cases, graph_pipelines  # noqa: E402

out = {"values": {}, "graphs": {}}
for name, fn in cases(tf).items():
    out["values"][name] = int(tf.function(fn)(tf.constant(7, tf.int64)).numpy())
for name, ds in graph_pipelines(tf).items():
    raw = tf.raw_ops.DatasetToGraphV2(input_dataset=ds._variant_tensor).numpy()
    out["graphs"][name] = {
        "bytes": base64.b64encode(raw).decode(),
        "elements": [[c.tolist() for c in tf.nest.flatten(e)] for e in ds.as_numpy_iterator()]}
# a SavedModel whose dataset function reads a variable (a resource Targument)
v = tf.Variable(tf.constant(10, tf.int64))


@tf.function(input_signature=[tf.TensorSpec([], tf.int64)])
def scaled_total(n):
    return tf.data.Dataset.range(n).map(lambda x: x * v).reduce(
        tf.constant(0, tf.int64), lambda a, b: a + b)


module = tf.Module()
module.v, module.scaled_total = v, scaled_total
tf.saved_model.save(module, str(HERE / "dataset_variable_model"))
out["variable_model"] = int(scaled_total(tf.constant(4, tf.int64)).numpy())
(HERE / "dataset_graphs_golden.json").write_text(json.dumps(out, indent=1, sort_keys=True) + "\n")
print("recorded", len(out["values"]), "values,", len(out["graphs"]), "graphs")
