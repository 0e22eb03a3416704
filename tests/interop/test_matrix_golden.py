"""The interop matrix against files TensorFlow 2.21 / Keras 3.15 wrote (golden/, written
by record_interop_golden.py), without TensorFlow: a tf.Module SavedModel with dict,
ragged, sparse and string signatures, an asset-backed vocabulary and a mutable table,
called, served and saved again; a text RNN (TextVectorization, masked Embedding,
Bidirectional LSTM, GRU), a two-input two-output functional model (Normalization,
StringLookup, BatchNormalization, Dropout) and a registered subclassed model with a
custom loss and metric, each loaded from `.keras` (outputs, paths, and two more epochs
of training from the restored optimizer, as TF's), from `.weights.h5`, from a
tf.train.Checkpoint (and ours has TF's keys) and from `model.export()`; the errors for
what Keras refuses to load. tests/interop/test_matrix_tf.py runs the other direction."""

import json
import re
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from eagerflow import keras
from tests.golden_io import raised
from tests.interop import model_cases as C

GOLDEN = Path(__file__).resolve().parent / "golden"
FACTS = json.loads((GOLDEN / "golden.json").read_text())
OBJECTS = C.register(keras)
BUILD = {"text_rnn": lambda: C.text_rnn(keras), "tabular": lambda: C.tabular(keras),
         "custom": lambda: C.custom(keras, OBJECTS)}
DATA = {"text_rnn": C.text_data, "tabular": C.tabular_data, "custom": C.custom_data}
MODELS = list(BUILD)


def _history(h: dict, want: dict, rtol: float = 1e-4) -> None:
    assert sorted(h) == sorted(want)
    for k in want:
        np.testing.assert_allclose(h[k], want[k], rtol=rtol, atol=1e-6, err_msg=k)


# -- the tf.Module ---------------------------------------------------------------------------

@pytest.fixture(scope="module")
def module():
    return tf.saved_model.load(str(GOLDEN / "module"))


def test_module_calls_give_tensorflows_outputs(module):
    # (dicts, ragged and sparse arguments, string ops, an asset's vocabulary, a mutable
    # table written by one call and read by the next, tf.sparse.reduce_sum/max)
    C.close(C.plain(tf, C.module_calls(tf, module)), FACTS["module"]["calls"])


def test_module_signatures_and_functions_are_tensorflows(module):
    want = FACTS["module"]
    got = {k: [C.spec_texts(f.structured_input_signature), C.spec_texts(f.structured_outputs)]
           for k, f in module.signatures.items()}
    assert got == want["signatures"]
    assert {n: C.spec_texts(getattr(module, n).concrete_functions[0]
                            .structured_input_signature)
            for n in want["functions"]} == want["functions"]
    assert sorted(C.spec_texts(f.structured_input_signature)
                  for f in module.poly.concrete_functions) == want["poly"]
    assert [module.w.name, module.b.name, module.count.name] == want["variables"]


def test_a_signature_shows_its_inputs_names():
    # (TF's function_type of a signature names each spec after its keyword)
    f = tf.saved_model.load(str(GOLDEN / "module")).signatures["serving_default"]
    text = str(f.function_type)
    assert "a: TensorSpec(shape=(None, 2), dtype=tf.float32, name='a')" in text


def test_no_matching_function_is_tensorflows_error():
    m = tf.saved_model.load(str(GOLDEN / "module"))
    kind, text = FACTS["module"]["no_match"]
    with pytest.raises(ValueError) as e:
        m.poly(tf.constant([1.0, 2.0, 3.0]))
    assert (type(e.value).__name__, str(e.value)) == (kind, text)


def test_a_loaded_module_saved_again_keeps_its_functions_and_tables(tmp_path):
    # (its tf.functions and concrete functions, a static table's contents and a mutable
    # one's; the signatures are dropped, as TF's save drops a loaded object's)
    tf.saved_model.save(tf.saved_model.load(str(GOLDEN / "module")), str(tmp_path / "again"))
    again = tf.saved_model.load(str(tmp_path / "again"))
    assert list(again.signatures) == []
    want = dict(FACTS["module"]["calls"])
    del want["serving_default"]
    want["lookup_first"] = want.pop("lookup")
    want["count"] = {"dtype": "int64", "value": 1}  # (one call of dict_in, not two)
    C.close(C.plain(tf, C.module_calls(tf, again, signatures=False)), want)


