"""tf.function: tracing, retracing rules, variables, methods, structures, errors, gradients."""

import gc
import logging
import weakref

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.graph.symbolic_tensor import SymbolicTensor
from eagerflow._src.testing.op_harness import numeric_jvp_grad

# -- tracing and retracing ---------------------------------------------------------------

def test_same_result_as_eager_and_python_side_effects_only_while_tracing(capsys):
    def f(x, y):
        print("tracing", x)
        return tf.reduce_mean(tf.multiply(x ** 2, 3) + y)
    g = tf.function(f)
    x, y = tf.constant([[2.0, 3.0]]), tf.constant([[3.0, -2.0]])
    assert f(x, y).numpy() == g(x, y).numpy() == g(x, y).numpy()
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("tracing tf.Tensor(")
    assert out[1] == 'tracing Tensor("x:0", shape=(1, 2), dtype=float32)'
    assert len(out) == 2  # the second graph call printed nothing
    assert g.experimental_get_tracing_count() == 1


def test_retrace_rules_dtype_shape_and_python_values():
    traces = []

    @tf.function
    def f(a, b=1):
        traces.append((a.dtype, tuple(a.shape), b))
        return a * 2

    f(tf.constant(1))
    f(tf.constant(2))  # same signature
    assert len(traces) == 1
    f(tf.constant(1.0))  # dtype
    f(tf.constant([1, 2]))  # shape
    f(tf.constant(1), b=2)  # Python value
    f(tf.constant(1), 2)  # the same Python value, passed positionally
    f(tf.constant(1), b=2.0)  # 2.0 == 2: TF's Literal trace types compare by value alone
    assert len(traces) == 4
    assert f.experimental_get_tracing_count() == 4


def test_numpy_arrays_are_traced_as_tensors():
    @tf.function
    def f(a):
        return a + 1
    f(np.ones(3, np.float32))
    f(np.zeros(3, np.float32))
    assert f.experimental_get_tracing_count() == 1
    np.testing.assert_array_equal(f(np.ones(3, np.float32)).numpy(), [2, 2, 2])


def test_input_signature_and_its_errors():
    @tf.function(input_signature=[tf.TensorSpec(shape=None, dtype=tf.float32)])
    def f(x):
        return tf.add(x, 1.0)
    assert str(f(tf.constant(1.0))) == "tf.Tensor(2.0, shape=(), dtype=float32)"
    assert str(f(tf.constant([1.0]))) == "tf.Tensor([2.], shape=(1,), dtype=float32)"
    assert float(f(3.0)) == 4.0  # Python values convert to the spec's dtype
    assert f.experimental_get_tracing_count() == 1
    with pytest.raises(TypeError, match=r"Can not cast TensorSpec\(shape=\(1,\), dtype=tf.int32"):
        f(tf.constant([1]))
    with pytest.raises(TypeError, match="too many positional arguments"):
        f(tf.constant([1.0]), 2)
    with pytest.raises(TypeError, match="TensorSpec"):
        tf.function(lambda x: x, input_signature=[3])


def test_input_signature_shapes_are_checked():
    @tf.function(input_signature=[tf.TensorSpec([None, 2], tf.float32)])
    def f(x):
        return x
    f(tf.zeros([5, 2]))
    with pytest.raises(TypeError, match="Binding inputs"):
        f(tf.zeros([5, 3]))


def test_reduce_retracing_relaxes_shapes():
    shapes = []

    @tf.function(reduce_retracing=True)
    def f(x):
        shapes.append(x.shape)
        return x * 2
    for n in range(1, 6):
        np.testing.assert_array_equal(f(tf.ones([n])).numpy(), 2 * np.ones(n))
    assert f.experimental_get_tracing_count() == 2
    assert shapes[1].as_list() == [None]


def test_a_more_general_trace_is_reused():
    @tf.function
    def f(x):
        return x + 1
    f.get_concrete_function(tf.TensorSpec([None], tf.float32))
    f(tf.ones([3]))
    f(tf.ones([7]))
    assert f.experimental_get_tracing_count() == 1


