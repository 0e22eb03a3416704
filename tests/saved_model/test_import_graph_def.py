"""tf.import_graph_def and tf.compat.v1.wrap_function: frozen graphs written by TF 2.21.

golden/make_graph_defs.py froze three models with real TensorFlow (an MLP, a CNN, and a
while loop and cond kept functional) into .pb files, ran each the TF 2 way (wrap_function
around import_graph_def, then prune) and recorded the outputs, and TF's errors for bad
calls; here eagerflow runs the same files, without TensorFlow.
"""

import json
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.function.wrap import UnliftableError
from tests.golden_io import decode_array
from tests.saved_model.graph_def_cases import ERRORS, case_graph, node_graph

pytest.importorskip("tensorboard")  # the GraphDef protos come from the saved_model extra

HERE = Path(__file__).resolve().parent / "golden" / "graph_defs"
GOLDEN = json.loads((HERE / "graph_defs.json").read_text())
MODELS = ["mlp", "control_flow", "control_flow_lowered", "cnn"]


def load(name):
    gd = tf.compat.v1.GraphDef()
    gd.ParseFromString((HERE / f"{name}.pb").read_bytes())
    return gd


def wrap_frozen_graph(graph_def, inputs, outputs):
    """The TF 2 recipe for running a frozen graph, as TF's guides write it."""
    def _imports_graph_def():
        tf.compat.v1.import_graph_def(graph_def, name="")
    wrapped_import = tf.compat.v1.wrap_function(_imports_graph_def, [])
    import_graph = wrapped_import.graph
    return wrapped_import.prune(
        tf.nest.map_structure(import_graph.as_graph_element, inputs),
        tf.nest.map_structure(import_graph.as_graph_element, outputs))


@pytest.mark.parametrize("name", MODELS)
def test_frozen_graph_runs_as_in_tf(name):
    case = GOLDEN[name]
    fn = wrap_frozen_graph(load(name), case["inputs"], case["outputs"])
    outs = fn(*[tf.constant(decode_array(x)) for x in case["feeds"]])
    assert len(outs) == len(case["expected"])
    for got, want in zip(outs, case["expected"]):
        want = decode_array(want)
        assert got.dtype.as_numpy_dtype == want.dtype and got.shape == want.shape
        np.testing.assert_allclose(got.numpy(), want, rtol=1e-5, atol=1e-6)


def test_functional_control_flow_imports_the_library():
    assert GOLDEN["control_flow"]["functions"]  # If and While bodies live in gd.library
    assert {"While", "StatelessIf"} <= set(GOLDEN["control_flow"]["ops"])


def test_lowered_control_flow_runs_as_the_functional_form():
    # TF's freezing lowers If/While to Switch/Merge/Enter by default (v1_control_flow.py)
    case = GOLDEN["control_flow_lowered"]
    assert {"Switch", "Merge", "Enter", "LoopCond"} <= set(case["ops"])
    fn = wrap_frozen_graph(load("control_flow_lowered"), case["inputs"], case["outputs"])
    outs = fn(*[tf.constant(decode_array(x)) for x in case["feeds"]])
    for got, want in zip(outs, GOLDEN["control_flow"]["expected"]):
        np.testing.assert_allclose(got.numpy(), decode_array(want), rtol=1e-5, atol=1e-6)


def test_pruned_function_differentiates_like_its_source():
    # the MLP's energy sum(relu(x W + b)^2) against central finite differences
    case = GOLDEN["mlp"]
    assert case["outputs"][0] == "Identity:0"  # the outputs' keys sorted: energy, prob
    fn = wrap_frozen_graph(load("mlp"), case["inputs"], case["outputs"][0])
    x = tf.constant([[1.0, 2.0], [0.3, -0.7]], dtype=tf.float32)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.reduce_sum(fn(x))
    grad = tape.gradient(y, x).numpy()
    x0 = x.numpy().astype(np.float64)
    eps = 1e-3
    num = np.zeros_like(x0)
    for idx in np.ndindex(*x0.shape):
        hi, lo = x0.copy(), x0.copy()
        hi[idx] += eps
        lo[idx] -= eps
        num[idx] = (tf.reduce_sum(fn(tf.constant(hi, tf.float32))).numpy()
                    - tf.reduce_sum(fn(tf.constant(lo, tf.float32))).numpy()) / (2 * eps)
    np.testing.assert_allclose(grad, num, rtol=2e-2, atol=2e-2)


