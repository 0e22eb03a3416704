"""tf.saved_model.load of TF 1 SavedModels (Builder, simple_save: no object graph).

golden/make_tf1_saved_models.py wrote two TF 1 SavedModels with real TensorFlow 2.21 (ref
and resource variables, a lookup table filled from a text-file asset by the main_op, a
control flow v1 cond, two MetaGraphs with their own signatures) and recorded what TF 2's
tf.saved_model.load gives: signature keys and inputs, outputs for given inputs, the listed
variables, and its errors for bad tags. Here eagerflow loads the same directories.
"""

import builtins
import json
import shutil
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from tests.golden_io import decode_array

pytest.importorskip("tensorboard")  # the protos come from the saved_model extra

HERE = Path(__file__).resolve().parent / "golden" / "tf1_saved_models"
GOLDEN = json.loads((HERE / "tf1_saved_models.json").read_text())
RUNS = [(name, i) for name in GOLDEN for i in range(len(GOLDEN[name]["runs"]))]


def decode(x):
    v = decode_array(x)
    return v.astype(object) if v.dtype.kind == "O" else v


@pytest.mark.parametrize("name,i", RUNS)
def test_signatures_as_in_tf(name, i):
    r = GOLDEN[name]["runs"][i]
    m = tf.saved_model.load(str(HERE / name), tags=r["tags"])
    assert sorted(m.signatures.keys()) == r["keys"]
    fn = m.signatures[r["signature"]]
    assert repr(fn.structured_input_signature) == r["structured_input_signature"]
    out = fn(**{k: tf.constant(decode(v)) for k, v in r["inputs"].items()})
    assert sorted(out) == sorted(r["outputs"])
    for k, want in r["outputs"].items():
        want = decode_array(want)
        assert out[k].dtype.as_numpy_dtype == want.dtype and out[k].shape == want.shape
        np.testing.assert_allclose(out[k].numpy(), want, rtol=1e-6)
    # TF lists the resource variables (a TF 1 ref variable is not lifted, so not listed)
    assert [(v.name, v.shape.as_list(), v.trainable) for v in m.variables] == \
        [(n, s, t) for n, s, _, t in r["variables"]]
    for v, (_, _, value, _) in zip(m.variables, r["variables"]):
        np.testing.assert_array_equal(v.numpy(), decode_array(value))


@pytest.mark.parametrize("name,tags", [(n, t) for n in GOLDEN for t in GOLDEN[n]["errors"]])
def test_tags_errors_as_tf(name, tags):
    want = GOLDEN[name]["errors"][tags]
    with pytest.raises(getattr(builtins, want["error"])) as info:
        tf.saved_model.load(str(HERE / name), tags=eval(tags))  # noqa: S307 - our own literal
    got = str(info.value)
    if "{" in want["message"]:  # TF prints Python sets, in their hash order: compare as sets
        def sets(msg):
            head, _, rest = msg.partition("available tags '[")
            body, _, tail = rest.partition("]'")
            return head, tail, sorted(tuple(sorted(s.strip("{} ").split(", ")))
                                      for s in body.split("}, {"))
        assert sets(got) == sets(want["message"])
    else:
        assert got == want["message"]


def test_one_input_may_be_positional():
    m = tf.saved_model.load(str(HERE / "builder"), tags="serve")
    words = tf.constant([b"banana", b"apple"])
    np.testing.assert_array_equal(m.signatures["lookup"](words)["ids"].numpy(), [1, 0])
    # several: TF binds positional tensors through its flat-signature fallback too
    fn = tf.saved_model.load(str(HERE / "simple")).signatures["serving_default"]
    out = fn(tf.ones([1, 3]), tf.constant(1))
    np.testing.assert_allclose(out["out"].numpy(), [[3, 4, 5]])
    with pytest.raises(TypeError, match=r"Fallback to flat signature also failed due to: "
                                        r"pruned\(a, k\) missing required arguments: k\."):
        fn(a=tf.ones([1, 3]))


def test_attributes_graph_prune_restore(tmp_path):
    d = tmp_path / "simple"
    shutil.copytree(HERE / "simple", d)
    m = tf.saved_model.load(str(d))
    assert m.tensorflow_version and m.asset_paths == []
    a = m.graph.get_tensor_by_name("a:0")
    f = m.prune(a, m.graph.get_tensor_by_name("mul:0"))
    np.testing.assert_allclose(f(tf.ones([1, 3])).numpy(), [[1, 2, 3]])
    scale = m.variables[0]
    scale.assign([5.0, 5.0, 5.0])
    np.testing.assert_allclose(f(tf.ones([1, 3])).numpy(), [[5, 5, 5]])
    m.restore(str(d / "variables" / "variables"))
    np.testing.assert_allclose(scale.numpy(), [1, 2, 3])