@pytest.mark.parametrize("name", ["tabular", "custom"])
def test_a_loaded_export_saved_again_serves_alike(name, tmp_path):
    tf.saved_model.save(tf.saved_model.load(str(GOLDEN / f"{name}_export")),
                        str(tmp_path / "again"))
    x, _ = DATA[name](tf)
    served = tf.saved_model.load(str(tmp_path / "again")).serve(x)
    C.close(C.plain(tf, served), FACTS[name]["export"]["outputs"], 1e-5, 1e-6)


# -- the Keras models ----------------------------------------------------------------------

@pytest.mark.parametrize("name", MODELS)
def test_keras_file_loads_and_training_continues_as_in_tensorflow(name):
    facts = FACTS[name]
    x, y = DATA[name](tf)
    keras.utils.set_random_seed(5)  # (the Dropout's seed, as the recorder set it)
    model = keras.models.load_model(GOLDEN / f"{name}.keras")
    C.close(C.plain(tf, model.predict(x, verbose=0)), facts["predict"], 1e-5, 1e-6)
    assert [w.path for w in model.weights] == facts["loaded_paths"]
    assert [v.path for v in model.optimizer.variables] == facts["loaded_optimizer_paths"]
    # the restored Adam/RMSprop/SGD-momentum state carries on: TF's losses and metrics
    history = model.fit(x, y, batch_size=4, epochs=2, shuffle=False, verbose=0).history
    _history(history, facts["continued"])


@pytest.mark.parametrize("name", MODELS)
def test_weights_file_loads_into_a_fresh_model(name):
    model = BUILD[name]()
    x, _ = DATA[name](tf)
    # (an adapted vocabulary is the builder's own: the same texts)
    with pytest.warns(UserWarning, match="Skipping variable loading for optimizer"):
        model.load_weights(GOLDEN / f"{name}.weights.h5")
    C.close(C.plain(tf, model.predict(x, verbose=0)), FACTS[name]["predict"], 1e-5, 1e-6)


@pytest.mark.parametrize("name", MODELS)
def test_keras_file_weights_load_into_a_fresh_model(name):
    model = BUILD[name]()
    x, _ = DATA[name](tf)
    with pytest.warns(UserWarning, match="Skipping variable loading for optimizer"):
        model.load_weights(GOLDEN / f"{name}.keras")
    C.close(C.plain(tf, model.predict(x, verbose=0)), FACTS[name]["predict"], 1e-5, 1e-6)


@pytest.mark.parametrize("name", MODELS)
def test_checkpoint_restores_every_value(name):
    model = BUILD[name]()
    model.optimizer.build(model.trainable_variables)
    x, _ = DATA[name](tf)
    status = tf.train.Checkpoint(model=model, optimizer=model.optimizer).read(
        str(GOLDEN / f"{name}_ckpt" / "ckpt"))
    status.assert_consumed()  # (the lookup layers' adapt tables included)
    C.close(C.plain(tf, model.predict(x, verbose=0)), FACTS[name]["predict"], 1e-5, 1e-6)


@pytest.mark.parametrize("name", MODELS)
def test_training_resumes_from_tensorflows_checkpoint_as_in_tensorflow(name):
    # the optimizer's slots and step count come back by their object-graph keys
    x, y = DATA[name](tf)
    keras.utils.set_random_seed(5)
    model = BUILD[name]()
    model.optimizer.build(model.trainable_variables)
    tf.train.Checkpoint(model=model, optimizer=model.optimizer).read(
        str(GOLDEN / f"{name}_ckpt" / "ckpt")).assert_consumed()
    history = model.fit(x, y, batch_size=4, epochs=2, shuffle=False, verbose=0).history
    _history(history, FACTS[name]["continued_from_checkpoint"])


@pytest.mark.parametrize("name", MODELS)
def test_our_checkpoint_has_tensorflows_keys(name, tmp_path):
    model = BUILD[name]()
    x, y = DATA[name](tf)
    model.fit(x, y, batch_size=4, epochs=1, shuffle=False, verbose=0)
    path = str(tmp_path / "ckpt")
    tf.train.Checkpoint(model=model, optimizer=model.optimizer).write(path)
    assert sorted(k for k, _ in tf.train.list_variables(path)) == FACTS[name]["checkpoint_keys"]


