"""Records the tf.lite fixtures with real TensorFlow 2.21: small Keras models and one
tf.function converted by TF's TFLiteConverter (tests/lite/fixtures/*.tflite), and, for
each, what TF's tf.lite.Interpreter reports and computes (tests/lite/lite_golden.json):
input/output details, signature list, outputs on seeded inputs, outputs after a resize,
and the errors of misuse.

Run: /work/tfref/bin/python tests/lite/record_lite_golden.py
"""

from __future__ import annotations

import os
import shutil
import sys

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import keras  # noqa: E402
import tensorflow as tf  # noqa: E402

from tests.golden_io import encode_array, raised, write_json  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
FIX = os.path.join(HERE, "fixtures")


def mlp() -> keras.Model:
    return keras.Sequential([keras.Input((8,)), keras.layers.Dense(16, activation="relu"),
                             keras.layers.Dense(12, activation="tanh"),
                             keras.layers.Dense(4, activation="softmax")])


def cnn() -> keras.Model:
    return keras.Sequential([
        keras.Input((16, 16, 1)), keras.layers.Conv2D(8, 3, activation="relu"),
        keras.layers.MaxPooling2D(), keras.layers.Conv2D(16, 3, activation="relu"),
        keras.layers.Flatten(), keras.layers.Dense(10)])


def dwpool() -> keras.Model:
    inp = keras.Input((12, 12, 3))
    x = keras.layers.ZeroPadding2D(1)(inp)
    x = keras.layers.DepthwiseConv2D(3, padding="same", depth_multiplier=2,
                                     activation="relu6")(x)
    x = keras.layers.AveragePooling2D(2)(x)
    y = keras.layers.Conv2D(4, 1, strides=2, padding="same", activation="sigmoid")(x)
    z = keras.layers.MaxPooling2D(3, strides=2, padding="same")(x)
    x = keras.layers.Concatenate()([y, z])
    x = keras.layers.GlobalAveragePooling2D()(x)
    x = keras.layers.Dense(3, activation="sigmoid")(x)
    return keras.Model(inp, x)


def misc_function() -> tf.types.experimental.ConcreteFunction:
    w = tf.constant(np.random.default_rng(5).standard_normal((6, 5)).astype(np.float32))

    @tf.function(input_signature=[tf.TensorSpec([2, 3, 6], tf.float32, name="a"),
                                  tf.TensorSpec([2, 6, 4], tf.float32, name="b")])
    def f(a, b):
        m = tf.matmul(a, b)                       # BATCH_MATMUL
        t = tf.transpose(m, [0, 2, 1])            # TRANSPOSE
        s = t[:, 1:, ::2]                         # STRIDED_SLICE
        p = tf.pad(s, [[0, 0], [1, 0], [0, 1]])   # PAD
        q = tf.reshape(p, [2, -1])                # RESHAPE
        r = tf.nn.relu6(q * 2.0 - 1.0) / 3.0 + tf.tanh(q)
        c = tf.concat([r, tf.sigmoid(q)], axis=1)
        d = tf.reduce_mean(a, axis=1) @ w
        return {"out": tf.nn.relu(c), "proj": d}
    return f.get_concrete_function()


def elementwise_function() -> tf.types.experimental.ConcreteFunction:
    @tf.function(input_signature=[tf.TensorSpec([3, 4], tf.float32, name="x"),
                                  tf.TensorSpec([2], tf.int32, name="i")])
    def f(x, i):
        y = tf.abs(x) + 0.5
        return {"prod": tf.reduce_prod(y, 1), "pow": tf.pow(y, x),
                "gelu_tanh": tf.nn.gelu(x, approximate=True),
                "maxmin": tf.maximum(x, 0.2) - tf.minimum(x, -0.1),
                "explog": tf.exp(-x) + tf.math.log(y), "log_softmax": tf.nn.log_softmax(x),
                "gather": tf.gather(x, i, axis=1),
                "cast": tf.cast(tf.cast(x * 3, tf.int32), tf.float32),
                "reduce": tf.squeeze(tf.reduce_max(x, 1, keepdims=True), 1)
                + tf.reduce_min(x, 1) + tf.reduce_sum(x, 1),
                "leaky_elu": tf.nn.leaky_relu(x, 0.1) + tf.nn.elu(x),
                "roots": tf.math.rsqrt(y) + tf.sqrt(y) + tf.math.squared_difference(x, y),
                "tile": tf.tile(x, [2, 1]), "hard_swish": x * tf.nn.relu6(x + 3) / 6,
                "square_neg": -tf.square(x)}
    return f.get_concrete_function()


