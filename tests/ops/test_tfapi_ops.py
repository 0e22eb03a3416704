"""The tf.* and tf.io names added for #21 against TF 2.21's recorded results and errors
(tfapi_golden.json, written by make_tfapi_golden.py), and what the golden file can't hold:
the clock, graph-only parallel_stack, guarantee_const's missing gradient, round trips."""

import json
import logging
import time
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from tests.golden_io import as_recorded, expression_outcome
from tests.ops.tfapi_cases import CASES, SETUP, error, record

GOLDEN = json.loads(Path(__file__).with_name("tfapi_golden.json").read_text())
# Where eagerflow's message is its own (the class is TF's): protobuf's JSON parser words
# its complaint unlike TF's (the position of the bad field).
OWN_MESSAGE = {"tf.io.decode_json_example('{\"bogus\": 1}')"}
# Where eagerflow's error class is its own (none now: make_ndarray of a non-proto is TF's
# AttributeError, fuzz24)
OWN_CLASS: dict = {}


def test_the_golden_file_covers_every_case():
    assert list(GOLDEN) == CASES


@pytest.mark.parametrize("expr", CASES)
def test_gives_tf_results_and_errors(expr):
    env = {"tf": tf, "np": np}
    exec(SETUP, env)
    got = expression_outcome(expr, env, record, error)
    want = GOLDEN[expr]
    if expr in OWN_CLASS:
        assert got["error"] == OWN_CLASS[expr] and want["message"] in got["message"]
        return
    if expr in OWN_MESSAGE:
        assert got["error"] == want["error"]
        assert got["message"].split(":")[0] == want["message"].split(":")[0]
        return
    assert got == want


def test_parse_tensor_round_trips_every_dtype():
    for dtype in (tf.float16, tf.float32, tf.float64, tf.int8, tf.uint8,
                  tf.int16, tf.uint16, tf.int32, tf.uint32, tf.int64, tf.uint64, tf.bool,
                  tf.complex64, tf.complex128):
        x = tf.cast(tf.constant([[1.0, 0.0, 3.0]]), dtype)
        back = tf.io.parse_tensor(tf.io.serialize_tensor(x), dtype)
        assert back.dtype == dtype and back.shape == (1, 3)
        np.testing.assert_array_equal(back.numpy(), x.numpy())
        np.testing.assert_array_equal(tf.make_ndarray(tf.make_tensor_proto(x)), x.numpy())


def test_serialized_tensors_inside_tf_function():
    @tf.function
    def round_trip(x):
        s = tf.io.serialize_tensor(x)
        back = tf.io.parse_tensor(s, tf.float32)
        assert back.shape.rank is None  # as TF: the shape is known when it runs
        return tf.reshape(back, [-1]), tf.io.decode_base64(tf.io.encode_base64(s))

    flat, s = round_trip(tf.constant([[1.5, 2.0]]))
    np.testing.assert_array_equal(flat.numpy(), [1.5, 2.0])
    assert s.numpy() == tf.io.serialize_tensor(tf.constant([[1.5, 2.0]])).numpy()


def test_make_ndarray_gives_a_writable_copy():
    arr = tf.make_ndarray(tf.make_tensor_proto([1.0, 2.0]))
    arr[0] = 5.0
    assert arr.dtype == np.float32 and arr.tolist() == [5.0, 2.0]
    proto = tf.make_tensor_proto([1, 2])
    assert tf.make_tensor_proto(proto) is proto


def test_timestamp_reads_the_clock_each_time_it_runs():
    before = time.time()
    t = tf.timestamp()
    assert t.dtype == tf.float64 and t.shape == ()
    assert before <= float(t) <= time.time()

    @tf.function
    def stamp():
        return tf.timestamp()

    first = float(stamp())
    time.sleep(0.01)
    assert float(stamp()) > first  # a stateful op: neither folded nor cached


def test_timestamp_refuses_to_run_under_op_determinism():
    # (TF 2.21's words, eagerly and in a traced function: a clock read seeds no model)
    @tf.function
    def stamp():
        return tf.timestamp()

    tf.config.experimental.enable_op_determinism()
    with pytest.raises(tf.errors.FailedPreconditionError) as e:
        tf.timestamp(name="ts")
    assert str(e.value) == (
        "{{function_node __wrapped__Timestamp_device_/job:localhost/replica:0/task:0/"
        "device:CPU:0}} Timestamp cannot be called when determinism is enabled "
        "[Op:Timestamp]")
    with pytest.raises(tf.errors.FailedPreconditionError,
                       match=r"Timestamp cannot be called when determinism is enabled\n"
                             r"\t \[\[\{\{node Timestamp\}\}\]\]"):
        stamp()


