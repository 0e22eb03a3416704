"""Histogram, image and audio summaries inside tf.function, against TensorFlow 2.21 (runs
only where TensorFlow is installed): the buckets TF computes for the same data, and
SavedModels whose functions write such summaries, saved here and loaded by TF, and saved
by TF and loaded here, writing the same events.
"""

import glob
import os
import subprocess

import numpy as np
import pytest

import eagerflow as tf
from tests.summary.test_summary_data import CASES, DATA_CASES, written
from tests.summary.test_summary_saved_model_tf import _values
from tests.tf_reference import TF_ENV, TF_PYTHON

pytestmark = pytest.mark.skipif(not os.path.exists(TF_PYTHON),
                                reason="TensorFlow (EAGERFLOW_TF_PYTHON) is not installed")

TF_EAGER = r'''
import sys
import numpy as np
import tensorflow as tf

exec(sys.argv[2])  # CASES, DATA_CASES
w = tf.summary.create_file_writer(sys.argv[1])
with w.as_default(step=0):
    for i, (kind, data, kw) in enumerate(CASES):
        if kind == "histogram":
            tf.summary.histogram(f"c{i}", np.array(data[0], data[1]), **kw)
        elif kind == "image":
            tf.summary.image(f"c{i}", np.array(data[0], data[1]), **kw)
        else:
            tf.summary.audio(f"c{i}", np.array(data[0], data[1]), 8000, **kw)
w.flush()
'''


def test_the_summaries_data_is_tfs(tmp_path):
    subprocess.run([TF_PYTHON, "-c", TF_EAGER, str(tmp_path / "tf"), DATA_CASES], check=True,
                   env=TF_ENV, capture_output=True)
    (theirs,) = glob.glob(str(tmp_path / "tf" / "events.out.tfevents.*"))
    want = {t: tensor for _, vs in _values(theirs) for t, _, tensor in vs}
    got = written(str(tmp_path / "ours"), traced=True)
    assert set(got) == set(want) == {f"c{i}" for i in range(len(CASES))}
    for tag in want:
        assert got[tag] == want[tag], tag


class _Module(tf.Module):
    def __init__(self, logdir):
        self.w = tf.summary.create_file_writer(logdir, experimental_trackable=True)

    @tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
    def f(self, x):
        with self.w.as_default(step=1):
            tf.summary.histogram("h", x)
            tf.summary.image("i", tf.reshape(x, [1, 2, 2, 1]))
            tf.summary.audio("a", tf.reshape(x, [1, 4, 1]), 8000)
        return x


TF_LOAD = r'''
import sys
import tensorflow as tf

m = tf.saved_model.load(sys.argv[1])
m.f(tf.constant([0.1, 0.5, -0.2, 0.9]))
'''


def test_our_saved_model_writing_histograms_images_audio_loads_in_tf(tmp_path):
    logs = tmp_path / "logs"
    m = _Module(str(logs))
    m.f(tf.constant([0.1, 0.5, -0.2, 0.9]))
    m.w.flush()
    (ours,) = glob.glob(str(logs / "events.out.tfevents.*"))
    tf.saved_model.save(m, str(tmp_path / "sm"))
    subprocess.run([TF_PYTHON, "-c", TF_LOAD, str(tmp_path / "sm")], check=True, env=TF_ENV,
                   capture_output=True)
    (theirs,) = set(glob.glob(str(logs / "events.out.tfevents.*"))) - {ours}
    assert _values(theirs) == _values(ours)
    assert [t for _, vs in _values(ours) for t, _, _ in vs] == ["h", "i", "a"]


TF_SAVE = r'''
import os, sys
import tensorflow as tf

d = sys.argv[1]


class M(tf.Module):
    def __init__(self):
        self.w = tf.summary.create_file_writer(os.path.join(d, "logs"),
                                               experimental_trackable=True)

    @tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
    def f(self, x):
        with self.w.as_default(step=1):
            tf.summary.histogram("h", x, buckets=5)
            tf.summary.image("i", tf.reshape(x, [1, 2, 2, 1]))
            tf.summary.audio("a", tf.reshape(x, [1, 4, 1]), 8000)
        return x


tf.saved_model.save(M(), os.path.join(d, "sm"))
loaded = tf.saved_model.load(os.path.join(d, "sm"))
loaded.f(tf.constant([0.1, 0.5, -0.2, 0.9]))
'''


def test_a_tf_saved_model_writing_histograms_images_audio_runs_here(tmp_path):
    subprocess.run([TF_PYTHON, "-c", TF_SAVE, str(tmp_path)], check=True, env=TF_ENV,
                   capture_output=True)
    logs = tmp_path / "logs"
    before = set(glob.glob(str(logs / "events.out.tfevents.*")))
    m = tf.saved_model.load(str(tmp_path / "sm"))
    np.testing.assert_allclose(m.f(tf.constant([0.1, 0.5, -0.2, 0.9])).numpy(),
                               [0.1, 0.5, -0.2, 0.9], rtol=1e-6)
    (mine,) = set(glob.glob(str(logs / "events.out.tfevents.*"))) - before
    theirs = [v for p in before if _values(p) for v in _values(p)]
    assert _values(mine) == theirs
    assert [t for _, vs in theirs for t, _, _ in vs] == ["h", "i", "a"]
