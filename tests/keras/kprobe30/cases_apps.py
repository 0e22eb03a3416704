"""kprobe30's snippets on keras.applications models built with weights=None on small
inputs (MobileNetV3Small, EfficientNetB0): parameter, layer and weight counts, output
shapes, and the preprocess_input function of each family (see cases.py)."""

from tests.keras.kprobe30.prelude import _TRY

SNIPPETS = {}

_APPS = """
A = keras.applications
def app_info(fn, **kw):
    try:
        m = fn(weights=None, **kw)
    except Exception as e:
        print(fn.__name__, type(e).__name__, str(e)[:200]); return None
    print(m.name, m.count_params(), len(m.layers), len(m.weights), m.output_shape,
          keras.backend.standardize_dtype(m.output.dtype))
    return m
"""

SNIPPETS["applications_mobilenet_v3_small_tiny_input"] = _TRY + _APPS + """
m = app_info(A.MobileNetV3Small, input_shape=(32, 32, 3), classes=5, include_preprocessing=False)
m2 = app_info(A.MobileNetV3Small, input_shape=(32, 32, 3), include_top=False, pooling="avg",
              minimalistic=True, alpha=0.75)
print([l.name for l in m2.layers][:6])
print(m.layers[-1].name, m.layers[-1].activation.__name__ if hasattr(m.layers[-1], "activation")
      else type(m.layers[-1]).__name__)
y = m.predict(np.zeros((1, 32, 32, 3), "float32"), verbose=0)
print(y.shape, r4(y.sum()))
app_info(A.MobileNetV3Small, input_shape=(32, 32, 3), classes=4, classifier_activation=None,
         dropout_rate=0.0)
app_info(A.MobileNetV3Small, input_shape=(32, 32, 3), alpha=0.6)
"""

SNIPPETS["applications_efficientnet_b0_tiny_input"] = _TRY + _APPS + """
m = app_info(A.EfficientNetB0, input_shape=(32, 32, 3), include_top=False, pooling="max")
print([type(l).__name__ for l in m.layers[:5]])
print([l.name for l in m.layers][:5])
norm = m.get_layer("normalization")
print([tuple(w.shape) for w in norm.weights], r4(np.asarray(norm.mean).ravel()))
m2 = app_info(A.EfficientNetB0, input_shape=(32, 32, 3), classes=3)
app_info(A.EfficientNetB0, input_shape=(32, 32, 3), include_top=False)
"""

SNIPPETS["applications_preprocess_input_families"] = _TRY + """
x = np.array([[[[0.0, 127.5, 255.0], [10.0, 20.0, 30.0]]]], "float32")
A = keras.applications
for mod in (A.mobilenet_v3, A.efficientnet, A.convnext, A.resnet_v2, A.resnet50, A.mobilenet_v2,
            A.densenet, A.vgg16, A.xception, A.efficientnet_v2, A.inception_resnet_v2):
    y = mod.preprocess_input(x.copy())
    print(mod.__name__.split(".")[-1], type(y).__name__, r4(np.asarray(y)[0, 0, 0]),
          r4(np.asarray(y)[0, 0, 1]))
t = tf.constant(x)
y = A.resnet_v2.preprocess_input(t)
print(type(y).__name__, y.dtype.name)
show("caffe_cf", lambda: A.resnet50.preprocess_input(x.copy(), data_format="channels_first"))
show("caffe_cf3", lambda: A.resnet50.preprocess_input(np.ones((1, 3, 2, 2), "float32"),
     data_format="channels_first")[0, :, 0, 0])
print(r4(A.densenet.preprocess_input(x.copy().astype("float64"))[0, 0, 0]))
show("int", lambda: A.resnet_v2.preprocess_input(np.array([[[[0, 255, 128]]]], "int32")))
show("bad_mode", lambda: A.imagenet_utils.preprocess_input(x.copy(), mode="nope"))
"""