def test_parallel_stack_is_graph_only_and_needs_known_shapes():
    with pytest.raises(RuntimeError, match="not compatible with eager execution"):
        tf.parallel_stack([tf.constant([1, 2])])

    @tf.function
    def ps(a, b):
        return tf.parallel_stack([a, b])

    np.testing.assert_array_equal(ps(tf.constant([1, 2]), tf.constant([3, 4])).numpy(),
                                  [[1, 2], [3, 4]])
    with pytest.raises(ValueError, match="Shapes must be equal"):
        ps(tf.constant([1, 2]), tf.constant([3, 4, 5]))
    unknown = tf.function(lambda a: tf.parallel_stack([a, a]))
    with pytest.raises(ValueError, match="shape attr must be fully defined"):
        unknown.get_concrete_function(tf.TensorSpec([None]))


def test_guarantee_const_passes_through_warns_once_and_has_no_gradient(caplog):
    x = tf.constant(3.0)
    with caplog.at_level(logging.WARNING, logger="tensorflow"):
        assert float(tf.guarantee_const(x)) == 3.0
        tf.guarantee_const(x)
    assert caplog.text.count("guarantee_const (from tensorflow.python.ops.array_ops) is "
                             "deprecated") <= 1
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.guarantee_const(x) * 2.0
    with pytest.raises(LookupError, match="gradient registry has no entry for: GuaranteeConst"):
        tape.gradient(y, x)


def test_decode_csv_columns_keep_the_records_shape_in_tf_function():
    @tf.function(input_signature=[tf.TensorSpec([None], tf.string)])
    def parse(lines):
        a, b = tf.io.decode_csv(lines, record_defaults=[[0], ["?"]])
        assert a.shape.as_list() == [None] and b.dtype == tf.string
        return a, b

    a, b = parse(tf.constant(["1,x", "2,"]))
    assert a.numpy().tolist() == [1, 2] and b.numpy().tolist() == [b"x", b"?"]


def test_matching_files_lists_each_patterns_matches_sorted(tmp_path):
    for leaf in ("b.txt", "a.txt", "c.csv", "sub/d.txt"):
        (tmp_path / leaf).parent.mkdir(exist_ok=True)
        (tmp_path / leaf).write_text("x")
    got = tf.io.matching_files([str(tmp_path / "*.txt"), str(tmp_path / "*/*.txt"),
                                str(tmp_path / "[c]?csv"), str(tmp_path / "none*")])
    assert [p.decode()[len(str(tmp_path)):] for p in got.numpy()] == \
        ["/a.txt", "/b.txt", "/sub/d.txt", "/c.csv"]
    assert tf.io.matching_files(str(tmp_path / "zz*")).shape == (0,)
    with pytest.raises(tf.errors.InvalidArgumentError, match="must be scalar or vector"):
        tf.io.matching_files([[str(tmp_path)]])


def test_write_graph_writes_text_or_bytes_atomically(tmp_path):
    from tensorboard.compat.proto import graph_pb2

    gd = graph_pb2.GraphDef()
    gd.node.add(name="a", op="Const")
    path = tf.io.write_graph(gd, str(tmp_path / "new" / "dir"), "g.pbtxt")
    assert path == str(tmp_path / "new" / "dir" / "g.pbtxt")
    assert open(path).read() == 'node {\n  name: "a"\n  op: "Const"\n}\n'
    path = tf.io.write_graph(gd, str(tmp_path), "g.pb", as_text=False)
    assert graph_pb2.GraphDef.FromString(open(path, "rb").read()) == gd
    g = tf.Graph()
    with g.as_default():
        tf.add(tf.constant(1.0), 2.0, name="b")
    text = open(tf.io.write_graph(g, str(tmp_path), "mine.pbtxt")).read()
    assert 'name: "b"' in text and 'op: "AddV2"' in text
    path = tf.io.write_graph(g, str(tmp_path), "mine.pb", as_text=False)
    assert graph_pb2.GraphDef.FromString(open(path, "rb").read()) == g.as_graph_def()
    # TF's errors, protobuf's own
    with pytest.raises(AttributeError, match="^'int' object has no attribute 'DESCRIPTOR'$"):
        tf.io.write_graph(3, str(tmp_path), "x")
    with pytest.raises(AttributeError, match="^'int' object has no attribute "
                                             "'SerializeToString'$"):
        tf.io.write_graph(3, str(tmp_path), "x", as_text=False)