def test_retracing_warning_is_tfs(caplog):
    @tf.function
    def f(x):
        return x * 2
    with caplog.at_level(logging.WARNING, logger="eagerflow"):
        for n in range(1, 8):
            f(tf.ones([n]))
    msgs = [r.getMessage() for r in caplog.records if "retracing" in r.getMessage()]
    assert len(msgs) == 2  # at most two warnings per function, as TF
    assert msgs[0].startswith(f"5 out of the last 5 calls to {f.python_function!r} triggered "
                              "tf.function retracing. Tracing is expensive")
    # (TF's whole text, and where it is printed: tests/probe/test_retracing_warning.py)


def test_no_warning_when_traces_are_rare(caplog):
    @tf.function
    def f(x):
        return x * 2
    with caplog.at_level(logging.WARNING, logger="eagerflow"):
        for n in range(1, 5):
            for _ in range(5):
                f(tf.ones([n]))
    assert not [r for r in caplog.records if "retracing" in r.getMessage()]


# -- variables ---------------------------------------------------------------------------

def test_variables_created_on_first_trace_only():
    class Lazy:
        def __init__(self):
            self.v = None
            self.traces = 0

        @tf.function
        def __call__(self, x):
            self.traces += 1
            if self.v is None:
                self.v = tf.Variable(tf.ones(x.shape) * 3.0)
            return self.v * x

    m = Lazy()
    np.testing.assert_array_equal(m(tf.constant([1.0, 2.0])).numpy(), [3.0, 6.0])
    assert m.traces == 2  # traced again with variable creation forbidden, as TF does
    m(tf.constant([5.0, 5.0]))
    assert m.traces == 2
    m.v.assign([1.0, 1.0])
    np.testing.assert_array_equal(m(tf.constant([1.0, 2.0])).numpy(), [1.0, 2.0])


def test_creating_a_variable_on_every_call_is_an_error():
    @tf.function
    def f(x):
        v = tf.Variable(1.0)
        return v + x
    with pytest.raises(ValueError, match="tf.function only supports singleton tf.Variables "
                                         "created on the first call"):
        f(1.0)


def test_variable_initial_value_from_arguments_of_unknown_shape():
    # TF 2.21: the variable takes the first call's value, and keeps the traced shape
    holder = []

    @tf.function(input_signature=[tf.TensorSpec([None])])
    def f(x):
        if not holder:
            holder.append(tf.Variable(x * 2))
        return holder[0].read_value()

    np.testing.assert_array_equal(f(tf.constant([1.0, 2.0])).numpy(), [2.0, 4.0])
    np.testing.assert_array_equal(f(tf.constant([1.0, 2.0, 3.0])).numpy(), [2.0, 4.0])
    assert holder[0].shape.as_list() == [None]


def test_assign_inside_functions_and_method_state_per_instance():
    class ScalarModel:
        def __init__(self):
            self.v = tf.Variable(0)

        @tf.function
        def increment(self, amount):
            self.v.assign_add(amount)

    m1, m2 = ScalarModel(), ScalarModel()
    m1.increment(tf.constant(3))
    m1.increment(tf.constant(4))
    m2.increment(tf.constant(5))
    assert (int(m1.v), int(m2.v)) == (7, 5)
    assert m1.increment.experimental_get_tracing_count() == 1
    assert m2.increment is not m1.increment



def test_a_method_does_not_keep_its_instance_alive():
    """As TF's: a called tf.function method holds its instance weakly, so an object is
    freed when the program drops it (its per-instance function goes with it), and a
    method kept past its instance gets None as `self`; an instance that takes no weak
    reference or no hash is held, and its method still works."""
    class Model(tf.Module):
        def __init__(self):
            super().__init__()
            self.v = tf.Variable(2.0)

        @tf.function
        def scale(self, x):
            return self.v * x

    m = Model()
    assert m.scale(tf.constant(3.0)).numpy() == 6.0
    gone = weakref.ref(m)
    del m
    gc.collect()
    assert gone() is None
    orphan = Model().scale
    gc.collect()
    with pytest.raises(AttributeError, match="'NoneType' object has no attribute 'v'"):
        orphan(tf.constant(3.0))

    class Slotted:
        __slots__ = ("k",)

        def __init__(self):
            self.k = 5.0

        @tf.function
        def add(self, x):
            return x + self.k
    assert Slotted().add(tf.constant(1.0)).numpy() == 6.0

    class Unhashable:  # (kept by id: its freed instances' ids come back)
        __hash__ = None

        def __init__(self, k):
            self.k = k

        @tf.function
        def add(self, x):
            return x + self.k

    for k in range(20):
        assert Unhashable(float(k)).add(tf.constant(0.0)).numpy() == k
        gc.collect()

