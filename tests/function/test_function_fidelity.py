"""tf.function details checked against TensorFlow 2.21: trace cache keys, reduce_retracing,
input_signature binding, ConcreteFunction call errors and how a ConcreteFunction prints."""

import inspect
import re

import pytest

import eagerflow as tf


def counting():
    count = []

    @tf.function
    def f(x, y=None):
        count.append(1)
        return x
    return f, count


def test_objects_are_keyed_by_a_weak_reference():
    # (recorded from TF 2.21: its Weakref trace type matches the traced object, or an equal
    # one while the traced one lives; a dead one matches nothing)
    class Equal:
        def __init__(self, v):
            self.v = v

        def __eq__(self, other):
            return isinstance(other, Equal) and other.v == self.v

        def __hash__(self):
            return hash(self.v)

    f, count = counting()
    a = Equal(1)
    f(1, a)
    f(1, a)
    f(1, Equal(1))  # another object, equal to the live traced one: no trace
    assert len(count) == 1
    f(1, Equal(2))
    f(1, Equal(2))  # equal to the traced one, which died with its call: traced again
    assert len(count) == 3


def test_reduce_retracing_generalizes_shapes_then_rank():
    count = []

    @tf.function(reduce_retracing=True)
    def f(x):
        count.append(x.shape)
        return tf.shape(x)

    for n in (1, 2, 3, 4):
        assert f(tf.ones([n])).numpy().tolist() == [n]
    assert f(tf.ones([2, 2])).numpy().tolist() == [2, 2]
    assert f(tf.ones([3, 3])).numpy().tolist() == [3, 3]
    assert [s.as_list() if s.rank is not None else None for s in count] == [[1], [None], None]
    assert f.experimental_get_tracing_count() == 3


@tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
def double(x):
    return x * 2


def test_input_signature_converts_python_values():
    assert double([1.0, 2.0]).numpy().tolist() == [2.0, 4.0]


def test_input_signature_binding_errors():
    sig = "for signature: (x: TensorSpec(shape=(None,), dtype=tf.float32, name=None))."
    with pytest.raises(TypeError, match=re.escape("failed due to `too many positional "
                                                  "arguments`")) as e:
        double(tf.ones([3]), 2)
    assert str(e.value).endswith(sig)
    with pytest.raises(TypeError, match=re.escape(
            "Binding inputs to tf.function failed due to `Can not cast TensorSpec(shape=(None, "
            "2), dtype=tf.float32, name=None) to TensorSpec(shape=(None,), dtype=tf.float32, "
            "name=None)`. Received args: (TensorSpec(shape=(None, 2), dtype=tf.float32, "
            "name=None),) and kwargs: {} " + sig)):
        double.get_concrete_function(tf.TensorSpec([None, 2], tf.float32))


@tf.function(input_signature=[tf.TensorSpec([None], tf.float32, name="x")])
def defaulted(x, k=2, b=None, s="a", t=True, *, kw=1.5):
    return x * k


DEFAULTED_SIG = (
    "for signature: (x: TensorSpec(shape=(None,), dtype=tf.float32, name='x'), k: Literal[2] "
    "= <captured_default_value>, b: Literal[None] = <captured_default_value>, s: "
    "Literal['a'] = <captured_default_value>, t: Literal[True] = <captured_default_value>, *, "
    "kw: Literal[1.5] = <captured_default_value>).")


@pytest.mark.parametrize("args,kwargs", [
    ((2.0,), {}), ((2, None, "a", True), {}), ((), {"kw": 1.5}), ((), {"k": 2})])
def test_parameters_past_the_input_signature_take_their_defaults(args, kwargs):
    # (TF 2.21 binds a value equal to the default: 2.0 for 2)
    assert defaulted(tf.ones([1]), *args, **kwargs).numpy().tolist() == [2.0]


