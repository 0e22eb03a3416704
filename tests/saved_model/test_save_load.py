"""tf.saved_model.save and load on eagerflow's own programs: what a user relies on."""

import os
import re
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.autodiff import custom_gradient
from eagerflow._src.ops.hash_ops import fingerprint64
from eagerflow._src.saved_model.cpp_order import cpp_bytes
from eagerflow._src.saved_model.protos import pb

GOLDEN_DIR = Path(__file__).parent / "golden"


class Dense(tf.Module):
    def __init__(self, n_in, n_out):
        super().__init__()
        self.w = tf.Variable(np.arange(n_in * n_out, dtype=np.float32).reshape(n_in, n_out) / 10,
                             name="w")
        self.b = tf.Variable(np.ones(n_out, np.float32), name="b")
        self.calls = tf.Variable(0, name="calls")

    @tf.function(input_signature=[tf.TensorSpec([None, None], tf.float32)])
    def __call__(self, x):
        self.calls.assign_add(1)
        return tf.nn.relu(tf.matmul(x, self.w) + self.b)

    @tf.function(input_signature=[tf.TensorSpec([], tf.float32, name="scale")])
    def total(self, s):
        return {"sum": tf.reduce_sum(self.w) * s, "n": self.calls.read_value()}


class Model(tf.Module):
    def __init__(self):
        super().__init__()
        self.layers = [Dense(3, 4), Dense(4, 2)]

    @tf.function
    def predict(self, x, training=False):
        for layer in self.layers:
            x = layer(x)
        return x * 2.0 if training else x


@pytest.fixture
def x():
    return tf.constant([[1.0, -2.0, 0.5], [0.0, 1.0, 2.0]])


def test_layout_and_objects(tmp_path, x):
    m = Dense(3, 4)
    tf.saved_model.save(m, tmp_path / "m")
    d = tmp_path / "m"
    assert sorted(os.listdir(d)) == ["assets", "fingerprint.pb", "saved_model.pb", "variables"]
    assert sorted(os.listdir(d / "variables")) == ["variables.data-00000-of-00001",
                                                   "variables.index"]
    assert tf.saved_model.contains_saved_model(d)
    model = pb().SavedModel()
    model.ParseFromString((d / "saved_model.pb").read_bytes())
    meta = model.meta_graphs[0]
    assert list(meta.meta_info_def.tags) == ["serve"]
    assert sorted(meta.signature_def) == ["__saved_model_init_op"]  # two tf.functions
    kinds = [n.WhichOneof("kind") for n in meta.object_graph_def.nodes]
    assert kinds.count("variable") == 3 and kinds.count("function") == 2
    loaded = tf.saved_model.load(d)
    np.testing.assert_allclose(loaded(x).numpy(), m(x).numpy())
    assert loaded.w.name == "w:0" and loaded.calls.dtype == tf.int32
    assert loaded.calls.numpy() == 1  # the saved value (m was called once)


def test_nested_modules_polymorphic_functions_and_python_arguments(tmp_path, x):
    m = Model()
    m.predict(x)
    m.predict(x, training=True)
    m.predict(tf.constant([[1.0, 1.0, 1.0]]))  # a third trace, shape (1, 3)
    tf.saved_model.save(m, tmp_path / "m")
    loaded = tf.saved_model.load(tmp_path / "m")
    assert len(loaded.predict.concrete_functions) == 3
    for args in [(x,), (x, True), (tf.constant([[1.0, 1.0, 1.0]]),)]:
        np.testing.assert_allclose(loaded.predict(*args).numpy(), m.predict(*args).numpy())
    np.testing.assert_allclose(loaded.predict(x, training=True).numpy(),
                               m.predict(x, training=True).numpy())
    assert loaded.layers[1].w.shape == (4, 2)
    with pytest.raises(ValueError, match="Could not find matching concrete function"):
        loaded.predict(tf.constant([1.0, 2.0]))


def test_signatures_default_and_explicit(tmp_path, x):
    class One(tf.Module):
        @tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
        def f(self, v):
            return v + 1.0

    tf.saved_model.save(One(), tmp_path / "one")
    sig = tf.saved_model.load(tmp_path / "one").signatures["serving_default"]
    assert sig.structured_input_signature == ((), {"v": tf.TensorSpec([None], tf.float32, "v")})
    np.testing.assert_allclose(sig(v=tf.constant([1.0]))["output_0"].numpy(), [2.0])

    m = Dense(3, 4)
    tf.saved_model.save(m, tmp_path / "m", signatures={
        "serve": m.__call__, "total": m.total.get_concrete_function()})
    loaded = tf.saved_model.load(tmp_path / "m")
    assert sorted(loaded.signatures) == ["serve", "total"]
    out = loaded.signatures["total"](scale=tf.constant(2.0))
    assert sorted(out) == ["n", "sum"]
    # (TF's order of the sum: not NumPy's pairwise one)
    np.testing.assert_allclose(out["sum"].numpy(), 2 * np.sum(m.w.numpy()), rtol=1e-6)
    np.testing.assert_allclose(loaded.signatures["serve"](x=x)["output_0"].numpy(),
                               m(x).numpy())


