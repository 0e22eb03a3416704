"""The interop matrix the other way: eagerflow writes, real TensorFlow 2.21 / Keras 3.15
reads (runs only where TensorFlow is installed; test_matrix_golden.py reads TF's files
without it). One TF process loads everything eagerflow saved: the tf.Module SavedModel
of model_cases (called, served, its signatures listed), and each model's `.keras` file
(outputs, weight and optimizer paths, two more epochs of training), `.weights.h5` and
`.keras` weights loaded into Keras's own build, tf.train.Checkpoint (every value bound),
`model.export()`, an ExportArchive and `tf.saved_model.save(model)` (signatures served,
variables named; and through TF 1's loader, as TF Serving loads them); and TF's own
SavedModels (golden/) loaded and saved again by eagerflow. Each must give what eagerflow
gives on the same files, and what TF reports for its own (golden.json)."""

import json
import os
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from eagerflow import keras
from tests.interop import model_cases as C
from tests.tf_reference import TF_PYTHON, run_tf_script

pytestmark = pytest.mark.skipif(not os.path.exists(TF_PYTHON),
                                reason="TensorFlow (EAGERFLOW_TF_PYTHON) is not installed")

HERE = Path(__file__).resolve().parent
FACTS = json.loads((HERE / "golden" / "golden.json").read_text())
OBJECTS = C.register(keras)
BUILD = {"text_rnn": lambda: C.text_rnn(keras), "tabular": lambda: C.tabular(keras),
         "custom": lambda: C.custom(keras, OBJECTS)}
DATA = {"text_rnn": C.text_data, "tabular": C.tabular_data, "custom": C.custom_data}
MODELS = list(BUILD)

TF_SCRIPT = r'''
import json, os, sys, warnings
import keras, numpy as np, tensorflow as tf
d = sys.argv[1]
sys.path.insert(0, sys.argv[2])
import model_cases as C

out = {}
m = tf.saved_model.load(os.path.join(d, "module"))
out["module"] = {
    "calls": C.plain(tf, C.module_calls(tf, m)),
    "signatures": {k: [C.spec_texts(f.structured_input_signature),
                       C.spec_texts(f.structured_outputs)] for k, f in m.signatures.items()},
    "functions": {n: C.spec_texts(getattr(m, n).concrete_functions[0]
                                  .structured_input_signature)
                  for n in ("dict_in", "ragged_in", "sparse_in", "lookup")},
    "variables": [m.w.name, m.b.name, m.count.name]}
again = tf.saved_model.load(os.path.join(d, "module_again"))
out["module_again"] = C.plain(tf, C.module_calls(tf, again, signatures=False))
for name in ("tabular", "custom"):
    x, _ = C.tabular_data(tf) if name == "tabular" else C.custom_data(tf)
    loaded = tf.saved_model.load(os.path.join(d, f"{name}_export_again"))  # (kept alive)
    out[f"{name}_export_again"] = C.plain(tf, loaded.serve(x))
x, _ = C.tabular_data(tf)
tuned = tf.saved_model.load(os.path.join(d, "tabular_tuned"))
out["tabular_tuned"] = C.plain(tf, tuned.serve(x))
archived = tf.saved_model.load(os.path.join(d, "tabular_archive"))
out["archive"] = C.archive_facts(tf, archived, x)
objects = C.register(keras)
build = {"text_rnn": lambda: C.text_rnn(keras), "tabular": lambda: C.tabular(keras),
         "custom": lambda: C.custom(keras, objects)}
data = {"text_rnn": C.text_data, "tabular": C.tabular_data, "custom": C.custom_data}
for name in build:
    x, y = data[name](tf)
    f = {}
    keras.utils.set_random_seed(5)
    model = keras.models.load_model(os.path.join(d, f"{name}.keras"))
    f["predict"] = C.plain(tf, model.predict(x, verbose=0))
    f["paths"] = [w.path for w in model.weights]
    f["optimizer_paths"] = [v.path for v in model.optimizer.variables]
    f["continued"] = model.fit(x, y, batch_size=4, epochs=2, shuffle=False,
                               verbose=0).history
    for source in ("weights.h5", "keras"):
        fresh = build[name]()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # (the unbuilt optimizer's skip)
            fresh.load_weights(os.path.join(d, f"{name}.{source}"))
        f[f"predict_{source}"] = C.plain(tf, fresh.predict(x, verbose=0))
    keras.utils.set_random_seed(5)
    fresh = build[name]()
    fresh.optimizer.build(fresh.trainable_variables)
    tf.train.Checkpoint(model=fresh, optimizer=fresh.optimizer).read(
        os.path.join(d, f"{name}_ckpt", "ckpt")).assert_consumed()
    f["predict_checkpoint"] = C.plain(tf, fresh.predict(x, verbose=0))
    f["continued_from_checkpoint"] = fresh.fit(x, y, batch_size=4, epochs=2, shuffle=False,
                                               verbose=0).history
    export = tf.saved_model.load(os.path.join(d, f"{name}_export"))
    sig = export.signatures["serving_default"]
    f["export_signature"] = [C.spec_texts(sig.structured_input_signature),
                             C.spec_texts(sig.structured_outputs)]
    f["export_serve"] = C.plain(tf, export.serve(x))
    saved = tf.saved_model.load(os.path.join(d, f"{name}_saved"))
    sig = saved.signatures["serving_default"]
    names = sorted(sig.structured_input_signature[1])
    first = x[:1] if name == "custom" else x  # (its signature: the first call's batch of 1)
    args = dict(zip(names, [x[k] for k in sorted(x)])) if isinstance(x, dict) else \
        {names[0]: first}
    f["saved_serving_default"] = C.plain(tf, sig(**args))
    out[name] = f
# TF 1's loader (TF Serving's path): the SaverDef restores the variables and mutable
# tables, the main op fills the static ones, the signatures run in a Session
import subprocess
out["tf1"] = json.loads(subprocess.run([sys.executable, os.path.join(d, "tf1.py"), d],
                                       capture_output=True, text=True, check=True).stdout)
json.dump(out, open(os.path.join(d, "out.json"), "w"))
'''

