"""kprobe48's fifth set: the warnings Keras 3 gives ordinary code (their category and
text, captured), and a few more corners of layers' calls."""

# ruff: noqa: E501 - one snippet call per line (a call expression is not split)

from tests.keras.kprobe48.cases_utils import _TRY

_W = _TRY + """
import warnings
def warns(label, fn):  # each warning's category and first line
    with warnings.catch_warnings(record=True) as ws:
        warnings.simplefilter("always")
        try:
            fn()
            err = ""
        except Exception as e:
            err = " / raised " + type(e).__name__
    print(label, [(w.category.__name__, str(w.message).splitlines()[0][:200]) for w in ws] + ([err] if err else []))
"""

SNIPPETS: dict[str, str] = {}

SNIPPETS["warns_input_shape_and_deprecations"] = _W + """
warns("input_shape kw", lambda: keras.Sequential([layers.Dense(2, input_shape=(3,))]))
warns("input_dim kw", lambda: layers.Dense(2, input_dim=3))
warns("leaky alpha", lambda: layers.LeakyReLU(alpha=0.1))
warns("rms scaling", lambda: layers.LayerNormalization(rms_scaling=True))
warns("lr kw", lambda: keras.optimizers.SGD(lr=0.1))
warns("decay kw", lambda: keras.optimizers.Adam(decay=0.1))
"""

SNIPPETS["warns_functional_structure"] = _W + """
a = keras.Input((2,), name="a")
b = keras.Input((2,), name="b")
m = keras.Model([a, b], layers.Add()([a, b]))
warns("dict to list model", lambda: m({"a": np.ones((1, 2)), "b": np.ones((1, 2))}))
warns("tuple to list", lambda: m((np.ones((1, 2)), np.ones((1, 2)))))
m2 = keras.Model({"a": a, "b": b}, layers.Add()([a, b]))
warns("list to dict model", lambda: m2([np.ones((1, 2)), np.ones((1, 2))]))
m3 = keras.Model(a, layers.Dense(1)(a))
warns("list of one", lambda: m3([np.ones((1, 2))]))
"""

SNIPPETS["warns_build_and_masks"] = _W + """
class NoBuild(layers.Layer):
    def __init__(self):
        super().__init__()
        self.d = layers.Dense(2)
    def call(self, x):
        return self.d(x)
l = NoBuild()
warns("summary unbuilt", lambda: keras.Sequential([l]).summary(print_fn=lambda *a, **k: None))
i = keras.Input((3, 1))
mk = layers.Masking()(i)
warns("mask dropped", lambda: layers.Conv1D(1, 1)(mk))
warns("mask dropped pool", lambda: layers.MaxPooling1D()(mk))
warns("dense keeps", lambda: layers.Dense(1)(mk))
"""

SNIPPETS["warns_fit_and_compile"] = _W + """
m = keras.Sequential([keras.Input((2,)), layers.Dense(1)])
m.compile("sgd", "mse")
ds = tf.data.Dataset.from_tensor_slices((np.ones((4, 2)), np.ones((4, 1)))).batch(2)
warns("ds batch_size", lambda: m.fit(ds, batch_size=2, verbose=0))
warns("ds steps short", lambda: m.fit(ds, steps_per_epoch=5, epochs=2, verbose=0))
warns("evaluate uncompiled metrics", lambda: keras.Sequential([keras.Input((2,)), layers.Dense(1)]).metrics_names)
warns("class_weight 3d", lambda: m.fit(np.ones((2, 2)), np.ones((2, 1)), class_weight={0: 1.0, 1: 2.0}, verbose=0))
warns("predict ds with y", lambda: m.predict(ds, verbose=0))
"""

SNIPPETS["warns_save_load"] = _W + """
import os, tempfile
d = tempfile.mkdtemp()
m = keras.Sequential([keras.Input((2,)), layers.Dense(1)])
m.compile("adam", "mse")
m.fit(np.ones((2, 2)), np.ones((2, 1)), verbose=0)
m.save(os.path.join(d, "m.h5"))  # (its warning goes to absl logging; its NumPy copy= DeprecationWarnings are TF's own)
m.save(os.path.join(d, "m.keras"))
warns("load no compile", lambda: keras.models.load_model(os.path.join(d, "m.keras"), compile=False))
m2 = keras.Sequential([keras.Input((2,)), layers.Dense(1)])
m2.save_weights(os.path.join(d, "w.weights.h5"))
m3 = keras.Sequential([keras.Input((2,)), layers.Dense(1)])
m3.compile("adam", "mse")
warns("load weights", lambda: m3.load_weights(os.path.join(d, "w.weights.h5")))
warns("save bad ext", lambda: m.save(os.path.join(d, "m.tf")))
"""

SNIPPETS["warns_layers_misc"] = _W + """
warns("dropout noise warn", lambda: layers.Dropout(0.0)(np.ones((1, 2)), training=True))
warns("bn momentum", lambda: layers.BatchNormalization(momentum=1.5))
warns("embedding input_length", lambda: layers.Embedding(3, 2, input_length=4))
warns("rnn time_major", lambda: layers.LSTM(2, time_major=True))
warns("dense unknown kw", lambda: layers.Dense(2, nope=1))
warns("conv bad kw", lambda: layers.Conv2D(2, 3, bias=True))
warns("softmax 1 unit", lambda: keras.Sequential([keras.Input((2,)), layers.Dense(1, activation="softmax")]))
"""
