"""tf.raw_ops' functional ops: raw_functional_cases.CASES give TF 2.21's recorded values,
errors and (failing) eager gradients; inside tf.function they trace as tf.cond,
tf.while_loop and tf.switch_case do, and differentiate."""

import json
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from tests.saved_model.raw_functional_cases import CASES, SETUP
from tests.saved_model.raw_ops_cases import error, record
from tests.saved_model.test_raw_ops import _same

GOLDEN = json.loads((Path(__file__).parent / "golden" / "raw_functional.json").read_text())


@pytest.fixture(scope="module")
def scope():
    defs = {"tf": tf, "np": np}
    exec(SETUP, defs)  # noqa: S102 (the cases' shared definitions)
    return defs


def test_the_golden_file_covers_every_case():
    assert list(GOLDEN) == CASES


@pytest.mark.parametrize("expr", CASES)
def test_calls_give_tf_results_and_errors(expr, scope):
    try:
        got = record(eval(expr, scope))
    except Exception as e:  # noqa: BLE001 (the class and message are compared)
        got = error(e)
    _same(got, GOLDEN[expr])


def test_traced_calls_differentiate(scope):
    double, step, below3 = scope["double"], scope["step"], scope["below3"]

    @tf.function
    def f(x):
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = tf.raw_ops.If(cond=x > 0, input=[x], Tout=[tf.float32], then_branch=double,
                              else_branch=double)[0]
            z = tf.raw_ops.PartitionedCall(args=[x], Tout=[tf.float32], f=double)[0]
            w = tf.raw_ops.While(input=[tf.constant(0), x], cond=below3, body=step)[1]
        return tape.gradient([y, z, w], x)

    assert float(f(tf.constant(3.0))) == 2.0 + 2.0 + 8.0


def test_traced_graph_names_the_ops(scope):
    cf = scope["traced"].get_concrete_function(tf.TensorSpec([], tf.bool),
                                               tf.TensorSpec([], tf.float32))
    types = {op.type for op in cf.graph.get_operations()}
    # (each TF's node of the op called: test_raw_functional_graph.py compares them whole)
    assert {"PartitionedCall", "If", "While", "Case"} <= types


def test_names_and_signatures():
    for name in ("If", "StatelessIf", "Case", "StatelessCase", "While", "StatelessWhile",
                 "PartitionedCall", "StatefulPartitionedCall"):
        assert name in dir(tf.raw_ops)
    assert list(tf.raw_ops.If.__signature__.parameters) == [
        "cond", "input", "Tout", "then_branch", "else_branch", "output_shapes", "name"]


def test_critical_section_serializes_threads_and_survives_errors():
    import threading

    cs = tf.CriticalSection()
    v = tf.Variable(0)

    @tf.function
    def bump():
        return cs.execute(lambda: v.assign_add(1))

    with pytest.raises(ZeroDivisionError):
        cs.execute(lambda: 1 / 0)  # (the lock is released: the next execute runs)
    threads = [threading.Thread(target=lambda: [bump() for _ in range(20)]) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert int(v.numpy()) == 80
    assert int(cs.execute(lambda: v.read_value())) == 80


def test_a_thread_locking_its_own_mutex_is_refused_not_hung():
    m = tf.raw_ops.MutexV2()
    lock = tf.raw_ops.MutexLock(mutex=m)
    with pytest.raises(tf.errors.FailedPreconditionError, match="already holds the mutex"):
        tf.raw_ops.MutexLock(mutex=m)
    tf.raw_ops.ConsumeMutexLock(mutex_lock=lock)
    assert tf.raw_ops.MutexLock(mutex=m).dtype == tf.variant


def test_a_func_attribute_refused_whole_as_tf_words_it():
    # (TF refuses it as it sets the attributes: no function prefix, no " name: "; every
    # attribute's value is checked before a tf.function's name is looked up)
    words = ("unable to set function value attribute from a function object. If you think "
             "this is an error, please file an issue at https://github.com/tensorflow/"
             "tensorflow/issues/new [Op:If]")
    for then in (lambda x: x, tf.function(lambda x: x)):
        with pytest.raises(tf.errors.InvalidArgumentError) as e:
            tf.raw_ops.If(cond=True, input=[1.0], Tout=[tf.float32], then_branch=then,
                          else_branch=lambda x: x)
        assert str(e.value) == words