def test_reads_see_earlier_writes_in_the_same_call():
    v = tf.Variable(1.0)

    @tf.function
    def f():
        a = v.read_value()
        v.assign(a * 10)
        b = v.read_value()
        v.assign_sub(1.0)
        return a, b, v.read_value()
    assert [float(t) for t in f()] == [1.0, 10.0, 9.0]
    assert [float(t) for t in f()] == [9.0, 90.0, 89.0]


def test_variables_passed_as_arguments_are_keyed_by_spec():
    # (TF 2.21 traces a variable by its VariableSpec: one trace for both, each call
    # reading the variable passed)
    @tf.function
    def f(v):
        return v * 2
    a, b = tf.Variable(1.0), tf.Variable(2.0)
    assert float(f(a)) == 2.0 and float(f(b)) == 4.0
    a.assign(5.0)
    assert float(f(a)) == 10.0
    assert f.experimental_get_tracing_count() == 1


def test_init_scope_leaves_the_graph():
    seen = []

    @tf.function
    def f(x):
        with tf.init_scope():
            seen.append(tf.executing_eagerly())
        seen.append(tf.executing_eagerly())
        return x
    f(1.0)
    assert seen == [True, False]


# -- structures, nesting, concrete functions -----------------------------------------------

def test_nested_structures_in_and_out():
    @tf.function
    def f(xs, d):
        return {"sum": xs[0] + xs[1], "pair": (d["a"], d["b"]), "none": None, "n": 1}
    out = f([tf.constant(1.0), tf.constant(2.0)], {"a": tf.constant(3), "b": 4})
    assert float(out["sum"]) == 3.0
    assert int(out["pair"][0]) == 3 and int(out["pair"][1]) == 4
    assert out["none"] is None
    assert out["n"].dtype == tf.int32  # Python values become tensors, as in TF


def test_concrete_function_inspection():
    @tf.function
    def g(xs, d):
        return xs[0] * 2.0
    cf = g.get_concrete_function([tf.constant(1.0), tf.constant(2.0)], {"a": tf.constant(3)})
    names = [(o.name, o.type) for o in cf.graph.get_operations()]
    assert names[:3] == [("xs", "Placeholder"), ("xs_1", "Placeholder"), ("d", "Placeholder")]
    assert [t.name for t in cf.inputs] == ["xs:0", "xs_1:0", "d:0"]
    args, kwargs = cf.structured_input_signature
    assert args[0][0] == tf.TensorSpec([], tf.float32, "xs_0")
    assert args[1]["a"] == tf.TensorSpec([], tf.int32, "d_a")
    out = cf.structured_outputs
    assert isinstance(out, SymbolicTensor) and out.shape == [] and out.dtype == tf.float32
    assert "def " in cf.generated_code and "return" in cf.generated_code
    assert float(cf([tf.constant(4.0), tf.constant(0.0)], {"a": tf.constant(1)})) == 8.0
    spec_cf = g.get_concrete_function([tf.TensorSpec([None]), tf.TensorSpec([None])],
                                      {"a": tf.TensorSpec([], tf.int32)})
    assert spec_cf.inputs[0].shape.as_list() == [None]


def test_tensor_spec():
    s = tf.TensorSpec([None, 2], tf.float32, name="x")
    assert repr(s) == "TensorSpec(shape=(None, 2), dtype=tf.float32, name='x')"
    assert repr(tf.TensorSpec(None)) == "TensorSpec(shape=<unknown>, dtype=tf.float32, name=None)"
    assert s.is_compatible_with(tf.zeros([3, 2]))
    assert not s.is_compatible_with(tf.zeros([3, 3]))
    assert not s.is_compatible_with(tf.zeros([3, 2], tf.int32))
    assert tf.TensorSpec.from_tensor(tf.zeros([1])) == tf.TensorSpec([1])
    assert s.most_specific_compatible_type(tf.TensorSpec([3, 2], name="x")) == s