def test_signature_inputs_are_in_tfs_order_by_name(tmp_path):
    class Two(tf.Module):  # its arguments out of alphabetical order, of different dtypes
        @tf.function(input_signature=[tf.TensorSpec([None], tf.string, "words"),
                                      tf.TensorSpec([None], tf.int64, "ids")])
        def f(self, words, ids):
            return {"n": tf.strings.length(words) + tf.cast(ids, tf.int32)}

    tf.saved_model.save(Two(), tmp_path / "two")
    model = pb().SavedModel()
    model.ParseFromString((tmp_path / "two" / "saved_model.pb").read_bytes())
    meta = model.meta_graphs[0]
    sig = meta.signature_def["serving_default"]
    assert {k: v.dtype for k, v in sig.inputs.items()} == {
        "words": tf.string.as_datatype_enum, "ids": tf.int64.as_datatype_enum}
    wrapper = next(f for f in meta.graph_def.library.function
                   if f.signature.name.startswith("__inference_signature_wrapper"))
    assert [(a.name, a.type) for a in wrapper.signature.input_arg] == [
        ("ids", tf.int64.as_datatype_enum), ("words", tf.string.as_datatype_enum)]
    out = tf.saved_model.load(tmp_path / "two").signatures["serving_default"](
        words=tf.constant(["ab", "c"]), ids=tf.constant([10, 20], tf.int64))
    assert out["n"].numpy().tolist() == [12, 21]


def test_signature_needs_tensor_outputs(tmp_path):
    class Bad(tf.Module):
        @tf.function(input_signature=[tf.TensorSpec([], tf.float32)])
        def f(self, v):
            return {"a": v, "b": None}

    with pytest.raises(ValueError, match="non-Tensor value None"):
        tf.saved_model.save(Bad(), tmp_path / "bad", signatures=Bad().f)


def test_a_function_writes_restored_variables(tmp_path, x):
    m = Dense(3, 4)
    tf.saved_model.save(m, tmp_path / "m")
    loaded = tf.saved_model.load(tmp_path / "m")
    loaded(x)
    loaded(x)
    assert loaded.calls.numpy() == 2
    assert loaded.total(tf.constant(1.0))["n"].numpy() == 2


def test_gradients_reach_restored_variables_and_fine_tuning_works(tmp_path, x):
    m = Model()
    m.predict(x)
    tf.saved_model.save(m, tmp_path / "m")
    loaded = tf.saved_model.load(tmp_path / "m")
    variables = [loaded.layers[0].w, loaded.layers[0].b, loaded.layers[1].w,
                 loaded.layers[1].b]
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(loaded.predict(x) ** 2)
    grads = tape.gradient(loss, variables)
    with tf.GradientTape() as tape:
        want = tf.reduce_sum(m.predict(x) ** 2)
    expected = tape.gradient(want, [m.layers[0].w, m.layers[0].b, m.layers[1].w,
                                    m.layers[1].b])
    for g, e in zip(grads, expected):
        np.testing.assert_allclose(g.numpy(), e.numpy(), rtol=1e-6)
    opt = tf.keras.optimizers.SGD(0.01)
    before = float(loss)
    for _ in range(5):
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(loaded.predict(x) ** 2)
        opt.apply_gradients(zip(tape.gradient(loss, variables), variables))
    assert float(loss) < before


def test_control_flow_tensor_arrays_and_nested_functions(tmp_path):
    class Loops(tf.Module):
        def __init__(self):
            super().__init__()
            self.v = tf.Variable(2.0)

        @tf.function
        def inner(self, x):
            return x * self.v

        @tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
        def f(self, x):
            out = tf.TensorArray(tf.float32, size=0, dynamic_size=True)
            for i in tf.range(tf.shape(x)[0]):
                if x[i] > 0:
                    y = self.inner(x[i])
                else:
                    y = -x[i]
                out = out.write(i, y)
            return out.stack()

    m = Loops()
    v = tf.constant([1.0, -2.0, 3.0])
    tf.saved_model.save(m, tmp_path / "m")
    loaded = tf.saved_model.load(tmp_path / "m")
    np.testing.assert_allclose(loaded.f(v).numpy(), m.f(v).numpy())
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(loaded.f(v))
    assert tape.gradient(y, loaded.v).numpy() == pytest.approx(4.0)


