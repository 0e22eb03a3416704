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
from tests.ops.tfapi_cases import CASES, SETUP, error, record

GOLDEN = json.loads(Path(__file__).with_name("tfapi_golden.json").read_text())
# Where eagerflow's message is its own (the class is TF's): protobuf's JSON parser words
# its complaint unlike TF's (the position of the bad field).
OWN_MESSAGE = {"tf.io.decode_json_example('{\"bogus\": 1}')"}


def test_the_golden_file_covers_every_case():
    assert list(GOLDEN) == CASES


@pytest.mark.parametrize("expr", CASES)
def test_gives_tf_results_and_errors(expr):
    env = {"tf": tf, "np": np}
    exec(SETUP, env)
    try:
        got = record(eval(expr, env))
    except Exception as e:  # noqa: BLE001 (the class and message are compared)
        got = error(e)
    want = GOLDEN[expr]
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
    with pytest.raises(NotImplementedError, match="as text only"):
        tf.io.write_graph(g, str(tmp_path), "mine.pb", as_text=False)
    with pytest.raises(TypeError, match="takes a tf.Graph or a GraphDef"):
        tf.io.write_graph(3, str(tmp_path), "x")


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
    with pytest.raises(tf.errors.UnimplementedError,
                       match=r"^Cast double to string is not supported \[Op:Cast\]$"):
        tf.cast(tf.constant([1.0], tf.float64), tf.string)
    with pytest.raises(tf.errors.UnimplementedError, match="Cast string to half is not"):
        tf.cast(tf.constant("a"), tf.float16)