def test_names_prefix_and_return_elements():
    gd = load("mlp")
    with tf.Graph().as_default() as g:
        t, relu, x = tf.import_graph_def(gd, return_elements=["Identity:0", "Relu", "x"])
        assert (t.name, relu.name, relu.type, x.type) == ("import/Identity:0", "import/Relu",
                                                          "Relu", "Placeholder")
        assert [o.name for o in g.get_operations()] == [f"import/{n.name}" for n in gd.node
                                                        if n.op != "NoOp"]
        assert tf.import_graph_def(gd) is None  # nothing asked for (named import_1)
        assert tf.import_graph_def(gd, return_elements=["Identity:0"])[0].name == \
            "import_2/Identity:0"
        assert tf.import_graph_def(gd, return_elements=["Relu:0"], name="")[0].name == "Relu:0"
        assert tf.import_graph_def(gd, return_elements=["Relu:0"], name="net/")[0].name == \
            "net/Relu:0"
        assert g.get_tensor_by_name("import/Identity:0") is t
        assert t.shape.as_list() == [None]


def test_input_map_replaces_a_tensor():
    case = GOLDEN["mlp"]
    gd = load("mlp")
    x = decode_array(case["feeds"][0])
    want = decode_array(case["expected"][0])

    def fn(inp):
        return tf.compat.v1.import_graph_def(gd, input_map={"x": inp},
                                             return_elements=["Identity:0", "x:0"])
    w = tf.compat.v1.wrap_function(fn, [tf.TensorSpec([None, 2], tf.float32)])
    energy, mapped = w(tf.constant(x))
    np.testing.assert_allclose(energy.numpy(), want, rtol=1e-5)
    np.testing.assert_array_equal(mapped.numpy(), x)  # "x:0" comes back as its stand-in


def test_prune_from_an_inner_tensor_and_into_a_structure():
    gd = load("mlp")
    w = tf.compat.v1.wrap_function(lambda: tf.compat.v1.import_graph_def(gd, name=""), [])
    h = np.array([[1.0, 0.0, 2.0]], np.float32)
    p = w.prune("Relu:0", {"energy": ["Identity:0"]})
    out = p(tf.constant(h))
    assert list(out) == ["energy"] and len(out["energy"]) == 1
    np.testing.assert_allclose(out["energy"][0].numpy(), [5.0])


def test_prune_without_the_placeholder_it_needs():
    gd = load("mlp")
    w = tf.compat.v1.wrap_function(lambda: tf.compat.v1.import_graph_def(gd, name=""), [])
    with pytest.raises(Exception, match=r"Unable to lift tensor <tf.Tensor 'Identity:0' "
                                        r"shape=\(None,\) dtype=float32> because it depends "
                                        r"transitively on placeholder <tf.Operation 'x' "
                                        r"type=Placeholder>"):
        w.prune([], [w.graph.as_graph_element("Identity:0")])


@pytest.mark.parametrize("case", sorted(GOLDEN["errors"]))
def test_errors_as_tf(case):
    want = GOLDEN["errors"][case]
    source, kwargs = ERRORS[case]
    with case_graph(tf, kwargs) as kw:
        gd = load(source) if source in MODELS else node_graph(tf, source)
        with pytest.raises({"ValueError": ValueError, "TypeError": TypeError}[want["error"]]
                           ) as e:
            tf.import_graph_def(gd, **kw)
    assert str(e.value) == want["message"]


def test_eager_call_imports_into_the_default_graph():
    tf.compat.v1.reset_default_graph()
    assert tf.import_graph_def(load("cnn")) is None
    g = tf.compat.v1.get_default_graph()
    assert g.get_operation_by_name("import/Conv2D").type == "Conv2D"


def test_graph_util_and_compat_names():
    assert tf.graph_util.import_graph_def is tf.import_graph_def
    assert tf.compat.v1.import_graph_def is tf.import_graph_def
    with pytest.raises(KeyError, match="The name 'nope:0' refers to a Tensor which does not "
                                       "exist. The operation, 'nope', does not exist in the "
                                       "graph."):
        tf.Graph().as_graph_element("nope:0")


