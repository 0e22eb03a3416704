"""The checks of AudioSpectrogram, Mfcc, ParallelConcat, the clustering ops and the
uniform quantization ops where a traced function's inputs have unknown shapes: made when
the graph runs, with the words of the eager error, never a NumPy error."""

from __future__ import annotations

from typing import Any, Callable

import numpy as np
import pytest

import eagerflow as tf

R = tf.raw_ops
F = np.float32


def _unknown(d: Any = tf.float32) -> Any:
    return tf.TensorSpec(None, d)


CASES: dict[str, tuple[Callable, list, tuple, str]] = {
    "spectrogram rank": (lambda x: R.AudioSpectrogram(input=x, window_size=4, stride=2),
                         [_unknown()], (np.ones(10, F),), "input must be 2-dimensional[10]"),
    "mfcc rank": (lambda s, r: R.Mfcc(spectrogram=s, sample_rate=r),
                  [_unknown(), _unknown(tf.int32)], (np.ones((3, 33), F), np.int32(16000)),
                  "spectrogram must be 3-dimensional[3,33]"),
    "mfcc rate": (lambda s, r: R.Mfcc(spectrogram=s, sample_rate=r),
                  [_unknown(), _unknown(tf.int32)],
                  (np.ones((1, 3, 33), F), np.array([16000], np.int32)),
                  "Input sample_rate should be a scalar tensor, got [1] instead."),
    "parallel concat": (lambda a: R.ParallelConcat(values=[a], shape=[1, 2]), [_unknown()],
                        (np.ones((2, 3), F),),
                        "value and update shape doesn't match [1,2] vs. [2,3]"),
    "nearest neighbors": (lambda p, c: R.NearestNeighbors(points=p, centers=c, k=1),
                          [_unknown(), _unknown()], (np.ones((2, 2), F), np.ones((2, 3), F)),
                          "Expected point_dimensions == center_dimensions: 2 vs 3."),
    "kmc2": (lambda d: R.KMC2ChainInitialization(distances=d, seed=1), [_unknown()],
             (np.ones(0, F),), "Expected distances_tensor.size() > 0."),
    "kmeans++": (lambda p, n: R.KmeansPlusPlusInitialization(
        points=p, num_to_sample=n, seed=1, num_retries_per_sample=-1),
        [_unknown(), _unknown(tf.int64)], (np.ones((3, 2), F), np.int64(5)),
        "Expected num_to_sample <= points.rows(). 5 vs 3."),
    "uniform quantize": (lambda x, s, z: R.UniformQuantize(
        input=x, scales=s, zero_points=z, Tout=tf.qint8, quantization_min_val=-128,
        quantization_max_val=127), [_unknown(), _unknown(), _unknown(tf.int32)],
        (np.ones((2, 3), F), np.ones(2, F), np.zeros(2, np.int32)),
        "If quantization_axis is -1, scales and zero_points must be scalar tensors"),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_checked_when_the_graph_runs(name: str) -> None:
    fn, specs, args, words = CASES[name]
    traced = tf.function(fn, input_signature=specs)
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        traced(*args)
    assert words in str(e.value)