def test_functions_calling_functions():
    @tf.function
    def compute_z1(x, y):
        return tf.add(x, y)

    @tf.function
    def compute_z0(x):
        return compute_z1(x, tf.square(x))
    assert float(compute_z0(2.0)) == 6.0
    assert float(compute_z1(2.0, 2.0)) == 4.0
    x = tf.constant([1.0, 2.0])
    np.testing.assert_array_equal(compute_z0(x).numpy(), [2.0, 6.0])
    types = [o.type for o in compute_z0.get_concrete_function(x).graph.get_operations()]
    assert "PartitionedCall" in types


def test_inner_function_with_variable_effects_runs_once_per_call():
    v = tf.Variable(0.0)

    @tf.function
    def inner(x):
        v.assign_add(x)
        return v.read_value()

    @tf.function
    def outer(x):
        return inner(x) * 2.0
    assert float(outer(tf.constant(1.0))) == 2.0
    assert float(outer(tf.constant(1.0))) == 4.0
    assert float(v) == 2.0


# -- symbolic tensors --------------------------------------------------------------------

def test_numpy_inside_a_function_raises_attribute_error():
    @tf.function
    def f(x):
        return x.numpy()
    with pytest.raises(AttributeError, match="'SymbolicTensor' object has no attribute 'numpy'"):
        f(tf.constant(1.0))


def test_tensor_as_python_bool_raises_with_the_users_line():
    @tf.function(autograph=False)
    def f(x):
        if x > 0:
            return x
        return -x
    with pytest.raises(tf.errors.OperatorNotAllowedInGraphError) as info:
        f(tf.constant(1.0))
    assert isinstance(info.value, TypeError)
    assert str(info.value).startswith("Using a symbolic `tf.Tensor` as a Python `bool` is not "
                                      "allowed.")
    notes = "".join(getattr(info.value, "__notes__", []))
    assert "test_function.py" in notes and "in f" in notes


def test_iterating_a_symbolic_tensor_raises_without_autograph():
    @tf.function(autograph=False)
    def f(items):
        s = 0
        for c in items:
            s += c
        return s
    with pytest.raises(TypeError, match="Iterating over a symbolic `tf.Tensor` is not allowed"):
        f(tf.constant([1, 2]))


def test_symbolic_tensor_surface():
    seen = {}

    @tf.function(autograph=False)  # AutoGraph would turn len(x) into a graph op
    def f(x):
        seen["repr"], seen["str"] = repr(x), str(x)
        seen["name"], seen["graph"] = x.name, x.graph
        y = x + 1.0
        seen["op"] = (y.op.type, y.op.name, [t.name for t in y.op.inputs])
        with pytest.raises(NotImplementedError, match="Cannot convert a symbolic tf.Tensor"):
            np.asarray(x)
        with pytest.raises(TypeError, match="len is not well defined"):
            len(x)
        return y
    f(tf.constant([1.0, 2.0]))
    assert seen["repr"] == "<tf.Tensor 'x:0' shape=(2,) dtype=float32>"
    assert seen["str"] == 'Tensor("x:0", shape=(2,), dtype=float32)'
    assert seen["name"] == "x:0"
    assert seen["op"][0] == "AddV2" and seen["op"][2][0] == "x:0"


def test_graph_tensors_cannot_leak_out():
    leaked = []

    @tf.function
    def f(x):
        leaked.append(x * 2)
        return x
    f(tf.constant(1.0))
    # TF 2.21's message, whichever path the op takes (one input, two, a list, an operator)
    for use in (tf.exp, lambda t: tf.add(t, 1.0), lambda t: tf.stack([t, t]),
                lambda t: t * 3, tf.reduce_sum):
        with pytest.raises(TypeError, match=r"^<tf.Tensor 'mul:0' shape=\(\) dtype=float32> is "
                           "out of scope and cannot be used here. Use return values, explicit "
                           "Python locals or TensorFlow collections to access it."):
            use(leaked[0])