@pytest.mark.parametrize("args,kwargs,reason", [
    ((True,), {}, "Can not cast True to Literal[2]"),
    ((2, 3), {}, "Can not cast 3 to Literal[None]"),
    ((), {"kw": 2}, "Can not cast 2 to Literal[1.5]"),
    ((), {"s": "b"}, "Can not cast 'b' to Literal['a']"),
    ((2, None, "a", True, 5), {}, "too many positional arguments"),
])
def test_parameters_past_the_input_signature_refuse_other_values(args, kwargs, reason):
    # (recorded from TF 2.21: each such parameter is typed Literal[its default]; eagerflow
    # used to refuse every positional one and drop a keyword's value silently)
    x = tf.ones([1])
    with pytest.raises(TypeError) as e:
        defaulted(x, *args, **kwargs)
    assert str(e.value) == (f"Binding inputs to tf.function failed due to `{reason}`. "
                            f"Received args: {(x, *args)!r} and kwargs: {kwargs!r} "
                            + DEFAULTED_SIG)


@tf.function
def affine(x, y):
    return x * 2 + y


CF_SIG = ("(x: TensorSpec(shape=(None,), dtype=tf.float32, name=None), y: TensorSpec(shape=(), "
          "dtype=tf.float32, name=None)) -> TensorSpec(shape=(None,), dtype=tf.float32, "
          "name=None)")


def concrete():
    return affine.get_concrete_function(tf.TensorSpec([None], tf.float32),
                                        tf.TensorSpec([], tf.float32))


def test_concrete_function_calls():
    cf = concrete()
    assert cf(tf.ones([2]), tf.constant(1.0)).numpy().tolist() == [3.0, 3.0]
    assert cf(tf.ones([2]), y=tf.constant(1.0)).numpy().tolist() == [3.0, 3.0]
    assert cf([1.0, 2.0], 1.0).numpy().tolist() == [3.0, 5.0]


def test_concrete_function_dtype_error_is_tf_invalid_argument():
    cf = concrete()
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"cannot compute __inference_affine_\d+ as input #1\(zero-based\) "
                             r"was expected to be a float tensor but is a int32 tensor "
                             r"\[Op:__inference_affine_\d+\]"):
        cf(tf.ones([2]), tf.constant(1))


@pytest.mark.parametrize("args,kwargs,reason,flat", [
    ((tf.ones([2]),), {}, "missing a required argument: 'y'", "missing required arguments: y"),
    ((tf.ones([2]), tf.constant(1.0), 3), {}, "too many positional arguments",
     "takes 2 positional arguments, got 3"),
    ((tf.ones([2]), tf.constant(1.0)), {"z": 1}, "got an unexpected keyword argument 'z'",
     "got unexpected keyword arguments: z"),
])
def test_concrete_function_binding_errors(args, kwargs, reason, flat):
    with pytest.raises(TypeError) as e:
        concrete()(*args, **kwargs)
    assert str(e.value) == (f"Binding inputs to tf.function failed due to `{reason}`. Received "
                            f"args: {args!r} and kwargs: {kwargs!r} for signature: {CF_SIG}.\n"
                            f"Fallback to flat signature also failed due to: affine(x, y) "
                            f"{flat}.")


def test_concrete_function_prints_like_tf():
    cf = concrete()
    assert re.fullmatch(re.escape(f"<ConcreteFunction {CF_SIG} at 0x") + "[0-9A-F]+>", repr(cf))
    assert str(cf) == (
        "ConcreteFunction Input Parameters:\n"
        "  x (POSITIONAL_OR_KEYWORD): TensorSpec(shape=(None,), dtype=tf.float32, name=None)\n"
        "  y (POSITIONAL_OR_KEYWORD): TensorSpec(shape=(), dtype=tf.float32, name=None)\n"
        "Output Type:\n"
        "  TensorSpec(shape=(None,), dtype=tf.float32, name=None)\n"
        "Captures:\n"
        "  None")
    assert cf.pretty_printed_signature(verbose=False) == CF_SIG

    @tf.function
    def nested(x, k=3):
        return (x, {"a": x * k})
    c2 = nested.get_concrete_function(tf.TensorSpec([2, None], tf.float64, name="inp"))
    assert c2.pretty_printed_signature(verbose=False) == (
        "(x: TensorSpec(shape=(2, None), dtype=tf.float64, name='inp'), k: Literal[3]) -> "
        "Tuple[TensorSpec(shape=(2, None), dtype=tf.float64, name=None), Dict[['a', "
        "TensorSpec(shape=(2, None), dtype=tf.float64, name=None)]]]")

    v = tf.Variable(1.0)
    c3 = tf.function(lambda: v * 2.0).get_concrete_function()
    assert re.fullmatch(r"ConcreteFunction Input Parameters:\nOutput Type:\n  TensorSpec\(shape="
                        r"\(\), dtype=tf.float32, name=None\)\nCaptures:\n  \d+: TensorSpec\("
                        r"shape=\(\), dtype=tf.resource, name=None\)", str(c3))
    c4 = tf.function(lambda x: None).get_concrete_function(tf.constant(1))
    assert c4.pretty_printed_signature(verbose=False).endswith(") -> Literal[None]")


