"""file_cases_resources.py's cases (a custom TrackableResource, image augmentation layers
in `.keras` files and exports, mixed_bfloat16, a keras.layers.Pipeline, functions returning
tf.experimental.Optional values) against TensorFlow 2.21, as test_file_cases_kinds.py
checks its own (kinds_checks.suite): eagerflow reading its own files and TF's kept ones as
TF reads them (golden/file_cases_kinds.json), and where TF is installed each reading the
other's files, kinds_checks.KNOWN apart."""

from __future__ import annotations

import json
import os
import subprocess

import numpy as np
import pytest

import eagerflow as tf
from tests.interop import kinds_checks as K
from tests.interop.file_cases_resources import (
    RESOURCE_CASES,
    RESOURCE_TF_FILES,
    _resource_module,
    _traced_module,
)
from tests.tf_reference import TF_ENV, TF_PYTHON

(test_our_files_read_back_as_tensorflows_own,
 test_we_read_the_files_tensorflow_wrote_as_it_does, tf_outcomes,
 test_tensorflow_reads_our_files_as_its_own,
 test_we_read_tensorflows_files_as_it_does) = K.suite(sorted(RESOURCE_CASES),
                                                        "file_cases_resources",
                                                        set(RESOURCE_TF_FILES))


def test_cond_carries_optionals():
    # TF's cond_v2 carries an Optional as its variant: each branch may make one
    spec = tf.TensorSpec([None], tf.float32)

    @tf.function(input_signature=[spec])
    def maybe(x):
        opt = tf.cond(tf.size(x) > 0, lambda: tf.experimental.Optional.from_value(x + 1.0),
                      lambda: tf.experimental.Optional.empty(spec))
        return opt.has_value(), tf.cond(opt.has_value(), opt.get_value,
                                        lambda: tf.constant([0.0]))

    has, value = maybe(tf.constant([1.0, 2.0]))
    assert bool(has) and np.asarray(value).tolist() == [2.0, 3.0]
    has, value = maybe(tf.constant([], tf.float32))
    assert not bool(has) and np.asarray(value).tolist() == [0.0]


def _resource_kinds(loaded) -> list:
    return [type(loaded.table).__name__, sorted(k for k in ("_create_resource", "_initialize",
                                                           "_destroy_resource")
                                               if hasattr(loaded.table, k))]


def test_a_custom_resource_is_saved_with_its_functions(tmp_path):
    # TF's form: a resource node whose _create_resource/_initialize/_destroy_resource are
    # tf.functions of no arguments; the loader runs the first two (the table filled anew:
    # what was inserted before the save is not kept); saved again, the loaded one keeps
    # its restored _initialize and no checkpointed contents, so a load fills it anew (TF
    # 2.21 on the same steps: [1, 2, -1] and size 3 after the second load)
    m = _resource_module(tf)
    m.insert(tf.constant(["z"]), tf.constant([26], tf.int64))
    tf.saved_model.save(m, str(tmp_path / "a"))
    loaded = tf.saved_model.load(str(tmp_path / "a"))
    assert _resource_kinds(loaded) == ["RestoredResource", ["_create_resource",
                                                             "_destroy_resource", "_initialize"]]
    assert loaded.lookup(tf.constant(["a", "b", "z"])).numpy().tolist() == [1, 2, -1]
    assert int(loaded.size()) == 3
    loaded.insert(tf.constant(["b"]), tf.constant([20], tf.int64))
    tf.saved_model.save(loaded, str(tmp_path / "b"))
    again = tf.saved_model.load(str(tmp_path / "b"))
    assert again.lookup(tf.constant(["a", "b", "z"])).numpy().tolist() == [1, 2, -1]
    assert int(again.size()) == 3


_TF_RESAVE = """
import json, sys
import tensorflow as tf
tf.saved_model.save(tf.saved_model.load(sys.argv[1]), sys.argv[2])
m = tf.saved_model.load(sys.argv[2])
print(json.dumps([m.lookup(tf.constant(["a", "c", "z"])).numpy().tolist(), int(m.size())]))
"""


def test_our_resource_saved_again_by_tensorflow_loads(tmp_path):
    # ours -> TF -> ours: TF's re-save wraps the restored creator's call in a function of
    # its own (StatefulPartitionedCall of __inference_restored_function_body_*, which
    # calls the creator): eagerflow finds the table through the calls, as TF's re-load
    if not os.path.exists(TF_PYTHON):
        pytest.skip("TensorFlow (EAGERFLOW_TF_PYTHON) is not installed")
    m = _resource_module(tf)
    tf.saved_model.save(m, str(tmp_path / "ours"))
    proc = subprocess.run([TF_PYTHON, "-c", _TF_RESAVE, str(tmp_path / "ours"),
                           str(tmp_path / "tf")], capture_output=True, text=True, env=TF_ENV,
                          timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    tf_reads = json.loads(proc.stdout.strip().splitlines()[-1])
    loaded = tf.saved_model.load(str(tmp_path / "tf"))
    assert _resource_kinds(loaded)[0] == "RestoredResource"
    assert [loaded.lookup(tf.constant(["a", "c", "z"])).numpy().tolist(),
            int(loaded.size())] == tf_reads == [[1, 3, -1], 3]
    loaded.insert(tf.constant(["z"]), tf.constant([26], tf.int64))
    assert loaded.lookup(tf.constant(["z"])).numpy().tolist() == [26]


def test_a_resource_made_by_a_trace_is_saved_bound(tmp_path):
    # TF 2.21 saves a resource whose handle a call's trace made (that call saw a table of
    # its own): the function saved is the save's retrace, which takes the resource's
    # handle as a bound input; the loader makes and fills the resource (TF: [1, 2, -1])
    m = _traced_module(tf)
    assert m.lookup(tf.constant(["a", "q"])).numpy().tolist() == [-1, -1]
    tf.saved_model.save(m, str(tmp_path / "sm"))
    loaded = tf.saved_model.load(str(tmp_path / "sm"))
    assert loaded.lookup(tf.constant(["a", "b", "q"])).numpy().tolist() == [1, 2, -1]
    assert m.lookup(tf.constant(["a"])).numpy().tolist() == [-1]  # (its call's trace kept)