@pytest.mark.parametrize("name", ["tabular", "custom"])
def test_exported_model_serves_as_in_tensorflow(name):
    facts = FACTS[name]["export"]
    export = tf.saved_model.load(str(GOLDEN / f"{name}_export"))
    sig = export.signatures["serving_default"]
    assert [C.spec_texts(sig.structured_input_signature),
            C.spec_texts(sig.structured_outputs)] == facts["signature"]
    assert C.spec_texts(export.serve.concrete_functions[0].structured_input_signature) == \
        facts["serve"]
    x, _ = DATA[name](tf)
    C.close(C.plain(tf, export.serve(x)), facts["outputs"], 1e-5, 1e-6)


def _unnumbered(names):
    """Variable names without the numbers a process's earlier layers add (dense_1/...)."""
    return [re.sub(r"_\d+(?=/)", "", n) for n in names]


@pytest.mark.parametrize("name", ["tabular", "custom"])
def test_exported_variables_are_named_as_tensorflow_names_them(name, tmp_path):
    # (Keras 3's TF variables of a functional or Sequential model are named by their
    # paths: "kind/kernel:0"; a subclassed model's sublayers built by its first call are
    # not: TF names them under the scopes open outside the build's scratch graph,
    # "residual/kernel:0")
    model = BUILD[name]()
    model.export(str(tmp_path / "e"), verbose=False)
    ours = [v.name for v in tf.saved_model.load(str(tmp_path / "e")).variables]
    assert _unnumbered(ours) == _unnumbered(FACTS[name]["export"]["variables"])
    theirs = [v.name for v in tf.saved_model.load(str(GOLDEN / f"{name}_export")).variables]
    assert theirs == FACTS[name]["export"]["variables"]


def test_export_archive_of_tensorflow_serves_its_endpoints():
    x, _ = DATA["tabular"](tf)
    got = C.archive_facts(tf, tf.saved_model.load(str(GOLDEN / "tabular_archive")), x)
    want = FACTS["tabular"]["archive"]
    for k in ("signatures", "kind_weights", "variables"):
        assert got[k] == want[k], k
    for k in ("predict", "score_only"):
        C.close(got[k], want[k], 1e-5, 1e-6)


def _called(model, x):
    # (all tensors: Keras 3 refuses a dict mixing tensors and NumPy arrays in a direct call)
    return model({k: tf.convert_to_tensor(v) for k, v in x.items()}, training=False)


def test_our_export_archive_has_tensorflows_endpoints(tmp_path):
    model = BUILD["tabular"]()
    x, _ = DATA["tabular"](tf)
    C.archive(tf, keras, model).write_out(str(tmp_path / "a"), verbose=False)
    got = C.archive_facts(tf, tf.saved_model.load(str(tmp_path / "a")), x)
    want = FACTS["tabular"]["archive"]
    assert got["signatures"] == want["signatures"]
    for k in ("kind_weights", "variables"):
        assert _unnumbered(got[k]) == _unnumbered(want[k]), k
    out = _called(model, x)
    C.close(got["predict"], C.plain(tf, out), 1e-6, 1e-6)
    C.close(got["score_only"], C.plain(tf, out["score"]), 1e-6, 1e-6)


def test_our_export_of_a_subclassed_model_serves_any_batch(tmp_path):
    # Keras 3 exports a subclassed model (first called on one row) for any batch size
    model = BUILD["custom"]()
    model.export(str(tmp_path / "e"), verbose=False)
    sig = tf.saved_model.load(str(tmp_path / "e")).signatures["serving_default"]
    assert [C.spec_texts(sig.structured_input_signature),
            C.spec_texts(sig.structured_outputs)] == FACTS["custom"]["export"]["signature"]


def test_exported_text_model_takes_python_strings(tmp_path):
    # a NumPy array of Python str (dtype=object), as TF's signatures take it
    model = BUILD["text_rnn"]()
    model.export(str(tmp_path / "e"), verbose=False)
    served = tf.saved_model.load(str(tmp_path / "e")).serve(
        np.array(["the cat", "a dog sat"], dtype=object))
    np.testing.assert_allclose(served.numpy(), model.predict(
        tf.constant(["the cat", "a dog sat"]), verbose=0), rtol=1e-5)


# -- what Keras refuses --------------------------------------------------------------------

def _error(fn):
    return raised(fn, paths={GOLDEN: "{dir}"})