def test_a_variable_creator_sees_every_argument_as_tf_passes_them():
    seen = []

    def creator(next_creator, **kwargs):
        seen.append(sorted(kwargs))
        kwargs["initial_value"] = kwargs["initial_value"] * 2
        return next_creator(**kwargs)

    with tf.variable_creator_scope(creator):
        v = tf.Variable(1.0, name="x")
    assert float(v) == 2.0 and v.name == "x:0"
    assert seen == [["aggregation", "caching_device", "constraint", "dtype",
                     "experimental_enable_variable_lifting", "import_scope", "initial_value",
                     "name", "shape", "synchronization", "trainable", "validate_shape",
                     "variable_def"]]
    assert float(tf.Variable(1.0)) == 1.0  # the scope has ended


def test_cast_errors_name_dtypes_as_tf_does():
    # (TF 2.21's whole message: the eager function running Cast, its name suffix)
    with pytest.raises(tf.errors.UnimplementedError) as e:
        tf.cast(tf.constant([1.0], tf.float64), tf.string)
    assert as_recorded(str(e.value)) == (
        "{{function_node __wrapped__Cast_device_/job:localhost/replica:0/task:0/device:CPU:0}} "
        "Cast double to string is not supported [Op:Cast] name: ")
    with pytest.raises(tf.errors.UnimplementedError, match="Cast string to half is not"):
        tf.cast(tf.constant("a"), tf.float16)


