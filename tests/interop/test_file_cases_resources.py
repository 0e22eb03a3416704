"""file_cases_resources.py's cases (a custom TrackableResource, image augmentation layers
in `.keras` files and exports, mixed_bfloat16, a keras.layers.Pipeline, functions returning
tf.experimental.Optional values) against TensorFlow 2.21, as test_file_cases_kinds.py
checks its own (kinds_checks.suite): eagerflow reading its own files and TF's kept ones as
TF reads them (golden/file_cases_kinds.json), and where TF is installed each reading the
other's files, kinds_checks.KNOWN apart. The custom resource is checked one way: eagerflow
reads TF's file as TF does; eagerflow's saver refuses a TrackableResource of the user's
own (its handle made by raw ops) as untracked, so there is no file of ours to read."""

from __future__ import annotations

import numpy as np

import eagerflow as tf
from tests.interop import kinds_checks as K
from tests.interop.file_cases_resources import RESOURCE_CASES, RESOURCE_TF_FILES

WRITTEN_BY_BOTH = sorted(set(RESOURCE_CASES) - {"custom_resource"})

(test_our_files_read_back_as_tensorflows_own,
 test_we_read_the_files_tensorflow_wrote_as_it_does, tf_outcomes,
 test_tensorflow_reads_our_files_as_its_own,
 test_we_read_tensorflows_files_as_it_does) = K.suite(WRITTEN_BY_BOTH, "file_cases_resources",
                                                        set(RESOURCE_TF_FILES))


def test_we_read_tensorflows_custom_resource_as_it_does(tmp_path):
    # (the loader runs the resource's saved _create_resource and _initialize again)
    K.tf_files_read("custom_resource", tmp_path)


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