KERAS_REFUSALS = ["load_model_of_a_saved_model", "load_model_of_weights_h5",
                  "load_model_of_a_missing_keras_file", "saved_model_load_of_a_keras_file"]


@pytest.mark.parametrize("case", KERAS_REFUSALS)
def test_refusals_are_kerass(case):
    calls = {
        "load_model_of_a_saved_model": lambda: keras.models.load_model(
            str(GOLDEN / "custom_export")),
        "load_model_of_weights_h5": lambda: keras.models.load_model(
            str(GOLDEN / "custom.weights.h5")),
        "load_model_of_a_missing_keras_file": lambda: keras.models.load_model(
            str(GOLDEN / "missing.keras")),
        "saved_model_load_of_a_keras_file": lambda: tf.saved_model.load(
            str(GOLDEN / "custom.keras")),
    }
    assert _error(calls[case]) == FACTS["errors"][case]


def test_weights_of_another_model_are_refused_layer_by_layer():
    # Keras 3.15 reports every layer it could not load, with the first one's error
    model = BUILD["tabular"]()
    with pytest.warns(UserWarning, match="Skipping variable loading"), \
            pytest.raises(ValueError) as e:
        model.load_weights(GOLDEN / "custom.keras")
    text = str(e.value)
    assert re.match(r"A total of 5 objects could not be loaded\. Example error message for "
                    r"object <Normalization name=normalization(_\d+)?, built=True>:\n\n"
                    r"Layer 'normalization(_\d+)?' expected 3 variables, but received 0 "
                    r"variables during loading\. Expected: \['mean', 'variance', 'count'\]"
                    r"\n\nList of objects that could not be loaded:\n\[<Normalization ", text)
    assert text.endswith("<Dense name=kind, built=True>, <Dense name=score, built=True>]")


def test_a_legacy_whole_model_file_without_a_model_is_refused_clearly(tmp_path):
    # (legacy `.h5` model files load: tests/keras/legacy_h5)
    h5py = pytest.importorskip("h5py")
    path = tmp_path / "legacy.h5"
    with h5py.File(path, "w") as f:
        f.attrs["model_config"] = json.dumps({"class_name": "Sequential", "config": {}})
    with pytest.raises(ValueError, match="A Sequential model configuration must be a "
                                         "dictionary containing the 'name' and 'layers' keys"):
        keras.models.load_model(path)
    with pytest.raises(FileNotFoundError):
        keras.models.load_model(tmp_path / "missing.h5")


# -- the layer facts the models rest on ------------------------------------------------------

LAYERS = C.layer_facts(tf, keras)


@pytest.mark.parametrize("key", sorted(k for k in FACTS["layers"] if k.startswith("checkpoint")))
def test_lookup_layer_checkpoints_hold_kerass_adapt_state(key):
    # (token_counts, token_document_counts, num_documents, idf_weights: TF's checkpoint
    # and SavedModel children of an adapted or tf_idf lookup)
    assert LAYERS[key] == FACTS["layers"][key]


def test_encoded_lookups_and_merges_have_kerass_dtypes():
    # symbolically floatx, eagerly int64, and merged with floats as keras.ops promote
    want = FACTS["layers"]["one_hot"]
    got = LAYERS["one_hot"]
    assert {k: v for k, v in got.items() if k != "concatenated"} == \
        {k: v for k, v in want.items() if k != "concatenated"}
    C.close(got["concatenated"], want["concatenated"])


def test_bidirectional_of_a_built_layer_builds_its_copies_at_once():
    def unnumbered(paths):
        return [re.sub(r"_\d+/", "/", p) for p in paths]

    assert unnumbered(LAYERS["bidirectional_of_a_built_layer"]) == \
        unnumbered(FACTS["layers"]["bidirectional_of_a_built_layer"])


def _without_signature(text):
    # (TF lists a loaded signature's dict entries in its proto map's order, which varies
    # from run to run; eagerflow's are sorted)
    return re.sub(r" for signature: \(\*, .*\]\]\.\n", " for signature: ...\n", text)


def test_a_signature_refuses_an_array_of_another_shape_as_tf():
    m = tf.saved_model.load(str(GOLDEN / "module"))
    kind, text = FACTS["errors"]["signature_of_a_wrong_shape"]
    got = _error(lambda: m.signatures["serving_default"](
        a=np.ones((1, 3), "float32"), b=np.array(["x"], dtype=object)))
    assert got[0] == kind
    assert _without_signature(got[1]) == _without_signature(text)
    assert "(*, a: TensorSpec(shape=(None, 2), dtype=tf.float32, name='a'), b: " in got[1]


