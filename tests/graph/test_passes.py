"""Each optimization pass: what it removes, what it must keep, results preserved."""

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.graph import codegen, interpreter
from eagerflow._src.graph.ir import Operation
from eagerflow._src.graph.passes import cse, dce, fold_constants, inline_calls, optimize, simplify
from eagerflow._src.graph.passes.common import copy_graph
from eagerflow._src.graph.symbolic_tensor import SymbolicTensor
from eagerflow._src.graph.verify import GraphVerificationError, verify
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.registry import OpDef
from tests.graph.graph_helpers import build, run, types

COUNTER = {"n": 0}


@pytest.fixture(autouse=True)
def on_cpu():
    """The passes' results are checked through the generated code of the CPU's path
    (NumPy arrays in and out, buffers reused in place), so the graphs run on CPU:0."""
    with tf.device("/cpu:0"):
        yield


def _tick_kernel(xp, x):
    COUNTER["n"] += 1
    return x + 1


TICK = OpDef("Tick", lambda x: [(x._shape, x._dtype)], _tick_kernel, stateful=True)


F32 = ((3,), tf.float32)
X = np.array([1.0, -2.0, 3.0], np.float32)


def test_constant_folding_runs_constant_subgraphs_once():
    g = build(lambda x: x * (tf.constant(2.0) * tf.constant(3.0) + tf.exp(tf.constant(0.0))), F32)
    before = run(g, X)
    g2 = fold_constants(copy_graph(g))
    verify(g2)
    assert "Exp" not in types(g2) and types(g2).count("Mul") == 1
    np.testing.assert_array_equal(run(g2, X)[0], before[0])
    np.testing.assert_array_equal(before[0], X * 7)


def test_folding_skips_stateful_and_variable_reads():
    v = tf.Variable([1.0, 1.0, 1.0])
    g = build(lambda x: x + bind(TICK, (tf.constant([1.0, 2.0, 3.0]),), {}) + v, F32)
    g2 = optimize(g)
    assert "Tick" in types(g2) and "ReadVariableOp" in types(g2)
    COUNTER["n"] = 0
    fn = codegen.generate(g2).fn
    fn(X)
    v.assign([5.0, 5.0, 5.0])
    out = fn(X)
    assert COUNTER["n"] == 2
    np.testing.assert_array_equal(out[0], X + [2, 3, 4] + 5)