def test_untracked_variable_is_refused(tmp_path):
    hidden = tf.Variable(1.0)

    class Leaky(tf.Module):
        @tf.function(input_signature=[tf.TensorSpec([], tf.float32)])
        def f(self, x):
            return x + hidden

    with pytest.raises(AssertionError, match="references an 'untracked' resource"):
        tf.saved_model.save(Leaky(), tmp_path / "leaky")
    assert not os.path.exists(tmp_path / "leaky")


def test_save_is_atomic_and_replaces(tmp_path, x, monkeypatch):
    from eagerflow._src.saved_model import save as save_mod

    tf.saved_model.save(Dense(3, 4), tmp_path / "m")
    first = (tmp_path / "m" / "saved_model.pb").read_bytes()

    def crash(*a, **k):
        raise OSError("disk full")

    monkeypatch.setattr(save_mod, "_fingerprint", crash)
    with pytest.raises(OSError, match="disk full"):
        tf.saved_model.save(Model(), tmp_path / "m")
    assert (tmp_path / "m" / "saved_model.pb").read_bytes() == first
    assert sorted(os.listdir(tmp_path)) == ["m"]  # no temporary directory left
    monkeypatch.undo()
    m2 = Dense(3, 4)
    m2.b.assign([5.0, 5.0, 5.0, 5.0])
    tf.saved_model.save(m2, tmp_path / "m")
    np.testing.assert_allclose(tf.saved_model.load(tmp_path / "m").b.numpy(), [5.0] * 4)


def test_save_inside_a_function_and_non_trackables_are_refused(tmp_path):
    with pytest.raises(ValueError, match="Expected an object of type `Trackable`"):
        tf.saved_model.save(3, tmp_path / "x")

    @tf.function
    def f():
        tf.saved_model.save(tf.Module(), str(tmp_path / "y"))
        return 1

    with pytest.raises(AssertionError, match="not supported inside a traced"):
        f()


# -- bad files --------------------------------------------------------------------------------

def _saved(tmp_path):
    tf.saved_model.save(Dense(3, 4), tmp_path / "m")
    return tmp_path / "m"


