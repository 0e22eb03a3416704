"""tf.math.sobol_sample beyond the TF goldens (tfnn_cases.SOBOL): the packed direction
table decodes to the published Joe-Kuo table, and the points are a Sobol sequence."""

from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.ops import sobol


def test_the_packed_table_is_the_published_one():
    scipy_stats = pytest.importorskip("scipy.stats")
    table = np.load(Path(scipy_stats.__file__).with_name("_sobol_direction_numbers.npz"))
    degree, poly, m = sobol._table()
    assert poly.tolist() == table["poly"][1:].tolist()
    for j in (0, 1, 2, 500, 9999, 21199):
        s = int(degree[j])
        assert m[j, :s].tolist() == table["vinit"][j + 1, :s].tolist()


def test_each_dimension_stratifies_dyadic_intervals():
    # the first 2^k points after the zero point, with the zero point, hit every interval
    # [i / 2^k, (i + 1) / 2^k) of each coordinate once: the sequence's defining property
    x = np.concatenate([np.zeros((1, 64)), tf.math.sobol_sample(64, 255).numpy()])
    for k in (1, 4, 8):
        cells = np.floor(x * 2 ** k).astype(int)
        for d in range(64):
            assert sorted(cells[: 2 ** k, d].tolist()) == list(range(2 ** k))


def test_skip_continues_the_sequence():
    full = tf.math.sobol_sample(5, 40, dtype=tf.float64).numpy()
    np.testing.assert_array_equal(tf.math.sobol_sample(5, 15, skip=25, dtype=tf.float64), full[25:])


def test_a_dtype_that_is_not_a_dtype_is_a_type_error():
    # found by tests/fuzz (an attrs dict with dtype None reached the shape function);
    # TF 2.21's raw op: TypeError "Expected DataType for argument 'dtype' not None."
    from eagerflow._src.ops.dispatch import bind

    args = tuple(tf.constant(x, tf.int32) for x in (2, 3, 0))
    with pytest.raises(TypeError, match=r"^Expected DataType for argument 'dtype' not None\."):
        bind(sobol.SOBOL_SAMPLE, args, {"dtype": None})
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match="Value for attr 'dtype' of half is not in the list of allowed "
                             "values: float, double"):
        bind(sobol.SOBOL_SAMPLE, args, {"dtype": tf.float16})