def multi_io(as_dicts: bool) -> keras.Model:
    a = keras.Input((4,), name="a")
    b = keras.Input((3,), name="b")
    x = keras.layers.Concatenate()([keras.layers.Dense(5)(a), b])
    o1 = keras.layers.Dense(2, name="o1")(x)
    o2 = keras.layers.Dense(1, activation="sigmoid", name="o2")(x)
    if as_dicts:
        return keras.Model({"a": a, "b": b}, {"x": o1, "y": o2})
    return keras.Model([a, b], [o1, o2])


def details(d: list) -> list:
    out = []
    for x in d:
        e = dict(x)
        e["dtype"] = np.dtype(e["dtype"]).name
        e["shape"] = e["shape"].tolist()
        e["shape_signature"] = e["shape_signature"].tolist()
        qp = dict(e["quantization_parameters"])
        qp = {k: v.tolist() if hasattr(v, "tolist") else v for k, v in qp.items()}
        e["quantization_parameters"] = qp
        e["quantization"] = list(e["quantization"])
        out.append(e)
    return out


def err(fn) -> list:
    return raised(fn, ["none", ""])


def record_model(name: str, content: bytes, batch_resize: int | None) -> dict:
    with open(os.path.join(FIX, name + ".tflite"), "wb") as f:
        f.write(content)
    interp = tf.lite.Interpreter(model_content=content)
    interp.allocate_tensors()
    rng = np.random.default_rng(len(name))
    ins = details(interp.get_input_details())
    outs = details(interp.get_output_details())
    entry = {"inputs_details": ins, "outputs_details": outs,
             "signatures": interp.get_signature_list()}
    feeds = []
    for d in interp.get_input_details():
        if d["dtype"] == np.int32:
            x = rng.integers(0, d["shape"][-1] + 1, d["shape"]).astype(np.int32)
        else:
            x = rng.standard_normal(d["shape"]).astype(np.float32)
        interp.set_tensor(d["index"], x)
        feeds.append(encode_array(x))
    interp.invoke()
    entry["feeds"] = feeds
    entry["results"] = [encode_array(interp.get_tensor(d["index"]))
                        for d in interp.get_output_details()]
    if not interp.get_signature_list():
        entry["runner_error"] = err(lambda: interp.get_signature_runner())
        return entry
    runner = interp.get_signature_runner()
    sig = interp.get_signature_list()["serving_default"]
    kwargs = {k: rng.standard_normal(interp.get_input_details()[i]["shape"]).astype(np.float32)
              for i, k in enumerate(sig["inputs"])}
    # The runner's inputs are by name: record the name -> detail map as TF gives it.
    entry["runner_input_details"] = {
        k: {kk: (np.dtype(vv).name if kk == "dtype" else
                 vv.tolist() if hasattr(vv, "tolist") else vv)
            for kk, vv in v.items() if kk != "quantization_parameters"}
        for k, v in runner.get_input_details().items()}
    res = runner(**kwargs)
    entry["runner_feeds"] = {k: encode_array(v) for k, v in kwargs.items()}
    entry["runner_results"] = {k: encode_array(v) for k, v in res.items()}
    if batch_resize:
        del res, runner
        interp = tf.lite.Interpreter(model_content=content)
        d0 = interp.get_input_details()[0]
        interp.resize_tensor_input(d0["index"], [batch_resize] + list(d0["shape"][1:]))
        interp.allocate_tensors()
        x = rng.standard_normal([batch_resize] + list(d0["shape"][1:])).astype(np.float32)
        interp.set_tensor(d0["index"], x)
        interp.invoke()
        entry["resized_feed"] = encode_array(x)
        entry["resized_details"] = details(interp.get_input_details())
        entry["resized_out_details"] = details(interp.get_output_details())
        entry["resized_results"] = [encode_array(interp.get_tensor(d["index"]))
                                    for d in interp.get_output_details()]
    return entry