def test_missing_and_truncated_files(tmp_path):
    with pytest.raises(OSError, match="SavedModel file does not exist"):
        tf.saved_model.load(tmp_path / "nothing")
    d = _saved(tmp_path)
    data = (d / "saved_model.pb").read_bytes()
    (d / "saved_model.pb").write_bytes(data[:len(data) // 2])
    # (TF 2.21's loader: protobuf's DecodeError as an OSError naming the file as bytes)
    with pytest.raises(OSError, match=re.escape(f"Cannot parse file b'{d}/saved_model.pb': "
                                                "Error parsing message with type "
                                                "'tensorflow.SavedModel'")):
        tf.saved_model.load(d)


def test_missing_or_corrupted_variables(tmp_path):
    d = _saved(tmp_path)
    data = (d / "variables" / "variables.data-00000-of-00001").read_bytes()
    (d / "variables" / "variables.data-00000-of-00001").write_bytes(
        data[:-4] + bytes(4))
    with pytest.raises(tf.errors.DataLossError):
        tf.saved_model.load(d)
    os.remove(d / "variables" / "variables.index")
    # (TF 2.21's FileNotFoundError, its reader's words and the loader's hint)
    with pytest.raises(FileNotFoundError) as e:
        tf.saved_model.load(d)
    assert str(e.value) == (
        "Unsuccessful TensorSliceReader constructor: Failed to find any matching files for "
        f"{d}/variables/variables\n You may be trying to load on a different device from the "
        "computational device. Consider setting the `experimental_io_device` option in "
        "`tf.saved_model.LoadOptions` to the io_device such as '/job:localhost'.")


def test_unknown_op_is_named_before_anything_runs(tmp_path):
    d = _saved(tmp_path)
    model = pb().SavedModel()
    model.ParseFromString((d / "saved_model.pb").read_bytes())
    fdef = model.meta_graphs[0].graph_def.library.function[0]
    fdef.node_def[-1].op = "FancyOpEagerflowLacks"
    (d / "saved_model.pb").write_bytes(model.SerializeToString())
    with pytest.raises(tf.errors.NotFoundError, match="FancyOpEagerflowLacks.*node"):
        tf.saved_model.load(d)


def test_wrong_tags(tmp_path):
    d = _saved(tmp_path)
    # as TF 2.21's loader for a SavedModel of one object-graph MetaGraph (TF 1's message is
    # for SavedModels of several)
    with pytest.raises(ValueError, match=r"Got an incompatible argument to `tags`: \['train'\]\. "
                                         r"The SavedModel at .* has one MetaGraph with tags "
                                         r"\['serve'\]"):
        tf.saved_model.load(d, tags=["train"])
    assert tf.saved_model.load(d, tags="serve") is not None


def test_out_of_range_references_are_data_loss(tmp_path):
    d = _saved(tmp_path)
    model = pb().SavedModel()
    model.ParseFromString((d / "saved_model.pb").read_bytes())
    model.meta_graphs[0].object_graph_def.nodes[0].children[0].node_id = 999
    (d / "saved_model.pb").write_bytes(model.SerializeToString())
    with pytest.raises(tf.errors.DataLossError, match="out of range"):
        tf.saved_model.load(d)


def test_assets_travel_with_the_model(tmp_path):
    vocab = tmp_path / "vocab.txt"
    vocab.write_text("alpha beta\n")

    class Reader(tf.Module):
        def __init__(self):
            super().__init__()
            self.vocab = tf.saved_model.Asset(str(vocab))

        @tf.function(input_signature=[])
        def read(self):
            return tf.io.read_file(self.vocab.asset_path)

    tf.saved_model.save(Reader(), tmp_path / "m")
    assert (tmp_path / "m" / "assets" / "vocab.txt").read_text() == "alpha beta\n"
    os.remove(vocab)
    os.rename(tmp_path / "m", tmp_path / "moved")
    loaded = tf.saved_model.load(tmp_path / "moved")
    assert loaded.read().numpy() == b"alpha beta\n"
    assert loaded.vocab.asset_path.numpy() == str(tmp_path / "moved" / "assets" /
                                                  "vocab.txt").encode()


@tf.custom_gradient
def _clip_gradients(y):
    def backward(dy):
        return tf.clip_by_norm(dy, 0.5)
    return y, backward


class _CustomGrad(tf.Module):
    @tf.function(input_signature=[tf.TensorSpec(None)])
    def call_custom_grad(self, x):
        return _clip_gradients(x)


@pytest.mark.parametrize("keep", [True, False])
def test_custom_gradients_are_saved_on_request(tmp_path, keep, monkeypatch):
    tf.saved_model.save(_CustomGrad(), tmp_path / "m", options=tf.saved_model.SaveOptions(
        experimental_custom_gradients=keep))
    loaded = tf.saved_model.load(tmp_path / "m")
    v = tf.Variable(2.0)
    with tf.GradientTape() as t:
        out = loaded.call_custom_grad(v * v)
    assert out.numpy() == 4.0
    # saved or not, the process that traced it still has the gradient (TF 2.21: its
    # gradient registry holds the op type), clipped to 0.5, times 4
    assert t.gradient(out, v).numpy() == pytest.approx(2.0)
    if not keep:  # (another process: its IdentityN names a gradient nobody registered)
        monkeypatch.setattr(custom_gradient, "_IN_PROCESS", {})
        with tf.GradientTape() as t:
            out = tf.saved_model.load(tmp_path / "m").call_custom_grad(v * v)
        with pytest.raises(LookupError, match=r"^No gradient defined for operation'IdentityN' "
                           r"\(op type: IdentityN\)"):
            t.gradient(out, v)


@pytest.mark.parametrize("name", sorted(p.name for p in GOLDEN_DIR.glob("tf_*")
                                        if (p / "fingerprint.pb").exists()))
def test_the_checksum_of_tfs_models_is_tfs(name):
    # TF hashes saved_model.pb as C++ serializes it (map entries in another order than the
    # file's upb bytes: `T` before `Tidx`, arg_attr 0 before 1), and so does eagerflow
    d = GOLDEN_DIR / name
    fp = pb().FingerprintDef()
    fp.ParseFromString((d / "fingerprint.pb").read_bytes())
    data = (d / "saved_model.pb").read_bytes()
    assert fingerprint64(cpp_bytes(data, pb().SavedModel.DESCRIPTOR)) == \
        fp.saved_model_checksum != fingerprint64(data)


def test_a_loaded_signature_of_one_input_takes_it_by_position(tmp_path):
    # TF writes allowed_positional_arguments 1 for a one-input signature (0 for more), so
    # Keras's TFSMLayer can call a signature endpoint with its inputs by position
    m = tf.Module()
    m.v = tf.Variable(2.0)
    m.f = tf.function(lambda x: {"y": x * m.v},
                      input_signature=[tf.TensorSpec([None], tf.float32)])
    tf.saved_model.save(m, str(tmp_path), signatures={"one": m.f})
    sig = tf.saved_model.load(str(tmp_path)).signatures["one"]
    assert sig(tf.constant([1.5]))["y"].numpy().tolist() == [3.0]
    assert sig(x=tf.constant([1.5]))["y"].numpy().tolist() == [3.0]
    with pytest.raises(TypeError, match="takes 1 positional arguments, got 2"):
        sig(tf.constant([1.5]), tf.constant([1.5]))
