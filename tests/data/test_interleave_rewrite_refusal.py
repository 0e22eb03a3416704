"""Dataset.interleave with a fixed num_parallel_calls above the cycle length TF chose
(cycle_length unset or AUTOTUNE): TF 2.21 makes the dataset, then MakeIterator, remaking
the rewritten graph in which the chosen cycle length is written, refuses it.

Recorded from TF 2.21 on a 2-core machine (the chosen cycle length: 2), messages and the
node ids of `ParallelInterleaveDatasetV4` in the graph of each pipeline."""

import pytest

import eagerflow as tf
import eagerflow._src.data.parallel as parallel

D = tf.data.Dataset

_HEAD = ("{{function_node __wrapped__MakeIterator_device_/job:localhost/replica:0/task:0/"
         "device:CPU:0}} If `cycle_length` is set to a fixed value, `num_parallel_calls` "
         "must be either `tf.data.AUTOTUNE` or a value less than or equal to "
         "`cycle_length`. However, `num_parallel_calls` is ")


def _f(x):
    return D.range(x)


def _g(x):
    return D.range(tf.cast(x, tf.int64))


# (pipeline, TF's num_parallel_calls in the message, TF's node id)
_REFUSED = {
    "plain": (lambda: D.range(6).interleave(_f, num_parallel_calls=16), 16, 9),
    "autotune_cycle": (lambda: D.range(6).interleave(_f, cycle_length=tf.data.AUTOTUNE,
                                                     num_parallel_calls=16), 16, 9),
    "three": (lambda: D.range(6).interleave(_f, num_parallel_calls=3), 3, 9),
    "block2": (lambda: D.range(6).interleave(_f, block_length=2, num_parallel_calls=3), 3, 9),
    "after_map": (lambda: D.range(6).map(lambda x: x).interleave(_f, num_parallel_calls=16),
                  16, 10),
    "slices": (lambda: D.from_tensor_slices([1, 2, 3]).interleave(_g, num_parallel_calls=5),
               5, 7),
    "then_batch": (lambda: D.range(6).interleave(_f, num_parallel_calls=16).batch(2), 16, 9),
    "second": (lambda: D.range(6).interleave(_f, num_parallel_calls=2).interleave(
        _f, num_parallel_calls=3), 3, 15),
}


@pytest.fixture
def two_cores(monkeypatch):
    monkeypatch.setattr(parallel, "max_parallelism", lambda: 2)


@pytest.mark.parametrize("case", sorted(_REFUSED))
def test_iterator_creation_refuses(two_cores, case):
    make, calls, node = _REFUSED[case]
    ds = make()  # (making the dataset succeeds)
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        iter(ds)
    assert str(e.value) == (f"{_HEAD}{calls} and `cycle_length` is 2\n\t [[{{{{node "
                            f"ParallelInterleaveDatasetV4/_{node}}}}}]] [Op:MakeIterator] name: ")


# TF's elements (recorded) where the iterator is made
_ELEMENTS_1 = [0, 0, 1, 0, 1, 2, 0, 1, 2, 3, 0, 1, 2, 3, 4]


def test_within_the_cores_iterates(two_cores):
    ds = D.range(6).interleave(_f, num_parallel_calls=1)
    assert [int(x) for x in ds] == _ELEMENTS_1


def test_without_default_optimizations_iterates(two_cores):
    # (TF rewrites no graph then: its elements, recorded, in the parallel order)
    options = tf.data.Options()
    options.experimental_optimization.apply_default_optimizations = False
    ds = D.range(6).interleave(_f, num_parallel_calls=16).with_options(options)
    assert sorted(int(x) for x in ds) == sorted(_ELEMENTS_1)
