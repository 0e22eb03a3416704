"""Snippets of kprobe26: the dtype each built-in Keras 3 layer gives for inputs of other
dtypes than its own (int32, int64, bool, uint8, float16, float64), called eagerly on a
NumPy array and symbolically on a keras.Input, and under the mixed_float16 policy.
kprobe/record_golden.py kprobe26 records what real TF 2.21 + Keras 3 prints for each, and
test_kprobe26.py checks that eagerflow prints the same.

Each snippet prints one line a layer: the output dtypes (or `!ErrorClass`) eagerly, then
symbolically, for each input dtype; then each distinct error's class and message start
(the line after Keras's "Exception encountered when calling ..." where it wraps one), with
the first cell that raised it and how many did."""

SNIPPETS: dict[str, str] = {}

# The table's helper: `row(name, make, shape)` calls a fresh `make()` on a (2, *shape)
# array of small non-negative values and on a keras.Input of `shape`, for each dtype;
# `pair` marks a layer called on a list of two inputs.
_TABLE = """
DTYPES = ("int32", "int64", "bool", "uint8", "float16", "float64")
ERRORS = {}

def _dtype(out):
    out = out[0] if isinstance(out, (list, tuple)) else out
    return keras.backend.standardize_dtype(out.dtype)

def _cell(name, mode, dt, fn):
    try:
        return _dtype(fn())
    except Exception as e:
        lines = [ln for ln in str(e).splitlines() if ln.strip()] or [""]
        # (Keras wraps a call's error: its first line names the layer, the next is TF's)
        msg = lines[1 if lines[0].startswith("Exception encountered") else 0][:110]
        ERRORS.setdefault((type(e).__name__, msg), []).append(f"{name}/{mode}/{dt}")
        return "!" + type(e).__name__

def _args(x, pair):
    return [x, x] if pair else x

def row(name, make, shape, pair=False, dtypes=DTYPES):
    data = np.arange(2 * int(np.prod(shape))).reshape((2,) + shape) % 3
    eager = [_cell(name, "eager", dt, lambda: make()(_args(data.astype(dt), pair)))
             for dt in dtypes]
    sym = [_cell(name, "sym", dt,
                 lambda: make()(_args(keras.Input(shape, dtype=dt), pair)))
           for dt in dtypes]
    print(name, " ".join(eager), "|", " ".join(sym))

def errors():
    for (cls, msg), where in ERRORS.items():
        print(cls, where[0], len(where), ":", msg)
"""

SNIPPETS["core_and_activations"] = _TABLE + """
S = (4,)
row("Dense", lambda: layers.Dense(3), S)
row("EinsumDense", lambda: layers.EinsumDense("ab,bc->ac", 3), S)
row("Identity", lambda: layers.Identity(), S)
row("Lambda", lambda: layers.Lambda(lambda x: x * 2), S)
row("Masking", lambda: layers.Masking(), S)
row("Activation", lambda: layers.Activation("relu"), S)
row("ActivationLinear", lambda: layers.Activation("linear"), S)
row("ReLU", lambda: layers.ReLU(), S)
row("LeakyReLU", lambda: layers.LeakyReLU(), S)
row("PReLU", lambda: layers.PReLU(), S)
row("ELU", lambda: layers.ELU(), S)
row("Softmax", lambda: layers.Softmax(), S)
row("Dropout", lambda: layers.Dropout(0.5), S)
row("GaussianNoise", lambda: layers.GaussianNoise(0.1), S)
row("GaussianDropout", lambda: layers.GaussianDropout(0.1), S)
row("AlphaDropout", lambda: layers.AlphaDropout(0.1), S)
row("ActivityRegularization", lambda: layers.ActivityRegularization(), S)
row("Flatten", lambda: layers.Flatten(), S)
row("Reshape", lambda: layers.Reshape((2, 2)), S)
row("RepeatVector", lambda: layers.RepeatVector(2), S)
row("Embedding", lambda: layers.Embedding(5, 2), S)
errors()
"""

SNIPPETS["normalization_and_preprocessing"] = _TABLE + """
S = (4,)
row("BatchNormalization", lambda: layers.BatchNormalization(), S)
row("LayerNormalization", lambda: layers.LayerNormalization(), S)
row("UnitNormalization", lambda: layers.UnitNormalization(), S)
row("GroupNormalization", lambda: layers.GroupNormalization(groups=2), S)
row("RMSNormalization", lambda: layers.RMSNormalization(), S)
row("Normalization", lambda: layers.Normalization(mean=1.0, variance=2.0), S)
row("Rescaling", lambda: layers.Rescaling(0.5), S)
row("Discretization", lambda: layers.Discretization(bin_boundaries=[0.5, 1.5]), S)
row("Hashing", lambda: layers.Hashing(4), S)
row("CategoryEncoding", lambda: layers.CategoryEncoding(num_tokens=5), S)
row("IntegerLookup", lambda: layers.IntegerLookup(vocabulary=[1, 2]), S)
row("Add", lambda: layers.Add(), S, pair=True)
row("Multiply", lambda: layers.Multiply(), S, pair=True)
row("Average", lambda: layers.Average(), S, pair=True)
row("Maximum", lambda: layers.Maximum(), S, pair=True)
row("Concatenate", lambda: layers.Concatenate(), S, pair=True)
row("Dot", lambda: layers.Dot(axes=1), S, pair=True)
errors()
"""

