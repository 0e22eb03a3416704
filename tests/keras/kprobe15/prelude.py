"""The helpers kprobe15's snippets start with: `show` prints what a call gives (for each
tensor its Keras dtype name, shape and values to 4 decimals, nested tuples and lists item
by item, Python values by repr) or the error's class and the first line of its message;
`F`, `I`, `B`, `H` are the small float32, int32, bool and float16 inputs of the sweep."""

_SHOW = """
def _pr(label, r):
    if isinstance(r, (tuple, list)):
        print(label, type(r).__name__, len(r))
        for i, v in enumerate(r[:4]):
            _pr(label + "." + str(i), v)
        return
    if r is None or isinstance(r, (bool, int, float, str, dict)):
        print(label, repr(r))
        return
    a = np.asarray(r)
    kind = "np" if isinstance(r, np.ndarray) else "t"
    v = a.astype("float64").round(4) if a.dtype.kind == "f" else a
    if a.dtype.kind == "c":
        v = a.astype("complex128").round(4)
    print(label, kind, keras.backend.standardize_dtype(r.dtype), tuple(a.shape), v.tolist())
def show(label, fn):
    try:
        r = fn()
    except Exception as e:
        print(label, type(e).__name__, (str(e).splitlines() or [""])[0][:240])
        return
    try:
        _pr(label, r)
    except Exception as e:
        print(label, "unprintable", type(r).__name__, type(e).__name__)
O = keras.ops
F = np.array([[0.5, -1.5, 2.0], [3.0, 0.25, -0.75]], "float32")
I = np.array([[1, -2, 3], [4, 0, -5]], "int32")
B = np.array([[True, False, True], [False, True, True]])
H = F.astype("float16")
P = np.array([[0.5, 1.5, 2.0], [3.0, 0.25, 0.75]], "float32")
S = np.array([[2.0, 1.0], [1.0, 3.0]], "float32")
IM = (np.arange(300, dtype="float32").reshape(1, 10, 10, 3) % 7) / 7
"""

_LAYER = _SHOW + """
X2 = np.arange(6, dtype="float32").reshape(2, 3) / 4 - 0.5
X3 = np.arange(24, dtype="float32").reshape(2, 4, 3) / 10 - 1
X4 = np.arange(48, dtype="float32").reshape(1, 4, 4, 3) / 20
X5 = np.arange(64, dtype="float32").reshape(1, 4, 4, 4, 1) / 30
IMG = (np.arange(192, dtype="float32").reshape(1, 8, 8, 3) * 1.3) % 255
IDS = np.array([[1, 2, 0], [3, 1, 1]], "int32")
def _flat(y):
    if isinstance(y, (list, tuple)):
        return [t for v in y for t in _flat(v)]
    if isinstance(y, dict):
        return [t for k in sorted(y) for t in _flat(y[k])]
    return [y]
def probe_layer(make, x, **kw):
    try:
        layer = make()
    except Exception as e:
        print("make", type(e).__name__, (str(e).splitlines() or [""])[0][:240])
        return
    try:
        print("config", sorted(layer.get_config()))
    except Exception as e:
        print("config", type(e).__name__, (str(e).splitlines() or [""])[0][:240])
    try:
        y = layer(x, **kw)
    except Exception as e:
        print("call", type(e).__name__, (str(e).splitlines() or [""])[0][:240])
        y = None
    if y is not None:
        if layer.weights:
            for i, t in enumerate(_flat(y)):
                print("out", i, keras.backend.standardize_dtype(t.dtype), tuple(t.shape))
        else:
            _pr("out", y)
    print("weights", [w.path.split("/")[-1] for w in layer.weights], len(layer.trainable_weights))
    shape = [tuple(np.shape(t)) for t in x] if isinstance(x, list) else tuple(np.shape(x))
    show("compute_output_shape", lambda: layer.compute_output_shape(shape))
"""

_SYMBOLIC = _LAYER + """
def _kt(x):
    a = np.asarray(x)
    return keras.Input(a.shape[1:], dtype=keras.backend.standardize_dtype(a.dtype))
def probe_symbolic(make, x, **kw):
    try:
        layer = make()
        sym = [_kt(t) for t in x] if isinstance(x, list) else _kt(x)
        kw = {k: (_kt(v) if isinstance(v, np.ndarray) else v) for k, v in kw.items()}
        y = layer(sym, **kw)
    except Exception as e:
        print("symbolic", type(e).__name__, (str(e).splitlines() or [""])[0][:240])
        return
    for i, t in enumerate(_flat(y)):
        print("out", i, type(t).__name__, keras.backend.standardize_dtype(t.dtype), t.shape)
    print("built", layer.built, [w.path.split("/")[-1] for w in layer.weights])
    shape = [(None,) + tuple(np.shape(t))[1:] for t in x] if isinstance(x, list) \\
        else (None,) + tuple(np.shape(x))[1:]
    show("compute_output_shape", lambda: layer.compute_output_shape(shape))
"""

_MIXED = _LAYER + """
def probe_mixed(make, x, **kw):
    try:
        layer = make()
        y = layer(x, **kw)
    except Exception as e:
        print("mixed", type(e).__name__, (str(e).splitlines() or [""])[0][:240])
        return
    print("policy", layer.dtype_policy.name, layer.compute_dtype, layer.variable_dtype)
    for i, t in enumerate(_flat(y)):
        print("out", i, keras.backend.standardize_dtype(t.dtype), tuple(t.shape))
    print("weights", [(w.path.split("/")[-1], w.dtype) for w in layer.weights])
"""