def test_asset_read_from_the_loaded_copy(tmp_path):
    d = tmp_path / "moved"
    shutil.copytree(HERE / "builder", d)  # the path recorded in the graph no longer exists
    m = tf.saved_model.load(str(d), tags=["serve"])
    assert [Path(p.asset_path.numpy().decode()).name for p in m.asset_paths] == ["vocab.txt"]
    ids = m.signatures["lookup"](words=tf.constant([b"cherry", b"kiwi", b"apple"]))["ids"]
    assert ids.numpy().tolist() == [2, -1, 0]


def test_missing_checkpoint_and_unknown_op(tmp_path):
    d = tmp_path / "m"
    shutil.copytree(HERE / "simple", d)
    (d / "variables" / "variables.index").unlink()
    with pytest.raises(tf.errors.NotFoundError):
        tf.saved_model.load(str(d))
    shutil.rmtree(d)
    shutil.copytree(HERE / "simple", d)
    from eagerflow._src.saved_model.load import read_saved_model
    model = read_saved_model(str(d))
    node = next(n for n in model.meta_graphs[0].graph_def.node if n.op == "Mul")
    node.op = "FooBarOp"
    (d / "saved_model.pb").write_bytes(model.SerializeToString())
    with pytest.raises(tf.errors.NotFoundError, match="Op type not registered 'FooBarOp'"):
        tf.saved_model.load(str(d))


@pytest.mark.parametrize("name,i", RUNS)
def test_tf1_loader_into_a_session(name, i):
    # tf.compat.v1.saved_model.load(sess, tags, export_dir): the same graph, run by a Session
    r = GOLDEN[name]["runs"][i]
    tags = ["serve"] if r["tags"] is None else [r["tags"]] if isinstance(r["tags"], str) \
        else r["tags"]
    with tf.Graph().as_default() as g, tf.compat.v1.Session(graph=g) as sess:
        meta = tf.compat.v1.saved_model.loader.load(sess, tags, str(HERE / name),
                                                    import_scope="imported")
        sig = meta.signature_def[r["signature"]]
        feed = {g.get_tensor_by_name(f"imported/{sig.inputs[k].name}"): decode(v)
                for k, v in r["inputs"].items()}
        names = sorted(r["outputs"])
        got = sess.run([g.get_tensor_by_name(f"imported/{sig.outputs[k].name}")
                        for k in names], feed)
    for k, value in zip(names, got):
        np.testing.assert_allclose(value, decode_array(r["outputs"][k]), rtol=1e-6)


def test_tf1_loader_errors():
    assert tf.compat.v1.saved_model.load_v2 is tf.saved_model.load
    with tf.Graph().as_default() as g, tf.compat.v1.Session(graph=g) as sess:
        with pytest.raises(RuntimeError, match="MetaGraphDef associated with tags 'nope'"):
            tf.compat.v1.saved_model.load(sess, ["nope"], str(HERE / "simple"))
        with pytest.raises(TypeError):
            tf.compat.v1.saved_model.load(sess, None, str(HERE / "simple"))


def test_a_graph_without_variables_saves_no_saver(tmp_path):
    """TF 1's Builder saves a graph without variables with an empty Saver, which builds no
    SaverDef (TF 2.21: `Saver([], allow_empty=True).saver_def` is None and its save returns
    None), so the MetaGraph names no restore op and loads into a Session as TF's does."""
    export = str(tmp_path / "no_vars")
    with tf.Graph().as_default():
        empty = tf.compat.v1.train.Saver([], allow_empty=True)
        assert empty.saver_def is None
        x = tf.compat.v1.placeholder(tf.float32, [], name="x")
        y = tf.add(x, 2.0, name="y")
        with tf.compat.v1.Session() as sess:
            assert empty.save(sess, str(tmp_path / "ckpt")) is None
            builder = tf.compat.v1.saved_model.Builder(export)
            sig = tf.compat.v1.saved_model.predict_signature_def({"x": x}, {"y": y})
            builder.add_meta_graph_and_variables(sess, ["serve"], {"serving_default": sig})
            builder.save()
    with tf.Graph().as_default(), tf.compat.v1.Session() as sess:
        meta = tf.compat.v1.saved_model.load(sess, ["serve"], export)
        assert not meta.HasField("saver_def")
        assert sess.run("y:0", {"x:0": 3.0}) == 5.0
    assert float(tf.saved_model.load(export).signatures["serving_default"](
        x=tf.constant(1.0))["y"]) == 3.0
