"""NearestNeighbors, KMC2ChainInitialization, KmeansPlusPlusInitialization and Fact
against TF 2.21's record (clustering_golden.json, written by record_clustering_golden.py
from clustering_cases.py): nearest centers exactly, their distances to float32 rounding
(TF's products sum in another order), KMC2's index and k-means++'s points for each seed
exactly (TF's Philox draws), errors in TF's words."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from tests.golden_io import assert_raises_as_recorded, decode_array
from tests.ops.clustering_cases import KMPP_POINTS, calls

GOLDEN = json.loads((Path(__file__).parent / "clustering_golden.json").read_text())
CALLS = calls(tf)


@pytest.mark.parametrize("name", sorted(GOLDEN["calls"]))
def test_as_tf(name: str) -> None:
    want = GOLDEN["calls"][name]
    if "error" in want:
        assert_raises_as_recorded(CALLS[name], want)
        return
    got = CALLS[name]()
    got = got if isinstance(got, tuple) else (got,)
    expected = [decode_array(v) for v in want["value"]]
    assert [g.shape for g in got] == [e.shape for e in expected]
    assert [g.dtype.as_numpy_dtype for g in got] == [e.dtype for e in expected]
    if name.startswith("kmpp"):  # the points TF's draws pick, bit for bit
        np.testing.assert_array_equal(got[0].numpy(), expected[0])
        return
    for g, e in zip(got, expected):
        if e.dtype.kind == "f":
            np.testing.assert_allclose(g.numpy(), e, rtol=2e-6, atol=2e-6)
        else:
            np.testing.assert_array_equal(g.numpy(), e)


def test_kmeans_plus_plus_is_seeded() -> None:
    def run(seed: int) -> np.ndarray:
        return tf.raw_ops.KmeansPlusPlusInitialization(
            points=KMPP_POINTS, num_to_sample=6, seed=seed, num_retries_per_sample=-1).numpy()

    np.testing.assert_array_equal(run(3), run(3))
    assert not np.array_equal(run(3), run(4))


def test_traced_shapes() -> None:
    @tf.function(input_signature=[tf.TensorSpec([None, 3]), tf.TensorSpec([5, 3]),
                                  tf.TensorSpec([], tf.int64)])
    def nearest(p: tf.Tensor, c: tf.Tensor, k: tf.Tensor) -> tuple:
        idx, dist = tf.raw_ops.NearestNeighbors(points=p, centers=c, k=k)
        assert idx.shape.as_list() == [None, None] and idx.dtype == tf.int64
        return idx, dist

    p = np.arange(12, dtype=np.float32).reshape(4, 3)
    c = np.arange(15, dtype=np.float32).reshape(5, 3)[::-1].copy()
    eager = tf.raw_ops.NearestNeighbors(points=p, centers=c, k=2)
    traced = nearest(p, c, np.int64(2))
    np.testing.assert_array_equal(traced[0].numpy(), eager[0].numpy())
    np.testing.assert_array_equal(traced[1].numpy(), eager[1].numpy())
