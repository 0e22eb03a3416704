"""TF's ResourceScatter ops against TensorFlow 2.21's recorded behaviour
(resource_scatter_golden.json, written by record_resource_scatter_golden.py from
resource_scatter_cases.py): the raw ops' values and errors, the Variable methods, and the
nodes a traced function's graph holds. (The registry suites check each op's kernel against
its reference, its graph forms and its bad samples.)"""

import json
from pathlib import Path

import numpy as np
import pytest
import resource_scatter_cases as cases

import eagerflow as tf
from eagerflow._src.core import device as D
from tests.gpu_target import gpu_kernels_differ

GOLDEN = json.loads((Path(__file__).resolve().parent / "resource_scatter_golden.json").read_text())
OURS = cases.run(tf)
KEYS = [(group, key) for group in GOLDEN for key in GOLDEN[group]]
# The golden errors name the host, where TF ran the ops; the cases' variables live on the
# default device (a GPU's, EAGERFLOW_STANDIN_GPUS=1), where TF runs an op on a handle
_HERE = D.default_device().canonical
# A case whose outcome is a check TF's GPU kernels don't make (an index out of range, a
# zero divisor) is compared on the host where the default device is a GPU
_ON_HOST = {k for k in KEYS if gpu_kernels_differ(GOLDEN[k[0]][k[1]])}
if _ON_HOST:
    with tf.device("/CPU:0"):
        OURS_ON_HOST = cases.run(tf)


def _placed(want):
    """`want` with its errors naming the device the cases' variables live on."""
    text = json.dumps(want).replace("/job:localhost/replica:0/task:0/device:CPU:0", _HERE)
    return json.loads(text)


@pytest.mark.parametrize("group,key", KEYS, ids=[f"{g}-{k}" for g, k in KEYS])
def test_resource_scatter_behaves_as_tf(group, key):
    if (group, key) in _ON_HOST:
        want, got = GOLDEN[group][key], OURS_ON_HOST[group][key]
    else:
        want, got = _placed(GOLDEN[group][key]), OURS[group][key]
    if isinstance(want, dict) and want.get("after") is not None:
        np.testing.assert_allclose(np.asarray(got["after"], float),
                                   np.asarray(want["after"], float), rtol=1e-12)
        assert got["error"] == want["error"]
    else:
        assert got == want


def test_a_traced_scatter_runs_on_the_variable():
    v = tf.Variable(np.arange(6.0).reshape(3, 2))

    @tf.function
    def f(i):
        return v.scatter_add(tf.IndexedSlices(tf.ones([2, 2], tf.float64), i))

    f(tf.constant([2, 2]))
    f(tf.constant([0, 2]))
    np.testing.assert_array_equal(v.numpy(), [[1, 2], [2, 3], [7, 8]])
    assert f.experimental_get_tracing_count() == 1
