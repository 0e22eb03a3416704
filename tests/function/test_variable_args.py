"""tf.Variable arguments of a tf.function (traced by VariableSpec) against TensorFlow
2.21's, recorded in variable_args_golden.json by record_variable_args.py from the
programs of variable_arg_cases.py; all run once, in this process."""

import json
import threading
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import eagerflow as tf
from tests.function.variable_arg_cases import run

GOLDEN = json.loads((Path(__file__).resolve().parent / "variable_args_golden.json").read_text())
CASES = [(g, k) for g, cases in GOLDEN.items() for k in cases]


@pytest.fixture(scope="module")
def got():
    return json.loads(json.dumps(run(tf)))


@pytest.mark.parametrize("group,key", CASES, ids=[f"{g}-{k}" for g, k in CASES])
def test_variable_arguments_behave_as_tf(got, group, key):
    assert got[group][key] == GOLDEN[group][key]


_VARS = st.lists(st.tuples(st.lists(st.integers(1, 3), max_size=2),
                           st.sampled_from(["float32", "int32"]), st.booleans()),
                 min_size=1, max_size=6)


@settings(max_examples=15, deadline=None)
@given(_VARS)
def test_one_trace_per_variable_spec(specs):
    # TF's rule (recorded above for a few specs): a variable argument's trace is keyed by
    # its shape, dtype and trainability; each call reads and writes the variable passed
    @tf.function
    def bump(v):
        v.assign_add(tf.ones_like(v))
        return v * 2

    variables = [tf.Variable(np.zeros(shape, dtype), trainable=trainable)
                 for shape, dtype, trainable in specs]
    for v in variables:
        np.testing.assert_array_equal(bump(v).numpy(), np.full(v.shape, 2, v.dtype.name))
        np.testing.assert_array_equal(v.numpy(), np.ones(v.shape, v.dtype.name))
    distinct = {(tuple(s), d, t) for s, d, t in specs}
    assert bump.experimental_get_tracing_count() == len(distinct)


def test_threads_write_the_variables_they_pass():
    # the trace's stand-in is bound per thread: concurrent calls with different
    # variables each update their own
    @tf.function
    def bump(v):
        v.assign_add(1.0)
        return v.read_value()

    variables = [tf.Variable(0.0) for _ in range(4)]
    bump(variables[0])
    variables[0].assign(0.0)

    def work(v):
        for _ in range(200):
            bump(v)

    threads = [threading.Thread(target=work, args=(v,)) for v in variables]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert [float(v.numpy()) for v in variables] == [200.0] * 4
    assert bump.experimental_get_tracing_count() == 1
