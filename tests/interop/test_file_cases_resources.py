"""file_cases_resources.py's cases (a custom TrackableResource, image augmentation layers
in `.keras` files and exports, mixed_bfloat16, a keras.layers.Pipeline, functions returning
tf.experimental.Optional values) against TensorFlow 2.21, as test_file_cases_kinds.py
checks its own (kinds_checks.suite): eagerflow reading its own files and TF's kept ones as
TF reads them (golden/file_cases_kinds.json), and where TF is installed each reading the
other's files, kinds_checks.KNOWN apart."""

from __future__ import annotations

import numpy as np

import eagerflow as tf
from tests.interop import kinds_checks as K
from tests.interop.file_cases_resources import RESOURCE_CASES, RESOURCE_TF_FILES, _resource_module

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