def test_reductions_of_unknown_rank_inputs():
    f = tf.function(lambda x: (tf.reduce_sum(x * x), tf.reduce_max(x), tf.reduce_mean(x)),
                    input_signature=[tf.TensorSpec(None, tf.float64)])
    cf = f.get_concrete_function()
    assert [o.shape.as_list() for o in cf.structured_outputs] == [[], [], []]
    x = tf.constant([[1.0, 2.0], [3.0, 5.0]], tf.float64)
    with tf.GradientTape() as tape:
        tape.watch(x)
        s, m, a = f(x)
    assert (s.numpy(), m.numpy(), a.numpy()) == (39.0, 5.0, 2.75)
    assert tape.gradient(s, x).numpy().tolist() == [[2.0, 4.0], [6.0, 10.0]]


def test_run_functions_eagerly():
    calls = []

    @tf.function
    def f(x):
        calls.append(1)
        return x.numpy() * 2  # only possible when the function runs eagerly

    assert not tf.config.functions_run_eagerly()
    tf.config.run_functions_eagerly(True)
    try:
        assert tf.config.functions_run_eagerly()
        assert f(tf.constant(2.0)) == 4.0 and f(tf.constant(3.0)) == 6.0
        assert len(calls) == 2 and f.experimental_get_tracing_count() == 0
    finally:
        tf.config.run_functions_eagerly(False)
    with pytest.raises(AttributeError, match="numpy"):
        f(tf.constant(2.0))


def test_outputs_are_identities_as_in_tf():
    @tf.function
    def f(x, y=2):
        return {"a": x * y, "b": [x]}
    cf = f.get_concrete_function(tf.TensorSpec([None], tf.float32), 3)
    out = cf.structured_outputs
    assert (out["a"].name, out["b"][0].name) == ("Identity:0", "Identity_1:0")
    assert [o.type for o in cf.graph.get_operations()] == [
        "Placeholder", "Const", "Mul", "Identity", "Identity"]
    assert "Identity" not in cf.generated_code  # aliased away when compiled
    assert f(tf.constant([1.0, 2.0]), 3)["a"].numpy().tolist() == [3.0, 6.0]


def test_tensor_array_errors_as_tf():
    ta = tf.TensorArray(tf.float32, 2)
    with pytest.raises(tf.errors.OutOfRangeError, match="Tried to write to index 5 but array is "
                                                        "not resizeable and size is: 2"):
        ta.write(5, 1.0)
    with pytest.raises(tf.errors.OutOfRangeError, match="Tried to read from index 3 but array "
                                                        "size is: 2"):
        ta.write(0, 1.0).read(3)
    with pytest.raises(ValueError, match=re.escape("Incompatible shape for value ((2,)), "
                                                   "expected ((1,))")):
        tf.TensorArray(tf.float32, 3).write(0, [1.0]).write(1, [1.0, 2.0])
    with pytest.raises(ValueError, match=re.escape("Inconsistent shapes: saw (2,) but expected "
                                                   "(1,)")):
        tf.function(lambda: tf.TensorArray(tf.float32, 3).write(0, [1.0]).write(
            1, [1.0, 2.0]).stack())()
    with pytest.raises(tf.errors.InvalidArgumentError, match=re.escape(
            "Tried to stack elements of an empty list with non-fully-defined element_shape: "
            "<unknown>")):
        tf.function(lambda: tf.TensorArray(tf.float32, 0).stack())()
    assert tf.function(lambda: tf.TensorArray(tf.float32, 0, element_shape=[2]).stack())() \
        .shape == (0, 2)