TF1_SCRIPT = r'''
import json, os, sys
import numpy as np, tensorflow as tf
tf.compat.v1.disable_eager_execution()
d = sys.argv[1]
out = {}
feeds = {"module": {"serving_default": {"a": np.array([[1.0, 1.0], [0.0, 2.0]], "float32"),
                                        "b": np.array([b"hello", b"a b"], object)},
                    "lookup": {"words": np.array([b"cat", b"dog", b"the"], object)}},
         "tabular_export": {"serving_default": {
             "cat": np.array([[b"red"], [b"blue"]], object),
             "num": np.array([[1.0, 2.0, 3.0], [0.0, 1.0, 0.5]], "float32")}}}
for name, sigs in feeds.items():
    with tf.compat.v1.Session(graph=tf.Graph()) as sess:
        meta = tf.compat.v1.saved_model.loader.load(sess, ["serve"], os.path.join(d, name))
        for key, inputs in sigs.items():
            sig = meta.signature_def[key]
            got = sess.run({k: v.name for k, v in sig.outputs.items()},
                           {sig.inputs[k].name: v for k, v in inputs.items()})
            out[f"{name}/{key}"] = {k: np.asarray(v).tolist() if np.asarray(v).dtype != object
                                    else [x.decode() for x in np.asarray(v).ravel()]
                                    for k, v in got.items()}
print(json.dumps(out))
'''


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    d = tmp_path_factory.mktemp("interop_matrix")
    (d / "vocab.txt").write_text(C.MODULE_VOCAB)
    m = C.make_module(tf, str(d / "vocab.txt"))
    tf.saved_model.save(m, str(d / "module"), signatures={
        "serving_default": m.dict_in, "lookup": m.lookup})
    ours = {"module": C.plain(tf, C.module_calls(tf, tf.saved_model.load(str(d / "module"))))}
    golden = HERE / "golden"  # TF's files, loaded and saved again by eagerflow
    tf.saved_model.save(tf.saved_model.load(str(golden / "module")), str(d / "module_again"))
    for name in ("tabular", "custom"):
        tf.saved_model.save(tf.saved_model.load(str(golden / f"{name}_export")),
                            str(d / f"{name}_export_again"))
    # TF's export fine-tuned here (a tape over its served output) and saved again
    tuned = tf.saved_model.load(str(golden / "tabular_export"))
    x, y = DATA["tabular"](tf)
    sgd = keras.optimizers.SGD(0.1)
    for _ in range(3):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean((tuned.serve(x)["score"] - y["score"]) ** 2)
        sgd.apply_gradients(zip(tape.gradient(loss, tuned.trainable_variables),
                                tuned.trainable_variables))
    tf.saved_model.save(tuned, str(d / "tabular_tuned"))
    tuned_out = C.plain(tf, tuned.serve(x))
    models = {}
    for name, build in BUILD.items():
        model = build()
        x, y = DATA[name](tf)
        model.fit(x, y, batch_size=4, epochs=2, shuffle=False, verbose=0)
        model.save(d / f"{name}.keras")
        model.save_weights(d / f"{name}.weights.h5")
        tf.train.Checkpoint(model=model, optimizer=model.optimizer).write(
            str(d / f"{name}_ckpt" / "ckpt"))
        model.export(str(d / f"{name}_export"), verbose=False)
        tf.saved_model.save(model, str(d / f"{name}_saved"))
        if name == "tabular":
            C.archive(tf, keras, model).write_out(str(d / "tabular_archive"), verbose=False)
            ours["archive"] = C.archive_facts(
                tf, tf.saved_model.load(str(d / "tabular_archive")), x)
        keras.utils.set_random_seed(5)
        fresh = build()
        fresh.optimizer.build(fresh.trainable_variables)
        tf.train.Checkpoint(model=fresh, optimizer=fresh.optimizer).read(
            str(d / f"{name}_ckpt" / "ckpt")).assert_consumed()
        from_checkpoint = fresh.fit(x, y, batch_size=4, epochs=2, shuffle=False,
                                    verbose=0).history
        keras.utils.set_random_seed(5)
        again = keras.models.load_model(d / f"{name}.keras")
        ours[name] = {
            "predict": C.plain(tf, model.predict(x, verbose=0)),
            "paths": [w.path for w in again.weights],
            "optimizer_paths": [v.path for v in again.optimizer.variables],
            "continued": again.fit(x, y, batch_size=4, epochs=2, shuffle=False,
                                   verbose=0).history,
            "continued_from_checkpoint": from_checkpoint}
        models[name] = model
    (d / "tf1.py").write_text(TF1_SCRIPT)
    module = tf.saved_model.load(str(d / "module"))
    ours["tf1/module"] = {
        "serving_default": module.signatures["serving_default"](
            a=tf.constant([[1.0, 1.0], [0.0, 2.0]]), b=tf.constant(["hello", "a b"])),
        "lookup": module.signatures["lookup"](words=tf.constant(["cat", "dog", "the"]))}
    tabular = tf.saved_model.load(str(d / "tabular_export"))
    ours["tf1/tabular_export"] = {"serving_default": tabular.signatures["serving_default"](
        cat=tf.constant([["red"], ["blue"]]), num=tf.constant([[1.0, 2.0, 3.0], [0.0, 1.0, 0.5]]))}
    ours["tabular_tuned"] = tuned_out
    theirs = run_tf_script(TF_SCRIPT, d, HERE)
    return ours, theirs, models


