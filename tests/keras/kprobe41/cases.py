"""Snippets of kprobe41: DTypePolicy.convert_input (what it casts, when), model.export's
litert format (the .tflite file Keras 3 writes through TF's converter: its message, its
refusals and what an interpreter reads and computes from it), TensorBoard.summary, the
public attributes Keras 3's metrics keep of their arguments, the base Optimizer's
required learning_rate, and keras.ops.repeat's output specs on KerasTensors.
kprobe/record_golden.py kprobe41 records what real TF 2.21 + Keras 3 prints for each, and
test_kprobe41.py checks that eagerflow prints the same."""

SNIPPETS: dict[str, str] = {}

_TRY = """
import os, tempfile
def show(label, fn):
    try:
        r = fn()
        value = r if isinstance(r, (list, str, int, float)) else np.asarray(r).tolist()
        print(label, type(r).__name__, getattr(r, "dtype", None), value)
    except Exception as e:
        print(label, type(e).__name__, str(e)[:200])
"""

SNIPPETS["dtype_policy_convert_input"] = _TRY + """
p = keras.DTypePolicy("mixed_float16")
show("tensor cast", lambda: p.convert_input(tf.constant([1.5, 2.0]), True, "float16"))
show("no autocast", lambda: p.convert_input(tf.constant([1.5, 2.0]), False, "float16"))
show("int tensor", lambda: p.convert_input(tf.constant([1, 2]), True, "float16"))
show("numpy f64", lambda: p.convert_input(np.array([1.5, 2.0]), True, "float32"))
show("numpy f64 kept", lambda: p.convert_input(np.array([1.5, 2.0]), False, "float32"))
show("numpy int", lambda: p.convert_input(np.array([1, 2]), True, "float32"))
show("numpy f16", lambda: p.convert_input(np.array([1.5], "float16"), True, "float32"))
show("numpy str", lambda: p.convert_input(np.array(["a"]), True, "float16"))
show("numpy bool", lambda: p.convert_input(np.array([True]), True, "float16"))
show("list", lambda: p.convert_input([1.5, 2.0], True, "float16"))
show("float", lambda: p.convert_input(1.5, True, "float16"))
show("same dtype", lambda: p.convert_input(tf.constant([1.5]), True, "float32"))
show("bad dtype", lambda: p.convert_input(tf.constant([1.5]), True, "foo"))
show("DType", lambda: p.convert_input(tf.constant([1.5]), True, tf.bfloat16))
show("None dtype", lambda: p.convert_input(tf.constant([1.5]), True, None))
show("variable", lambda: p.convert_input(tf.Variable([1.5]), True, "float16"))
t = tf.constant([1.5])
print("same object", p.convert_input(t, True, "float32") is t)
kt = keras.Input((2,))
r = p.convert_input(kt, True, "float16")
print("KerasTensor", type(r).__name__, r.dtype, r.shape)
print("KerasTensor kept", p.convert_input(kt, False, "float16") is kt)
m = keras.Model(kt, r)  # (the cast is an operation of the model's graph)
print([type(l).__name__ for l in m.layers], m(np.ones((1, 2), "float32")).dtype)
"""

SNIPPETS["export_litert"] = _TRY + """
os.chdir(tempfile.mkdtemp())
keras.utils.set_random_seed(1)
m = keras.Sequential([keras.Input((3,)), keras.layers.Dense(4, activation="relu"),
                      keras.layers.Dense(2)])
m.export("m.tflite", format="litert")
print(sorted(os.listdir(".")))
for path, kw in [("m.tfl", {}), ("q.tflite", {"bogus": 1}),
                 ("q.tflite", {"target_spec": {"bogus": 1}})]:
    try:
        m.export(path, format="litert", **kw)
    except Exception as e:
        print(type(e).__name__, e)
m.export("quiet.tflite", format="litert", verbose=False)
print(sorted(os.listdir(".")))
it = tf.lite.Interpreter(model_path="m.tflite")
print(it.get_signature_list())
print([(d["name"], d["shape"].tolist(), d["shape_signature"].tolist(), d["dtype"].__name__)
       for d in it.get_input_details()])
print([(d["name"], d["shape"].tolist(), d["shape_signature"].tolist())
       for d in it.get_output_details()])
x = np.arange(6, dtype="float32").reshape(2, 3) / 5
out = it.get_signature_runner()(keras_tensor=x)
print({k: v.shape for k, v in out.items()}, np.allclose(out["output_0"], m(x), atol=1e-5))
"""