def test_indexed_slices_convert_to_their_dense_tensor():
    s = tf.IndexedSlices(tf.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]),
                         tf.constant([0, 2, 0]), tf.constant([3, 2]))
    assert str(s) == ("IndexedSlices(indices=tf.Tensor([0 2 0], shape=(3,), dtype=int32), "
                      "values=tf.Tensor(\n[[1. 2.]\n [3. 4.]\n [5. 6.]], shape=(3, 2), "
                      "dtype=float32), dense_shape=tf.Tensor([3 2], shape=(2,), dtype=int32))")
    assert s.shape == (3, 2) and s.dtype == tf.float32 and tf.is_tensor(s)
    dense = tf.convert_to_tensor(s)  # repeated rows add up, as TF's conversion
    np.testing.assert_array_equal(dense.numpy(), [[6.0, 8.0], [0.0, 0.0], [3.0, 4.0]])
    np.testing.assert_array_equal(tf.add(s, 1.0).numpy(), dense.numpy() + 1.0)
    np.testing.assert_array_equal(tf.convert_to_tensor(-s).numpy(), -dense.numpy())
    with pytest.raises(TypeError):
        s * 2  # noqa: B018  (TF's IndexedSlices has no operators)
    no_shape = tf.IndexedSlices(tf.constant([[1.0]]), tf.constant([0]))
    assert no_shape.shape.rank is None
    with pytest.raises(ValueError, match="Tensor conversion requested for IndexedSlices for "
                                         "argument `value` without dense_shape"):
        tf.convert_to_tensor(no_shape)
    v = tf.Variable([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
    tf.keras.optimizers.SGD(0.1).apply_gradients([(tf.IndexedSlices(
        tf.constant([[1.0, 1.0]]), tf.constant([1]), tf.constant([3, 2])), v)])
    np.testing.assert_allclose(v.numpy(), [[1.0, 2.0], [2.9, 3.9], [5.0, 6.0]])


def test_indexed_slices_specs_and_tf_function():
    s = tf.IndexedSlices(tf.constant([[1.0, 2.0]]), tf.constant([1]), tf.constant([3, 2]))
    assert repr(s._type_spec) == ("IndexedSlicesSpec(TensorShape([3, 2]), tf.float32, "
                                  "tf.int32, tf.int32, TensorShape([1]))")
    assert repr(tf.IndexedSlicesSpec()) == ("IndexedSlicesSpec(TensorShape(None), tf.float32, "
                                            "tf.int64, None, TensorShape([None]))")
    spec = tf.IndexedSlicesSpec([None, 2], tf.float32, tf.int32, tf.int32, [None])
    assert spec.is_compatible_with(s) and isinstance(spec, tf.TypeSpec)

    @tf.function
    def dense(x):
        return tf.convert_to_tensor(x) * 2.0

    np.testing.assert_array_equal(dense(s).numpy(), [[0.0, 0.0], [2.0, 4.0], [0.0, 0.0]])


def test_none_and_tensor_array_specs():
    assert repr(tf.NoneTensorSpec()) == "NoneTensorSpec()"
    assert tf.NoneTensorSpec() == tf.NoneTensorSpec() and tf.NoneTensorSpec().is_compatible_with(
        None)
    assert repr(tf.TensorArraySpec([2], tf.float32)) == \
        "TensorArraySpec(TensorShape([2]), tf.float32, False, True)"
    ta = tf.TensorArray(tf.float32, size=2)
    assert repr(tf.type_spec_from_value(ta)) == \
        "TensorArraySpec(TensorShape(None), tf.float32, False, True)"
    assert tf.TensorArraySpec([2]).is_compatible_with(tf.TensorArraySpec([None]))
    assert not tf.TensorArraySpec([2]).is_compatible_with(tf.TensorArraySpec([2], tf.int32))
    assert issubclass(tf.TensorSpec, tf.TypeSpec) and issubclass(tf.TensorArraySpec, tf.TypeSpec)


def test_critical_section_runs_one_function_at_a_time():
    import threading

    cs = tf.CriticalSection(name="cs")
    v = tf.Variable(0)
    assert int(cs.execute(lambda: v.assign_add(1))) == 1
    out = cs.execute(lambda: (v.read_value(), tf.constant(2.0), None))
    assert int(out[0]) == 1 and float(out[1]) == 2.0 and out[2] is None
    assert int(cs.execute(lambda: 3)) == 3
    with pytest.raises(ValueError, match="in which we are already running. This is illegal"):
        cs.execute(lambda: cs.execute(lambda: 1))
    inside, overlaps = [0], []

    def work():
        inside[0] += 1
        overlaps.append(inside[0])
        time.sleep(0.002)
        inside[0] -= 1
        return 0

    threads = [threading.Thread(target=lambda: cs.execute(work)) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert overlaps == [1, 1, 1, 1]
    assert int(tf.function(lambda: cs.execute(lambda: v.assign_add(10)))()) == 11


@pytest.fixture
def clean_gradient_registry():
    from eagerflow._src.autodiff import gradient_registry as R

    saved = dict(R.USER_GRADIENTS), dict(R._WHERE)
    yield
    R.USER_GRADIENTS.clear()
    R.USER_GRADIENTS.update(saved[0])
    R._WHERE.clear()
    R._WHERE.update(saved[1])


def test_register_gradient_gives_an_op_without_one_a_gradient(clean_gradient_registry):
    @tf.RegisterGradient("GuaranteeConst")
    def _triple(op, grad):
        assert op.type == "GuaranteeConst" and len(op.inputs) == len(op.outputs) == 1
        return grad * 3.0

    x = tf.constant(2.0)

    def grad_of(x):
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = tf.guarantee_const(x) * x
        return tape.gradient(y, x)

    assert float(grad_of(x)) == 8.0  # x * 3 through guarantee_const, plus x directly
    assert float(tf.function(grad_of)(x)) == 8.0
    with pytest.raises(KeyError, match="Registering two gradient with name 'GuaranteeConst'"):
        tf.RegisterGradient("GuaranteeConst")(lambda op, g: g)
    with pytest.raises(KeyError, match="Registering two gradient with name 'Sinh'"):
        tf.RegisterGradient("Sinh")(lambda op, g: g)  # an op with its own gradient
    with pytest.raises(TypeError, match="op_type must be a string"):
        tf.RegisterGradient(5)
    with pytest.raises(TypeError, match="op_type must be a string"):
        tf.no_gradient(3)


def test_no_gradient_makes_an_op_not_differentiable(clean_gradient_registry):
    tf.no_gradient("GuaranteeConst")
    x = tf.constant(2.0)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.guarantee_const(x) * 2.0
    assert tape.gradient(y, x) is None


def test_softmax_nodes_take_the_name_given():
    @tf.function
    def f(x):
        return tf.nn.softmax(x, name="sm"), tf.nn.log_softmax(x, name="lsm"), tf.nn.softmax(x)

    ops = [(o.name, o.type) for o in
           f.get_concrete_function(tf.TensorSpec([2, 3])).graph.get_operations()]
    assert ("sm", "Softmax") in ops and ("lsm", "LogSoftmax") in ops
    assert ("Softmax", "Softmax") in ops  # the default name, as TF's