def test_tensorflow_calls_our_module(run):
    ours, theirs, _ = run
    C.close(theirs["module"]["calls"], ours["module"])
    C.close(theirs["module"]["calls"], FACTS["module"]["calls"])


def test_tensorflow_reads_our_modules_signatures_as_its_own(run):
    got = run[1]["module"]
    for key in ("signatures", "functions", "variables"):
        assert got[key] == FACTS["module"][key], key


@pytest.mark.parametrize("name", MODELS)
def test_keras_loads_our_file_and_trains_on_as_we_do(run, name):
    ours, theirs, _ = run
    got, want = theirs[name], ours[name]
    C.close(got["predict"], want["predict"], 1e-5, 1e-6)
    assert got["paths"] == want["paths"]
    assert got["optimizer_paths"] == want["optimizer_paths"]
    for history in ("continued", "continued_from_checkpoint"):
        assert sorted(got[history]) == sorted(want[history])
        for k in want[history]:
            np.testing.assert_allclose(got[history][k], want[history][k], rtol=1e-4,
                                       atol=1e-6, err_msg=f"{history}: {k}")


@pytest.mark.parametrize("name", MODELS)
@pytest.mark.parametrize("source", ["weights.h5", "keras", "checkpoint"])
def test_keras_loads_our_weights_into_its_own_model(run, name, source):
    ours, theirs, _ = run
    C.close(theirs[name][f"predict_{source}"], ours[name]["predict"], 1e-5, 1e-6)