@pytest.mark.parametrize("body,reason,shapes", [
    (lambda x: x + tf.ones([3]), "Dimensions must be equal, but are 2 and 3", "[2], [3]"),
    (lambda x: tf.matmul(tf.reshape(x, [1, 2]), tf.ones([3, 4])),
     "Dimensions must be equal, but are 2 and 3", "[1,2], [3,4]"),
    (lambda x: tf.concat([x, tf.ones([2, 2])], axis=0), "Shape must be rank 1 but is rank 2",
     "[2], [2,2], []"),
])
def test_a_shape_error_while_tracing_is_a_value_error(body, reason, shapes):
    """TF's shape functions refuse a node while the graph is built: ValueError (in the
    user-code frame), naming the node and its inputs' shapes; eager raises
    InvalidArgumentError."""
    f = tf.function(body)
    with pytest.raises(ValueError) as info:
        f(tf.ones([2]))
    text = str(info.value)
    assert text.startswith("in user code:") and reason in text
    assert re.search(r"for '\{\{node \w+\}\} = \w+\[.*\]\(.*\)' with input shapes: "
                     + re.escape(shapes) + r"\.", text), text
    assert not isinstance(info.value, tf.errors.OpError)
    with pytest.raises(tf.errors.InvalidArgumentError):
        body(tf.ones([2]))


S = tf.TensorSpec


def _scoped_add(x, y):
    with tf.name_scope("blk"):
        return x + y


def _second_add(x, y):
    a = x + x
    return a + y