SNIPPETS["sequences"] = _TABLE + """
S = (4, 3)
row("Conv1D", lambda: layers.Conv1D(2, 2), S)
row("SeparableConv1D", lambda: layers.SeparableConv1D(2, 2), S)
row("DepthwiseConv1D", lambda: layers.DepthwiseConv1D(2), S)
row("Conv1DTranspose", lambda: layers.Conv1DTranspose(2, 2), S)
row("MaxPooling1D", lambda: layers.MaxPooling1D(), S)
row("AveragePooling1D", lambda: layers.AveragePooling1D(2), S)
row("GlobalMaxPooling1D", lambda: layers.GlobalMaxPooling1D(), S)
row("GlobalAveragePooling1D", lambda: layers.GlobalAveragePooling1D(), S)
row("Cropping1D", lambda: layers.Cropping1D(1), S)
row("ZeroPadding1D", lambda: layers.ZeroPadding1D(1), S)
row("UpSampling1D", lambda: layers.UpSampling1D(2), S)
row("Permute", lambda: layers.Permute((2, 1)), S)
row("SpatialDropout1D", lambda: layers.SpatialDropout1D(0.5), S)
row("SimpleRNN", lambda: layers.SimpleRNN(2), S)
row("LSTM", lambda: layers.LSTM(2), S)
row("GRU", lambda: layers.GRU(2, return_sequences=True), S)
row("Bidirectional", lambda: layers.Bidirectional(layers.LSTM(2)), S)
row("TimeDistributed", lambda: layers.TimeDistributed(layers.Dense(2)), S)
row("MultiHeadAttention", lambda: (lambda x: layers.MultiHeadAttention(1, 2)(x, x)), S)
row("Attention", lambda: layers.Attention(), S, pair=True)
errors()
"""

SNIPPETS["images"] = _TABLE + """
S = (4, 4, 2)
row("Conv2D", lambda: layers.Conv2D(2, 2), S)
row("DepthwiseConv2D", lambda: layers.DepthwiseConv2D(2), S)
row("Conv2DTranspose", lambda: layers.Conv2DTranspose(2, 2), S)
row("MaxPooling2D", lambda: layers.MaxPooling2D(), S)
row("AveragePooling2D", lambda: layers.AveragePooling2D(2), S)
row("GlobalAveragePooling2D", lambda: layers.GlobalAveragePooling2D(), S)
row("ZeroPadding2D", lambda: layers.ZeroPadding2D(), S)
row("Cropping2D", lambda: layers.Cropping2D(1), S)
row("UpSampling2D", lambda: layers.UpSampling2D(), S)
row("SpatialDropout2D", lambda: layers.SpatialDropout2D(0.5), S)
row("Resizing", lambda: layers.Resizing(2, 2), S)
row("CenterCrop", lambda: layers.CenterCrop(2, 2), S)
row("RandomFlip", lambda: layers.RandomFlip(), S)
row("RandomRotation", lambda: layers.RandomRotation(0.1), S)
errors()
"""

SNIPPETS["mixed_float16_policy"] = _TABLE + """
keras.mixed_precision.set_global_policy("mixed_float16")
try:
    for name, make, shape, pair in [
            ("Dense", lambda: layers.Dense(3), (4,), False),
            ("Dropout", lambda: layers.Dropout(0.5), (4,), False),
            ("Activation", lambda: layers.Activation("relu"), (4,), False),
            ("Softmax", lambda: layers.Softmax(), (4,), False),
            ("Flatten", lambda: layers.Flatten(), (4,), False),
            ("Embedding", lambda: layers.Embedding(5, 2), (4,), False),
            ("BatchNormalization", lambda: layers.BatchNormalization(), (4,), False),
            ("LayerNormalization", lambda: layers.LayerNormalization(), (4,), False),
            ("Rescaling", lambda: layers.Rescaling(0.5), (4,), False),
            ("Add", lambda: layers.Add(), (4,), True),
            ("Concatenate", lambda: layers.Concatenate(), (4,), True),
            ("Conv1D", lambda: layers.Conv1D(2, 2), (4, 3), False),
            ("LSTM", lambda: layers.LSTM(2), (4, 3), False),
            ("MaxPooling1D", lambda: layers.MaxPooling1D(), (4, 3), False),
            ("Dense32", lambda: layers.Dense(3, dtype="float32"), (4,), False)]:
        row(name, make, shape, pair, dtypes=("int32", "float32", "float64"))
finally:
    keras.mixed_precision.set_global_policy("float32")
errors()
"""
