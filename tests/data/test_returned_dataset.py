"""A dataset returned from a tf.function is TF's `_VariantDataset`: usable eagerly
(iterated again and again, mapped, taken, batched, zipped, counted, passed to another
function), made from the values each call gave the function's tensors it reads.

returned_dataset_cases.py holds the cases; returned_dataset_golden.json is TF 2.21's
answer (record_returned_dataset_golden.py).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import eagerflow as tf
from tests.data.returned_dataset_cases import outcomes

GOLDEN = json.loads((Path(__file__).parent / "returned_dataset_golden.json").read_text())


@pytest.fixture(scope="module")
def ours():
    return outcomes(tf)


@pytest.mark.parametrize("case", sorted(GOLDEN["cases"]))
def test_returned_dataset_as_tfs(case, ours):
    assert ours[case] == GOLDEN["cases"][case]


def test_each_call_gives_its_own_dataset():
    @tf.function
    def upto(n):
        return tf.data.Dataset.range(n)

    a, b = upto(tf.constant(2, tf.int64)), upto(tf.constant(4, tf.int64))
    assert [int(x) for x in a] == [0, 1] and [int(x) for x in b] == [0, 1, 2, 3]
    assert upto.experimental_get_tracing_count() == 1


def test_returned_dataset_errors_when_iterated_as_tfs():
    @tf.function
    def checked(x):
        return tf.data.Dataset.from_tensor_slices(x).map(
            lambda e: tf.debugging.check_numerics(e, "bad"))

    ds = checked(tf.constant([1.0, float("nan")]))
    it = iter(ds)
    assert float(next(it)) == 1.0
    with pytest.raises(tf.errors.InvalidArgumentError, match="bad"):
        next(it)