def record_errors(content: bytes) -> dict:
    e = {}
    e["garbage"] = err(lambda: tf.lite.Interpreter(model_content=b"hello world, not a model"))
    e["short"] = err(lambda: tf.lite.Interpreter(model_content=b"ab"))
    e["truncated"] = err(lambda: tf.lite.Interpreter(model_content=content[:200]))
    e["none"] = err(lambda: tf.lite.Interpreter())
    e["both"] = err(lambda: tf.lite.Interpreter(model_path="x", model_content=content))
    e["missing"] = err(lambda: tf.lite.Interpreter(model_path="/nonexistent/m.tflite"))
    it = tf.lite.Interpreter(model_content=content)
    d = it.get_input_details()[0]
    e["set_before_alloc"] = err(lambda: it.set_tensor(d["index"], np.zeros(d["shape"], np.float32)))
    e["invoke_before_alloc"] = err(lambda: it.invoke())
    it.allocate_tensors()
    e["wrong_dtype"] = err(lambda: it.set_tensor(d["index"], np.zeros(d["shape"], np.float64)))
    e["wrong_dtype_int"] = err(lambda: it.set_tensor(d["index"], np.zeros(d["shape"], np.int32)))
    e["wrong_shape"] = err(lambda: it.set_tensor(d["index"], np.zeros([3, 5], np.float32)))
    e["wrong_rank"] = err(lambda: it.set_tensor(d["index"], np.zeros([8], np.float32)))
    e["bad_index_set"] = err(lambda: it.set_tensor(999, np.zeros(d["shape"], np.float32)))
    e["bad_index_get"] = err(lambda: it.get_tensor(999))
    e["neg_index_get"] = err(lambda: it.get_tensor(-1))
    e["resize_bad_index"] = err(lambda: it.resize_tensor_input(999, [1, 8]))
    e["resize_bad_rank"] = err(lambda: it.resize_tensor_input(d["index"], [8]))
    e["resize_float"] = err(lambda: it.resize_tensor_input(d["index"], [1.5, 8]))
    e["runner_bad_key"] = err(lambda: it.get_signature_runner("nope"))
    r = it.get_signature_runner()
    e["runner_missing_input"] = err(lambda: r())
    e["runner_bad_input"] = err(lambda: r(zzz=np.zeros([1, 8], np.float32)))
    e["runner_positional"] = err(lambda: r(np.zeros([1, 8], np.float32)))
    return e


def main() -> None:
    os.makedirs(FIX, exist_ok=True)
    keras.utils.set_random_seed(1)
    golden = {}
    models = {"mlp": (mlp(), 3), "cnn": (cnn(), 2), "dwpool": (dwpool(), None)}
    for name, (m, rb) in models.items():
        content = tf.lite.TFLiteConverter.from_keras_model(m).convert()
        golden[name] = record_model(name, content, rb)
        if name == "mlp":
            golden["errors"] = record_errors(content)
    # Float16 quantization: FLOAT16 weights, DEQUANTIZE ops.
    conv = tf.lite.TFLiteConverter.from_keras_model(models["cnn"][0])
    conv.optimizations = [tf.lite.Optimize.DEFAULT]
    conv.target_spec.supported_types = [tf.float16]
    golden["cnn_fp16"] = record_model("cnn_fp16", conv.convert(), None)
    # Dynamic-range quantization: INT8 weights run by hybrid kernels.
    conv = tf.lite.TFLiteConverter.from_keras_model(models["cnn"][0])
    conv.optimizations = [tf.lite.Optimize.DEFAULT]
    golden["cnn_dynamic"] = record_model("cnn_dynamic", conv.convert(), 2)
    keras.utils.set_random_seed(4)
    dw = keras.Sequential([keras.Input((6, 6, 64)),
                           keras.layers.DepthwiseConv2D(3, depth_multiplier=2, padding="same",
                                                        activation="relu"),
                           keras.layers.GlobalAveragePooling2D(), keras.layers.Dense(16)])
    conv = tf.lite.TFLiteConverter.from_keras_model(dw)
    conv.optimizations = [tf.lite.Optimize.DEFAULT]
    golden["dw_dynamic"] = record_model("dw_dynamic", conv.convert(), 3)
    # A SavedModel exported by Keras (model.export), for eagerflow's from_saved_model; TF's
    # own conversion of it is what eagerflow's must compute.
    keras.utils.set_random_seed(2)
    exported = keras.Sequential([keras.Input((6, 6, 2)),
                                 keras.layers.Conv2D(4, 3, activation="relu"),
                                 keras.layers.Flatten(),
                                 keras.layers.Dense(3, activation="softmax")])
    sm_dir = os.path.join(FIX, "exported_sm")
    if os.path.exists(sm_dir):
        shutil.rmtree(sm_dir)
    exported.export(sm_dir)
    golden["exported_sm"] = record_model(
        "exported_sm", tf.lite.TFLiteConverter.from_saved_model(sm_dir).convert(), 2)
    os.remove(os.path.join(FIX, "exported_sm.tflite"))  # eagerflow writes its own
    golden["multi_io_signatures"] = [
        tf.lite.Interpreter(model_content=tf.lite.TFLiteConverter.from_keras_model(
            multi_io(d)).convert()).get_signature_list() for d in (False, True)]
    f = misc_function()
    content = tf.lite.TFLiteConverter.from_concrete_functions([f]).convert()
    golden["misc"] = record_model("misc", content, None)
    f = elementwise_function()
    content = tf.lite.TFLiteConverter.from_concrete_functions([f]).convert()
    golden["elementwise"] = record_model("elementwise", content, None)
    write_json(os.path.join(HERE, "lite_golden.json"), golden, end="\n", indent=1)


if __name__ == "__main__":
    main()