SNIPPETS["export_litert_functional"] = _TRY + """
os.chdir(tempfile.mkdtemp())
keras.utils.set_random_seed(2)
a = keras.Input((4,), name="a")
b = keras.Input((2,), name="b")
h = keras.layers.Concatenate()([keras.layers.Dense(3, activation="tanh")(a), b])
m = keras.Model([a, b], [keras.layers.Dense(2)(h), keras.layers.Dense(1, activation="sigmoid")(h)])
m.export("f.tflite", format="litert", verbose=True)
it = tf.lite.Interpreter(model_path="f.tflite")
print(it.get_signature_list())
xa = np.linspace(-1, 1, 8, dtype="float32").reshape(2, 4)
xb = np.linspace(0, 1, 4, dtype="float32").reshape(2, 2)
out = it.get_signature_runner()(a=xa, b=xb)
want = m([xa, xb])
print(sorted(out), np.allclose(out["output_0"], want[0], atol=1e-5),
      np.allclose(out["output_1"], want[1], atol=1e-5))
"""

SNIPPETS["tensorboard_summary"] = _TRY + """
tb = keras.callbacks.TensorBoard(tempfile.mkdtemp())
print(tb.summary is tf.summary, callable(tb.summary.scalar),
      callable(tb.summary.create_file_writer))
own = set(dir(type(tb))) - set(dir(keras.callbacks.Callback))
print(sorted(n for n in own if not n.startswith("_")))
"""

SNIPPETS["metric_argument_attributes"] = _TRY + """
M = keras.metrics
for o in [M.BinaryAccuracy(), M.BinaryAccuracy(threshold=0.3),
          M.BinaryCrossentropy(from_logits=True, label_smoothing=0.1),
          M.CategoricalCrossentropy(axis=0), M.SparseCategoricalCrossentropy(ignore_class=2),
          M.TopKCategoricalAccuracy(k=3), M.PearsonCorrelation(axis=0),
          M.PrecisionAtRecall(0.4), M.RecallAtPrecision(0.6),
          M.SensitivityAtSpecificity(0.7), M.SpecificityAtSensitivity(0.2)]:
    keys = ["threshold", "from_logits", "label_smoothing", "axis", "ignore_class", "k",
            "recall", "precision", "specificity", "sensitivity"]
    print(type(o).__name__, {k: getattr(o, k) for k in keys
                             if hasattr(o, k) and not callable(getattr(o, k))})
o = M.BinaryAccuracy()
o.threshold = 0.9  # (a plain attribute: the metric still computes with its argument)
o.update_state([[1.0]], [[0.7]])
print(float(o.result()), o.get_config()["threshold"])
"""

SNIPPETS["optimizer_base_needs_learning_rate"] = _TRY + """
class Sub(keras.optimizers.Optimizer):
    def __init__(self, **kw):
        super().__init__(**kw)
for make in [lambda: keras.optimizers.Optimizer(), lambda: keras.optimizers.Optimizer(name="x"),
             lambda: Sub(), lambda: Sub(learning_rate=0.5)]:
    try:
        o = make()
        print(type(o).__name__, o.name, float(o.learning_rate))
    except TypeError as e:
        print("TypeError", e)
print(keras.optimizers.SGD().name)
"""

SNIPPETS["repeat_output_specs"] = """
x = keras.Input((3, 2))
y = keras.Input((None, 2), batch_size=4)
z = keras.Input((2,), batch_size=3)
for label, fn in [("int", lambda: keras.ops.repeat(x, 2)),
                  ("list_axis", lambda: keras.ops.repeat(x, [1, 2, 3], axis=1)),
                  ("list_wrong_size", lambda: keras.ops.repeat(x, [1, 2], axis=1)),
                  ("unknown_dim", lambda: keras.ops.repeat(y, 2, axis=1)),
                  ("unknown_wrong_size", lambda: keras.ops.repeat(y, [1, 2], axis=0)),
                  ("flattened", lambda: keras.ops.repeat(z, [1] * 6)),
                  ("flattened_wrong_size", lambda: keras.ops.repeat(z, [1] * 5)),
                  ("tuple_last_axis", lambda: keras.ops.repeat(x, (2,), axis=-1))]:
    try:
        r = fn()
        print(label, r.shape, r.dtype)
    except ValueError as e:
        print(label, "ValueError", e)
"""