@pytest.mark.parametrize("name", MODELS)
def test_tensorflow_serves_our_exports(run, name):
    ours, theirs, _ = run
    got = theirs[name]
    if name in FACTS and "export" in FACTS[name]:  # as TF's own export of the model
        assert got["export_signature"] == FACTS[name]["export"]["signature"]
    C.close(got["export_serve"], ours[name]["predict"], 1e-5, 1e-6)
    want = ours[name]["predict"]
    if name == "custom":
        want = {"dtype": want["dtype"], "value": want["value"][:1]}
    C.close(got["saved_serving_default"], {"output_0": want} if name != "tabular" else want,
            1e-5, 1e-6)


def test_tensorflow_loads_its_saved_models_saved_again_by_us(run):
    theirs = run[1]
    want = dict(FACTS["module"]["calls"])
    del want["serving_default"]
    want["lookup_first"] = want.pop("lookup")
    want["count"] = {"dtype": "int64", "value": 1}  # (one call of dict_in, not two)
    C.close(theirs["module_again"], want)
    for name in ("tabular", "custom"):
        C.close(theirs[f"{name}_export_again"], FACTS[name]["export"]["outputs"], 1e-5, 1e-6)


def test_tensorflow_serves_our_export_archive(run):
    ours, theirs, _ = run
    got, want = theirs["archive"], ours["archive"]
    assert got["signatures"] == want["signatures"] == FACTS["tabular"]["archive"]["signatures"]
    assert got["kind_weights"] == want["kind_weights"]
    assert got["variables"] == want["variables"]
    for k in ("predict", "score_only"):
        C.close(got[k], want[k], 1e-5, 1e-6)


@pytest.mark.parametrize("case", ["module/serving_default", "module/lookup",
                                  "tabular_export/serving_default"])
def test_tf1_loader_restores_and_serves_our_saved_models(run, case):
    # TF 1's loader (as TF Serving's) runs the SaverDef's restore op and the main op: the
    # variables, the mutable table's contents and the static tables come back
    ours, theirs, _ = run
    name, key = case.split("/")
    want = ours[f"tf1/{name}"][key]
    got = theirs["tf1"][case]
    assert sorted(got) == sorted(want)
    for k, w in want.items():
        w = w.numpy()
        if w.dtype == object:
            assert got[k] == [x.decode() for x in w.ravel()]
        else:
            np.testing.assert_allclose(np.asarray(got[k]), w, rtol=1e-6)


def test_tensorflow_serves_its_export_as_we_fine_tuned_it(run):
    # TF's Keras export, trained here by a tape over `serve` and saved again: TF serves
    # the tuned values
    ours, theirs, _ = run
    C.close(theirs["tabular_tuned"], ours["tabular_tuned"], 1e-5, 1e-6)
    assert theirs["tabular_tuned"] != C.plain(tf, tf.saved_model.load(
        str(HERE / "golden" / "tabular_export")).serve(DATA["tabular"](tf)[0]))
