"""tf.data iterators as tf.function arguments (traced by IteratorSpec) against
TensorFlow 2.21's, recorded in iterator_args_golden.json by record_iterator_args.py from
the programs of iterator_arg_cases.py; all run once, in this process."""

import gc
import json
import weakref
from pathlib import Path

import pytest

import eagerflow as tf
from tests.function.iterator_arg_cases import run

GOLDEN = json.loads((Path(__file__).resolve().parent / "iterator_args_golden.json").read_text())
CASES = [(g, k) for g, cases in GOLDEN.items() for k in cases]


@pytest.fixture(scope="module")
def got():
    return json.loads(json.dumps(run(tf)))


@pytest.mark.parametrize("group,key", CASES, ids=[f"{g}-{k}" for g, k in CASES])
def test_iterator_arguments_behave_as_tf(got, group, key):
    assert got[group][key] == GOLDEN[group][key]


def test_a_call_does_not_keep_the_iterator_alive():
    # the resource fed for an iterator names it weakly: a dropped iterator is collected
    # (and its pipeline closed) though the function and its cache live on
    @tf.function
    def f(it):
        return next(it)

    it = iter(tf.data.Dataset.range(3))
    assert int(f(it)) == 0
    ref = weakref.ref(it)
    del it
    gc.collect()
    assert ref() is None
    assert int(f(iter(tf.data.Dataset.range(4, 6)))) == 4
    assert f.experimental_get_tracing_count() == 1
