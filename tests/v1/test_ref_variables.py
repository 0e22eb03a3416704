"""TF 1's reference variables (RefVariable) made in eagerflow's graphs: what
`tf.compat.v1.Variable`/`get_variable` make with resource variables off
(`disable_resource_variables`, `disable_v2_behavior`) or `use_resource=False`.

- ref_variable_programs.py's programs against TF 2.21's results (golden/ref_variables.json,
  record_ref_variable_golden.py): reprs and float32_ref dtypes, VariableV2/Assign/Identity
  nodes, writes returning references, scatters, initialization checks and TF's
  uninitialized-value error, which constructors make which kind, every TF 1 optimizer's
  Apply*/SparseApply*/Scatter* nodes, slots, losses and values (dense and embedding
  gradients), the Saver's checkpoint, VariableDefs and save/restore nodes,
  `initialized_value()`'s cond, reference variables asked for inside a tf.function;
- `disable_v2_behavior` itself, in a process of its own;
- interop (needs TF): each side imports the other's .meta and checkpoint of a reference-
  variable model and trains on as the other does.
"""

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from tests.tf_reference import HAVE_TF_PYTHON, TF_ENV, TF_PYTHON
from tests.v1 import ref_variable_programs as rp

HERE = Path(__file__).parent
GOLDEN = json.loads((HERE / "golden" / "ref_variables.json").read_text())


def _close(ours, theirs, where=""):
    """`ours` as TF's `theirs`: floats to float32 rounding (kernels may round apart in the
    last bits), everything else exactly."""
    if isinstance(theirs, dict):
        assert isinstance(ours, dict) and sorted(ours) == sorted(theirs), where
        for k in theirs:
            _close(ours[k], theirs[k], f"{where}.{k}")
    elif isinstance(theirs, list):
        assert isinstance(ours, list) and len(ours) == len(theirs), (where, ours, theirs)
        for i, (a, b) in enumerate(zip(ours, theirs)):
            _close(a, b, f"{where}[{i}]")
    elif isinstance(theirs, float):
        np.testing.assert_allclose(ours, theirs, rtol=2e-5, atol=1e-6, err_msg=where)
    else:
        assert ours == theirs, (where, ours, theirs)


@pytest.mark.parametrize("name", sorted(rp.PROGRAMS))
def test_program_as_tf(name):
    _close(rp.PROGRAMS[name](tf), GOLDEN[name], name)


def test_resource_variables_come_back_on():
    rp.kinds(tf)
    assert tf.compat.v1.resource_variables_enabled()
    with tf.Graph().as_default():
        assert tf.compat.v1.Variable(1.0).op.type == "VarHandleOp"


def test_disable_v2_behavior_makes_reference_variables():
    done = subprocess.run([sys.executable, str(HERE / "ref_variable_programs.py"), "ef"],
                          capture_output=True, text=True, check=True, timeout=300)
    assert json.loads(done.stdout.strip().splitlines()[-1]) == GOLDEN["disabled_v2"]


def test_gradients_reach_a_reference_variable():
    with rp._refs(tf), tf.Graph().as_default():
        w = tf.compat.v1.Variable([1.0, 2.0], name="w")
        (g,) = tf.compat.v1.gradients(tf.reduce_sum(w * w), [w])
        with tf.compat.v1.Session() as sess:
            sess.run(w.initializer)
            np.testing.assert_array_equal(sess.run(g), [2.0, 4.0])


def _side(python: str, fn: str, out_dir: Path, env=None) -> dict:
    code = (f"import sys, json; sys.path.insert(0, {str(HERE.parent.parent)!r}); "
            f"import {'tensorflow' if python == TF_PYTHON else 'eagerflow'} as tf; "
            f"from tests.v1 import ref_variable_programs as rp; "
            f"print(json.dumps(rp.{fn}(tf, {str(out_dir)!r})))")
    done = subprocess.run([python, "-c", code], capture_output=True, text=True, env=env,
                          timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.mark.skipif(not HAVE_TF_PYTHON, reason="needs TensorFlow's Python")
@pytest.mark.parametrize("writer", ["eagerflow", "tf"])
def test_meta_graph_and_checkpoint_cross_with_tf(writer, tmp_path):
    ours, theirs = sys.executable, TF_PYTHON
    write = ours if writer == "eagerflow" else theirs
    saved = _side(write, "build_and_save", tmp_path, None if write == ours else TF_ENV)
    results = [_side(ours, "import_and_train", tmp_path),
               _side(theirs, "import_and_train", tmp_path, TF_ENV)]
    assert results[0]["types"] == results[1]["types"] == ["VariableV2"]
    assert results[0]["variables"] == results[1]["variables"]
    _close(results[0]["restored"][:2], saved["saved"], "restored")
    for k in ("restored", "losses", "trained"):
        _close(results[0][k], results[1][k], k)