# -- eagerflow's own tf.Graph.as_graph_def(), imported back --------------------------------

def _small_graph():
    g = tf.Graph()
    with g.as_default():
        x = tf.compat.v1.placeholder(tf.float32, [None, 2], name="x")
        y = tf.nn.relu(tf.matmul(x, tf.constant([[1.0], [2.0]])) + 1.0, name="y")
        z = tf.reduce_sum(y * y, name="z")
    return g, x, y, z


def test_own_graph_def_round_trip_with_input_map():
    g, x, y, z = _small_graph()
    feed = np.array([[1, 2], [3, -4], [0.5, 0.5]], np.float32)
    with tf.compat.v1.Session(graph=g) as sess:
        want = sess.run([y, z], {x: feed})
    relu = np.maximum(feed @ np.array([[1.0], [2.0]], np.float32) + 1.0, 0.0)
    np.testing.assert_allclose(want[0], relu)  # the source graph against NumPy
    g2 = tf.Graph()
    with g2.as_default():
        a = tf.compat.v1.placeholder(tf.float32, [3, 2], name="a")
        yy, zz, xx = tf.import_graph_def(g.as_graph_def(), input_map={"x:0": a},
                                         return_elements=["y:0", "z:0", "x"])
        assert (yy.name, zz.name, xx.name, xx.type) == ("import/y:0", "import/z:0",
                                                        "import/x", "Placeholder")
        assert yy.shape.as_list() == [3, 1]  # shapes inferred anew from the mapped input
        with tf.compat.v1.Session() as sess:
            got = sess.run([yy, zz], {a: feed})
    np.testing.assert_allclose(got[0], want[0])
    np.testing.assert_allclose(got[1], want[1])
    with g2.as_default(), pytest.raises(ValueError, match=r"^Attempted to map inputs that "
                                                          r"were not found in graph_def: "
                                                          r"\[q:0\]$"):
        tf.import_graph_def(g.as_graph_def(), input_map={"q": a})


def test_traced_function_graph_imports_and_runs_pruned():
    @tf.function(input_signature=[tf.TensorSpec([None, 2], tf.float32)])
    def f(x):
        return tf.tanh(tf.matmul(x, tf.constant([[1.0, -1.0], [0.5, 2.0]])))
    cf = f.get_concrete_function()
    gd = cf.graph.as_graph_def()
    inp = cf.graph.inputs[0].name
    out = cf.graph.outputs[0].name
    w = tf.compat.v1.wrap_function(lambda: tf.compat.v1.import_graph_def(gd, name=""), [])
    pruned = w.prune(inp, out)
    x = tf.constant([[1.0, 2.0], [-0.5, 0.25]])
    np.testing.assert_allclose(pruned(x).numpy(), f(x).numpy(), rtol=1e-6)


def test_traced_function_graph_reads_its_variables_through_resource_placeholders():
    """As in TF, a function graph's GraphDef holds each variable's handle as a DT_RESOURCE
    Placeholder: it imports (the read takes the placeholder's handle), and a prune that
    would have to feed it refuses, with TF's UnliftableError."""
    v = tf.Variable([[1.0, -1.0], [0.5, 2.0]])

    @tf.function(input_signature=[tf.TensorSpec([None, 2], tf.float32)])
    def f(x):
        return tf.tanh(tf.matmul(x, v))
    gd = f.get_concrete_function().graph.as_graph_def()
    (handle,) = [n for n in gd.node if n.op == "Placeholder" and
                 n.attr["dtype"].type == tf.resource.as_datatype_enum]
    (read,) = [n for n in gd.node if n.op == "ReadVariableOp"]
    assert list(read.input) == [handle.name] and handle.name == read.name + "/resource"
    wrapped = tf.compat.v1.wrap_function(lambda: tf.compat.v1.import_graph_def(gd, name=""), [])
    with pytest.raises(UnliftableError, match="depends transitively on placeholder "
                                              f"<tf.Operation '{handle.name}' type=Placeholder>"):
        wrapped.prune(["x:0"], ["Tanh:0"])