# -- gradients ---------------------------------------------------------------------------

def test_gradient_through_function_from_outer_tape():
    v = tf.Variable(2.0)

    @tf.function
    def f(x):
        return tf.sin(x) * v + x * x

    x = tf.constant(1.5)
    with tf.GradientTape() as t:
        t.watch(x)
        y = f(x)
    gx, gv = t.gradient(y, [x, v])
    np.testing.assert_allclose(gx.numpy(), np.cos(1.5) * 2 + 3, rtol=1e-5)
    np.testing.assert_allclose(gv.numpy(), np.sin(1.5), rtol=1e-5)


def test_second_order_through_function():
    @tf.function
    def f(x):
        return x * x * x

    x = tf.constant(1.5, tf.float64)
    with tf.GradientTape() as t2:
        t2.watch(x)
        with tf.GradientTape() as t1:
            t1.watch(x)
            y = f(x)
        g = t1.gradient(y, x)
    np.testing.assert_allclose(g.numpy(), 3 * 1.5 ** 2)
    np.testing.assert_allclose(t2.gradient(g, x).numpy(), 6 * 1.5)


def test_gradient_through_nested_functions_matches_numeric():
    @tf.function
    def inner(x):
        return tf.tanh(x) * tf.exp(-x)

    @tf.function
    def outer(x):
        return tf.reduce_sum(inner(x) * x)

    x0 = np.array([0.3, -0.7, 1.1])
    x = tf.constant(x0)
    with tf.GradientTape() as t:
        t.watch(x)
        y = outer(x)
    num = numeric_jvp_grad(lambda a: float(outer(tf.constant(a))), x0, eps=1e-5)
    np.testing.assert_allclose(t.gradient(y, x).numpy(), num, rtol=1e-6)


def test_train_step_with_tape_and_updates_inside_function():
    def make():
        return tf.Variable([[1.0], [2.0]]), tf.Variable([0.5])

    def step(w, b, xb, yb):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(tf.matmul(xb, w) + b - yb))
        gw, gb = tape.gradient(loss, [w, b])
        w.assign_sub(0.01 * gw)
        b.assign_sub(0.01 * gb)
        return loss

    xb, yb = tf.constant([[1.0, 2.0], [3.0, 4.0]]), tf.constant([[1.0], [2.0]])
    we, be = make()
    wf, bf = make()
    fstep = tf.function(step)
    for _ in range(4):
        le = step(we, be, xb, yb)
        lf = fstep(wf, bf, xb, yb)
        np.testing.assert_allclose(lf.numpy(), le.numpy(), rtol=1e-6)
    np.testing.assert_allclose(wf.numpy(), we.numpy(), rtol=1e-6)
    assert fstep.experimental_get_tracing_count() == 1


def test_optimizer_like_slots_created_in_first_trace():
    class SGDMomentum:
        def __init__(self):
            self.slots = {}
            self.iterations = tf.Variable(0, dtype=tf.int64)

        def apply_gradients(self, pairs):
            for g, v in pairs:
                key = id(v)
                if key not in self.slots:
                    self.slots[key] = tf.Variable(tf.zeros_like(v))
                m = self.slots[key]
                m.assign(m * 0.9 + g)
                v.assign_sub(0.1 * m)
            self.iterations.assign_add(1)

    w = tf.Variable([1.0, -1.0])
    opt = SGDMomentum()

    @tf.function
    def train(x):
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(tf.square(w * x))
        opt.apply_gradients(zip(tape.gradient(loss, [w]), [w]))
        return loss

    train(tf.constant([1.0, 2.0]))
    train(tf.constant([1.0, 2.0]))
    assert int(opt.iterations) == 2
    # eager reference: two momentum steps
    we, m = np.array([1.0, -1.0]), np.zeros(2)
    for _ in range(2):
        g = 2 * we * np.array([1.0, 4.0])
        m = m * 0.9 + g
        we = we - 0.1 * m
    np.testing.assert_allclose(w.numpy(), we, rtol=1e-6)