def test_a_string_tensor_refuses_other_objects_as_tf():
    assert _error(lambda: tf.constant(np.array(["a", 1], dtype=object), dtype=tf.string)) \
        == FACTS["errors"]["string_tensor_of_ints"]


def test_a_dict_argument_binds_by_key_whatever_its_order():
    # a signature's dict in insertion order (not sorted) fed the graph's inputs, which are
    # in nest's sorted order, swapped: a dict-input model's SavedModel served garbage
    @tf.function(autograph=False)
    def f(d):
        return d["b"] * 2.0 - tf.cast(tf.strings.length(d["a"]), tf.float32)

    cf = f.get_concrete_function({"b": tf.TensorSpec([None]),
                                  "a": tf.TensorSpec([None], tf.string)})
    got = cf({"b": tf.constant([1.0, 4.0]), "a": tf.constant(["xyz", ""])})
    np.testing.assert_array_equal(got.numpy(), np.array([1.0, 4.0]) * 2 - [3, 0])


def test_a_two_input_model_saved_by_us_serves_by_name(tmp_path):
    model = BUILD["tabular"]()
    x, _ = DATA["tabular"](tf)
    tf.saved_model.save(model, str(tmp_path / "m"))
    sig = tf.saved_model.load(str(tmp_path / "m")).signatures["serving_default"]
    served = sig(inputs=x["cat"], inputs_1=x["num"])
    want = _called(model, x)
    for k in ("kind", "score"):
        np.testing.assert_allclose(served[k].numpy(), want[k].numpy(), rtol=1e-6)


# -- TF 1's loader (TF Serving's path): the SaverDef restores the variables ---------------

def _session_serve(path, feeds):
    with tf.Graph().as_default() as g, tf.compat.v1.Session(graph=g) as sess:
        meta = tf.compat.v1.saved_model.load(sess, ["serve"], str(path))
        sig = meta.signature_def["serving_default"]
        return sess.run({k: v.name for k, v in sig.outputs.items()},
                        {sig.inputs[k].name: v for k, v in feeds.items()})


def test_tensorflows_export_runs_in_a_session():
    # its variables are keyed by object-graph paths, which its _traced_restore maps
    x, _ = DATA["tabular"](tf)
    got = _session_serve(GOLDEN / "tabular_export", {"cat": x["cat"].numpy(),
                                                     "num": x["num"]})
    want = FACTS["tabular"]["export"]["outputs"]
    for k in want:
        np.testing.assert_allclose(got[k], np.array(want[k]["value"]), rtol=1e-5, atol=1e-6)


def test_our_export_restores_through_its_saver_def(tmp_path):
    model = BUILD["tabular"]()
    x, _ = DATA["tabular"](tf)
    model.export(str(tmp_path / "e"), verbose=False)
    got = _session_serve(tmp_path / "e", {"cat": x["cat"].numpy(), "num": x["num"]})
    want = _called(model, x)
    for k in ("kind", "score"):
        np.testing.assert_allclose(got[k], want[k].numpy(), rtol=1e-5, atol=1e-6)


def test_a_masked_outputs_loss_and_metrics_leave_masked_steps_out():
    # Keras 3's losses and metrics take the mask a Masking layer gives the model's output
    # (they averaged every step, masked ones too)
    got = C.masked_facts(tf, keras)
    want = FACTS["masked"]
    np.testing.assert_allclose(got["evaluate"], want["evaluate"], rtol=1e-5)
    _history(got["fit"], want["fit"])


@pytest.mark.parametrize("name", MODELS)
def test_our_saved_model_of_a_model_has_tensorflows_objects(name, tmp_path):
    # each child of the root we write is one TF writes, of TF's kind: Keras's dict
    # attributes as dict wrappers, its empty bookkeeping containers, the compiled loss
    # dict and the `_default_save_signature` function (test_saved_model_nodes.py: every
    # node)
    from eagerflow._src.saved_model.protos import pb

    model = BUILD[name]()
    tf.saved_model.save(model, str(tmp_path / "m"))
    ours = C.root_children(str(tmp_path / "m" / "saved_model.pb"), pb().SavedModel)
    assert ours == FACTS[name]["saved_model_root"]