def test_folding_leaves_failing_kernels_to_run_time():
    g = build(lambda x: x + tf.cast(tf.constant(1) // tf.constant(0), tf.float32), F32)
    g2 = fold_constants(copy_graph(g))
    assert "FloorDiv" in types(g2)
    with pytest.raises(tf.errors.InvalidArgumentError, match="Integer division by zero"):
        run(g2, X)


def test_cse_merges_pure_duplicates_only():
    def f(x):
        a = tf.exp(x) + tf.exp(x)
        b = bind(TICK, (x,), {}) + bind(TICK, (x,), {})
        return a, b
    g = build(f, F32)
    g2 = cse(copy_graph(g))
    verify(g2)
    assert types(g2).count("Exp") == 1
    assert types(g2).count("Tick") == 2
    np.testing.assert_allclose(run(g2, X)[0], 2 * np.exp(X), rtol=1e-6)


def test_cse_keeps_reads_apart_across_writes():
    v = tf.Variable(1.0)

    def f(x):
        a = v.read_value()
        v.assign_add(10.0)
        b = v.read_value()
        c = v.read_value()
        return a, b, c
    g = build(f, ((), tf.float32))
    g2 = optimize(g)
    assert types(g2).count("ReadVariableOp") == 2
    out = run(g2, np.float32(0))
    assert [float(o) for o in out] == [1.0, 11.0, 11.0]


def test_cse_keeps_reads_apart_across_a_branch_that_writes():
    # (a tf.cond whose branch assigns names no variable itself: a read before it is not a
    # read after it; Keras 3's EMA read the kernels a gradient-accumulation cond updated)
    v = tf.Variable(1.0)

    @tf.function
    def f(c):
        before = v * 2.0
        tf.cond(c, lambda: v.assign_add(1.0).read_value(), lambda: tf.constant(0.0))
        return before, v * 1.0

    assert [float(t) for t in f(tf.constant(True))] == [2.0, 2.0]
    assert [float(t) for t in f(tf.constant(False))] == [4.0, 2.0]


def test_dce_prunes_unused_and_keeps_effects():
    v = tf.Variable(0.0)

    def f(x):
        tf.sin(x)  # unused
        v.assign_add(1.0)
        bind(TICK, (x,), {})  # result unused, but it has an effect
        return x * 2.0
    g = build(f, F32)
    g2 = dce(copy_graph(g))
    verify(g2)
    assert "Sin" not in types(g2)
    assert "AssignAddVariableOp" in types(g2) and "Tick" in types(g2)
    COUNTER["n"] = 0
    run(g2, X)
    assert float(v) == 1.0 and COUNTER["n"] == 1


@pytest.mark.parametrize("fn,gone", [
    (lambda x: x * 1.0, "Mul"),
    (lambda x: 1.0 * x, "Mul"),
    (lambda x: x + 0.0, "AddV2"),
    (lambda x: x - 0.0, "Sub"),
    (lambda x: x / 1.0, "RealDiv"),
    (lambda x: tf.identity(x) * 2.0, "Identity"),
    (lambda x: -(-x) * 2.0, "Neg"),
    (lambda x: tf.reshape(tf.reshape(x, [1, 3]), [3]), "Reshape"),
    (lambda x: tf.transpose(tf.transpose(tf.reshape(x, [3, 1]))), "Transpose"),
])
def test_simplify_removes_identities(fn, gone):
    g = build(fn, F32)
    before = run(g, X)
    g2 = simplify(copy_graph(g))
    verify(g2)
    assert gone not in types(g2), types(g2)
    for a, b in zip(run(g2, X), before):
        np.testing.assert_array_equal(a, b)


def test_simplify_keeps_broadcasting_and_dtype_changes():
    # x * ones((2,3)) broadcasts: removing it would change the shape
    g = build(lambda x: x * tf.ones((2, 3)), F32)
    g2 = simplify(copy_graph(g))
    assert "Mul" in types(g2)
    assert run(g2, X)[0].shape == (2, 3)


def test_double_transpose_composes_permutations():
    g = build(lambda x: tf.transpose(tf.transpose(x, [1, 2, 0]), [1, 2, 0]),
              ((2, 3, 4), tf.float32))
    a = np.arange(24, dtype=np.float32).reshape(2, 3, 4)
    g2 = simplify(copy_graph(g))
    assert types(g2).count("Transpose") == 1
    np.testing.assert_array_equal(run(g2, a)[0], a.transpose(1, 2, 0).transpose(1, 2, 0))


@pytest.mark.parametrize("reduce", [tf.reduce_sum, tf.reduce_mean, tf.reduce_max,
                                    tf.reduce_prod])
@pytest.mark.parametrize("axis,keepdims", [(1, False), ([1, 3], True), ([], False)])
def test_simplify_makes_reductions_over_ones_reshapes(reduce, axis, keepdims):
    # each reduced axis holds one value: the kernel would copy its input (-0 stays -0, a
    # nan stays itself), which a reshape gives without a copy
    a = np.array([[[[-0.0], [np.nan], [3.5]]], [[[1e-45], [-2.0], [np.inf]]]], np.float32)
    g = build(lambda x: reduce(x, axis=axis, keepdims=keepdims), ((2, 1, 3, 1), tf.float32))
    before = run(g, a)[0]
    g2 = simplify(copy_graph(g))
    verify(g2)
    assert [t for t in types(g2) if t not in ("Const",)] in (["Reshape"], []), types(g2)
    got = run(g2, a)[0]
    assert got.shape == before.shape and got.tobytes() == before.tobytes()


def test_simplify_keeps_reductions_that_add():
    # an axis of 2, an axis known only when the graph runs, a shape unknown when traced
    g = build(lambda x: tf.reduce_sum(x, axis=[0, 1]), ((2, 1, 3), tf.float32))
    assert "Sum" in types(simplify(copy_graph(g)))
    g = build(lambda x, k: tf.reduce_sum(x, axis=k), ((1, 3), tf.float32), ((), tf.int32))
    assert "Sum" in types(simplify(copy_graph(g)))
    g = build(lambda x: tf.reduce_sum(x, axis=1), ((None, 1), tf.float32))
    assert "Sum" in types(simplify(copy_graph(g)))


def test_inline_expands_nested_functions():
    @tf.function
    def inner(x):
        return tf.sin(x) * 2.0

    @tf.function
    def outer(x):
        return inner(x) + inner(x)
    cf = outer.get_concrete_function(tf.constant(X))
    assert "PartitionedCall" in types(cf.graph)
    g2 = optimize(cf.graph)
    assert "PartitionedCall" not in types(g2)
    assert types(g2).count("Sin") == 1  # CSE across the two inlined calls
    np.testing.assert_allclose(outer(tf.constant(X)).numpy(), 4 * np.sin(X), rtol=1e-6)
    g3 = inline_calls(copy_graph(cf.graph))
    verify(g3)


def test_verifier_rejects_malformed_graphs():
    g = build(lambda x: tf.exp(x) + x, F32)
    verify(g)
    broken = copy_graph(g)
    broken.operations.reverse()  # uses before definitions
    with pytest.raises(GraphVerificationError, match="before it is computed"):
        verify(broken)
    other = build(lambda x: x * 2.0, F32)
    foreign = copy_graph(g)
    node = next(o for o in foreign.operations if o.type == "Exp")
    node.inputs = (other.inputs[0],)
    with pytest.raises(GraphVerificationError, match="another graph"):
        verify(foreign)
    bad_spec = copy_graph(g)
    node = next(o for o in bad_spec.operations if o.type == "Exp")
    node.outputs[0]._dtype = tf.int32
    with pytest.raises(GraphVerificationError, match="infer says"):
        verify(bad_spec)
    dup = copy_graph(g)
    dup.operations[-1].name = dup.operations[-2].name
    with pytest.raises(GraphVerificationError, match="duplicate"):
        verify(dup)
    missing = copy_graph(g)
    missing.outputs = [SymbolicTensor(Operation(missing, dup.operations[0].op, (), {}, "ghost"), 0,
                                      (3,), tf.float32)]
    with pytest.raises(GraphVerificationError, match="not computed"):
        verify(missing)


def test_inplace_reuse_of_large_buffers_preserves_results():
    big = np.linspace(-1, 1, 1 << 15).astype(np.float32)
    g = build(lambda x: tf.tanh(tf.exp(x) * 2.0) + 1.0, ((1 << 15,), tf.float32))
    code = codegen.generate(optimize(g))
    assert "out=" in code.source
    keep = big.copy()
    out = code.fn(big)[0]
    np.testing.assert_array_equal(big, keep)  # the input buffer is never overwritten
    np.testing.assert_allclose(out, np.tanh(np.exp(keep) * 2) + 1, rtol=1e-6)


def test_interpreter_evaluates_only_what_fetches_need():
    g = build(lambda x: (x * 2.0, bind(TICK, (x,), {})), F32)
    COUNTER["n"] = 0
    out = interpreter.evaluate([g.outputs[0]], {id(g.inputs[0]): X})
    np.testing.assert_array_equal(out[0], X * 2)
    assert COUNTER["n"] == 0


def test_inline_keeps_nested_calls_alive_while_their_ids_are_keys(monkeypatch):
    """A call inside an inlined function is expanded, not kept; the pass maps its outputs
    by id, so the node must outlive the pass: freed early, a tensor made later could take
    one of those ids and be rewired to the call's result (a saved model's while body read
    its loop counter where its limit was, one load in a few hundred)."""
    import gc

    from eagerflow._src.graph.passes import inline

    @tf.function(autograph=False)
    def innermost(a, b):
        return a + 1.0, b * 2.0

    @tf.function(autograph=False)
    def middle(a, b, c, d):
        p, q = innermost(a, b)
        return c, d, p, q  # passed-through inputs after the nested call, as a while body's

    @tf.function(autograph=False)
    def outer(a, b, c, d):
        return middle(a, b, c, d)

    xs = [np.array([v], np.float32) for v in (1.0, 2.0, 3.0, 4.0)]
    cf = outer.get_concrete_function(*[tf.constant(x) for x in xs])
    keys: list = []
    rewire = inline.rewire

    def checked_rewire(graph, repl):
        gc.collect()  # what a collection during the pass would free
        live = {id(o) for o in gc.get_objects() if type(o) is SymbolicTensor}
        keys.extend(k for k in repl if k not in live)
        rewire(graph, repl)
    monkeypatch.setattr(inline, "rewire", checked_rewire)
    g = inline_calls(copy_graph(cf.graph))
    assert keys == []  # every id the map holds is a live tensor's
    assert "PartitionedCall" not in types(g)
    got = run(g, *xs)
    for a, b in zip(got, [xs[2], xs[3], xs[0] + 1, xs[1] * 2]):
        np.testing.assert_array_equal(a, b)