def test_unconnected_gradients_stay_none():
    v = tf.Variable(1.0)
    u = tf.Variable(3.0)

    @tf.function
    def f(x):
        return x * v + tf.stop_gradient(u)
    x = tf.constant(2.0)
    with tf.GradientTape() as t:
        t.watch(x)
        y = f(x)
    gx, gv, gu = t.gradient(y, [x, v, u])
    assert float(gx) == 1.0 and float(gv) == 2.0 and gu is None


def test_decorator_forms_and_repr():
    @tf.function()
    def a(x):
        return x
    b = tf.function(lambda x: x, jit_compile=True)
    assert float(a(1.0)) == 1.0 and float(b(2.0)) == 2.0
    assert a.__name__ == "a" and a.python_function.__name__ == "a"
    with pytest.raises(TypeError):
        tf.function(3)


# -- stateful ops: what tf.print and random draws rely on ---------------------------------

from eagerflow._src.ops.dispatch import bind  # noqa: E402
from eagerflow._src.ops.registry import OpDef  # noqa: E402

PRINTED: list = []


def _print_kernel(xp, x):
    PRINTED.append(np.asarray(x).tolist())
    return ()


# host kernels (NumPy's printing and generator): CPU:0 ops, as tf.print's is
LOG = OpDef("TestPrint", lambda x: [], _print_kernel, num_outputs=0, stateful=True, gpu=False)
_rng = np.random.default_rng(0)
NOISE = OpDef("TestNoise", lambda x: [(x._shape, x._dtype)],
              lambda xp, x: _rng.uniform(1, 2, size=x.shape).astype(x.dtype), stateful=True,
              gpu=False)


def test_print_runs_at_trace_time_and_stateful_ops_on_every_call(capsys):
    PRINTED.clear()

    @tf.function
    def f(x):
        print("python print", x.shape)
        bind(LOG, (x,), {})
        tf.while_loop(lambda i: i < 3, lambda i: [bind(LOG, (i,), {}) or i + 1], [0])
        return x + 1
    for k in range(3):
        f(tf.constant(float(k)))
    assert capsys.readouterr().out.count("python print") == 1
    assert PRINTED == [0.0, 0, 1, 2, 1.0, 0, 1, 2, 2.0, 0, 1, 2]


def test_gradients_use_the_random_values_of_the_forward_pass():
    @tf.function
    def f(x):
        n = bind(NOISE, (x,), {})
        return x * n, n
    x = tf.constant([1.0, 2.0, 3.0])
    with tf.GradientTape() as t:
        t.watch(x)
        y, n = f(x)
    np.testing.assert_array_equal(t.gradient(y, x).numpy(), n.numpy())


def test_one_tensor_spec_class_for_functions_and_datasets():
    from eagerflow._src.core import tensor_spec

    assert tf.TensorSpec is tensor_spec.TensorSpec
    spec = tf.data.Dataset.range(3).batch(2).element_spec
    assert type(spec) is tf.TensorSpec

    @tf.function(input_signature=[spec])
    def f(x):
        return x * 2
    np.testing.assert_array_equal(f(tf.constant([1, 2], tf.int64)).numpy(), [2, 4])
    assert f.get_concrete_function().inputs[0].shape.as_list() == [None]

    class LookAlike:  # TF accepts only TensorSpec objects, not look-alikes
        shape, dtype, name = tf.TensorShape([None]), tf.float32, None

    with pytest.raises(TypeError, match="TensorSpec objects"):
        tf.function(lambda x: x, input_signature=[LookAlike()])
    s = tf.TensorSpec([None, 2], tf.float32)
    assert s.is_subtype_of(tf.TensorSpec(None, tf.float32))
    assert not tf.TensorSpec(None, tf.float32).is_subtype_of(s)
    # (TF 2.21 compares specs and tensors only: an array is not compatible)
    assert not s.is_compatible_with(np.zeros((3, 2), np.float32))
    assert s.is_compatible_with(tf.zeros((3, 2)))
    assert s.most_specific_common_supertype([tf.TensorSpec([1, 2])]) == s
    assert s.most_specific_common_supertype([tf.TensorSpec([1, 2], tf.int32)]) is None
    with pytest.raises(ValueError, match="No TypeSpec is compatible"):
        s.most_specific_compatible_type(tf.TensorSpec([2], tf.int32))