# (body, input specs, TF 2.21's message): recorded from TF with the same bodies
@pytest.mark.parametrize("body,specs,message", [
    (lambda x, y: x + y, (S([2]), S([3])),
     "Dimensions must be equal, but are 2 and 3 for '{{node add}} = AddV2[T=DT_FLOAT](x, y)' "
     "with input shapes: [2], [3]."),
    (lambda x, y: x / y, (S([2], tf.float64), S([3], tf.float64)),
     "Dimensions must be equal, but are 2 and 3 for '{{node truediv}} = RealDiv[T=DT_DOUBLE]"
     "(x, y)' with input shapes: [2], [3]."),
    (lambda x, y: (x * 2.0) + y, (S([2]), S([3])),
     "Dimensions must be equal, but are 2 and 3 for '{{node add}} = AddV2[T=DT_FLOAT](mul, y)' "
     "with input shapes: [2], [3]."),
    (_scoped_add, (S([None, 2], tf.int32), S([None, 3], tf.int32)),
     "Dimensions must be equal, but are 2 and 3 for '{{node blk/add}} = AddV2[T=DT_INT32](x, "
     "y)' with input shapes: [?,2], [?,3]."),
    (_second_add, (S([2]), S([3])),
     "Dimensions must be equal, but are 2 and 3 for '{{node add_1}} = AddV2[T=DT_FLOAT](add, "
     "y)' with input shapes: [2], [3]."),
    (lambda x, y: tf.split(x, 2)[1] + y, (S([4]), S([3])),
     "Dimensions must be equal, but are 2 and 3 for '{{node add}} = AddV2[T=DT_FLOAT](split:1, "
     "y)' with input shapes: [2], [3]."),
    (lambda x, y: tf.matmul(x, y, transpose_b=True), (S([2, 3]), S([2, 4])),
     "Dimensions must be equal, but are 3 and 4 for '{{node MatMul}} = MatMul[T=DT_FLOAT, "
     "grad_a=false, grad_b=false, transpose_a=false, transpose_b=true](x, y)' with input "
     "shapes: [2,3], [2,4]."),
    (lambda x, y: tf.matmul(x, y), (S([4, 2, 3]), S([4, 2, 3])),
     "Dimensions must be equal, but are 3 and 2 for '{{node MatMul}} = BatchMatMulV2["
     "T=DT_FLOAT, adj_x=false, adj_y=false, grad_x=false, grad_y=false](x, y)' with input "
     "shapes: [4,2,3], [4,2,3]."),
    (lambda x, y, z: tf.concat([x, y, z], 0), (S([2, 3]), S([2, 3]), S([2, 4])),
     "Dimension 0 in both shapes must be equal, but are 3 and 4. Shapes are [3] and [4]. for "
     "'{{node concat}} = ConcatV2[N=3, T=DT_FLOAT, Tidx=DT_INT32](x, y, z, concat/axis)' with "
     "input shapes: [2,3], [2,3], [2,4], [] and with computed input tensors: input[3] = <0>."),
    (lambda x, y: tf.concat([x, y], 0), (S([2, 3]), S([2, 3, 1])),
     "Shape must be rank 2 but is rank 3 for '{{node concat}} = ConcatV2[N=2, T=DT_FLOAT, "
     "Tidx=DT_INT32](x, y, concat/axis)' with input shapes: [2,3], [2,3,1], []."),
    (lambda x: tf.reshape(x, [-1, 4]), (S([2, 3]),),
     "Dimension size must be evenly divisible by 4 but is 6 for '{{node Reshape}} = Reshape["
     "T=DT_FLOAT, Tshape=DT_INT32](x, Reshape/shape)' with input shapes: [2,3], [2] and with "
     "input tensors computed as partial shapes: input[1] = [?,4]."),
    (lambda x: tf.reshape(x, [5, 2]), (S([2, 3]),),
     "Cannot reshape a tensor with 6 elements to shape [5,2] (10 elements) for '{{node "
     "Reshape}} = Reshape[T=DT_FLOAT, Tshape=DT_INT32](x, Reshape/shape)' with input shapes: "
     "[2,3], [2] and with input tensors computed as partial shapes: input[1] = [5,2]."),
], ids=["add", "truediv", "chain", "scope-unknown-dims", "add_1", "split:1", "matmul-t",
        "batch-matmul", "concat", "concat-rank", "reshape-1", "reshape"])
def test_trace_time_shape_error_names_the_node_as_tf(body, specs, message):
    with pytest.raises(ValueError) as info:
        tf.function(body).get_concrete_function(*specs)
    assert f"ValueError: {message}\n" in str(info.value) + "\n", str(info.value)


def test_a_trace_keyed_by_a_weak_reference_is_not_saved(tmp_path):
    # (recorded from TF 2.21: the trace's signature holds an UnknownArgument, which TF
    # leaves out of the SavedModel; the loaded function has none to call)
    class M(tf.Module):
        @tf.function
        def f(self, s, x):
            return x * len(s)

    m = M()
    shape = tf.TensorShape([2, 3])
    assert float(m.f(shape, tf.constant(1.0))) == 2.0
    assert type(m.f.get_concrete_function(shape, tf.TensorSpec([]))
                .structured_input_signature[0][0]).__name__ == "UnknownArgument"
    tf.saved_model.save(m, str(tmp_path))
    with pytest.raises(ValueError, match="^Found zero restored functions for caller function.$"):
        tf.saved_model.load(str(tmp_path)).f(shape, tf.constant(2.0))


def test_a_bound_method_function_is_signed_without_self():
    # (recorded from TF 2.21: `inspect.signature(obj.f)` of a tf.function method is
    # "(x, y=1)", the class's "(self, x, y=1)"; Keras binds a model's tf.function `call`
    # by it, as the "Effective TensorFlow 2" guide's CustomModel does)
    class M(tf.keras.Model):
        @tf.function
        def call(self, x, y=1):
            if tf.reduce_mean(x) < 0:
                return x // 2
            return x

    m = M()
    assert str(inspect.signature(m.call)) == "(x, y=1)"
    assert str(inspect.signature(M.call)) == "(self, x, y=1)"
    assert m(tf.constant([-2, -4])).numpy().tolist() == [-1, -2]
