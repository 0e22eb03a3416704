"""Keras 3 printed-output cases shared by golden.py (real TF 2.21 + Keras 3) and the tests.

CONFIGS: (namespace, class, kwargs) whose get_config() and serialize_keras_object() are
compared as repr() strings, so tuples, key order and float spellings all count.
"""

L = "layers"

CONFIGS = [
    # layers
    (L, "Dense", {"units": 3}),
    (L, "Dense", {"units": 3, "use_bias": False, "activation": "relu",
                  "kernel_initializer": "he_normal", "kernel_regularizer": "l2",
                  "bias_constraint": "non_neg"}),
    (L, "Activation", {"activation": "tanh"}),
    (L, "Dropout", {"rate": 0.5}),
    (L, "Dropout", {"rate": 0.25, "noise_shape": (None, 1), "seed": 3}),
    (L, "SpatialDropout1D", {"rate": 0.5}),
    (L, "SpatialDropout2D", {"rate": 0.5}),
    (L, "Flatten", {}),
    (L, "Reshape", {"target_shape": (6, -1)}),
    (L, "Permute", {"dims": (2, 1)}),
    (L, "RepeatVector", {"n": 3}),
    (L, "Masking", {"mask_value": 0.0}),
    (L, "Embedding", {"input_dim": 10, "output_dim": 4}),
    (L, "Embedding", {"input_dim": 10, "output_dim": 4, "mask_zero": True}),
    (L, "ActivityRegularization", {"l1": 0.1}),
    (L, "Conv1D", {"filters": 3, "kernel_size": 2}),
    (L, "Conv1D", {"filters": 2, "kernel_size": 3, "padding": "causal", "dilation_rate": 2}),
    (L, "Conv2D", {"filters": 3, "kernel_size": 3}),
    (L, "Conv2D", {"filters": 4, "kernel_size": (2, 3), "strides": 2, "padding": "same",
                   "data_format": "channels_first"}),
    (L, "Conv2D", {"filters": 4, "kernel_size": 2, "groups": 2}),
    (L, "Conv3D", {"filters": 2, "kernel_size": 2}),
    (L, "Conv2DTranspose", {"filters": 3, "kernel_size": 3, "strides": 2}),
    (L, "DepthwiseConv2D", {"kernel_size": 2, "depth_multiplier": 2}),
    (L, "SeparableConv2D", {"filters": 4, "kernel_size": 3, "padding": "same"}),
    (L, "MaxPooling1D", {"pool_size": 2}),
    (L, "AveragePooling1D", {"pool_size": 3, "strides": 1, "padding": "same"}),
    (L, "MaxPooling2D", {"pool_size": 2}),
    (L, "MaxPooling2D", {}),
    (L, "AveragePooling2D", {"pool_size": (2, 2), "padding": "same"}),
    (L, "GlobalAveragePooling1D", {}),
    (L, "GlobalAveragePooling2D", {}),
    (L, "GlobalMaxPooling1D", {}),
    (L, "GlobalMaxPooling2D", {"keepdims": True}),
    (L, "ZeroPadding1D", {"padding": 2}),
    (L, "ZeroPadding2D", {"padding": ((1, 2), (0, 1))}),
    (L, "ZeroPadding2D", {}),
    (L, "ZeroPadding3D", {"padding": 1}),
    (L, "Cropping1D", {"cropping": (1, 2)}),
    (L, "Cropping2D", {"cropping": ((1, 0), (1, 2))}),
    (L, "Cropping3D", {"cropping": 1}),
    (L, "UpSampling1D", {"size": 3}),
    (L, "UpSampling2D", {"size": (2, 3)}),
    (L, "UpSampling3D", {"size": 2}),
    (L, "BatchNormalization", {}),
    (L, "BatchNormalization", {"axis": 1, "momentum": 0.9, "center": False}),
    (L, "LayerNormalization", {}),
    (L, "LayerNormalization", {"axis": [1, 2]}),
    (L, "UnitNormalization", {}),
    (L, "SimpleRNN", {"units": 3}),
    (L, "SimpleRNN", {"units": 3, "return_sequences": True, "go_backwards": True}),
    (L, "LSTM", {"units": 3}),
    (L, "LSTM", {"units": 2, "return_sequences": True, "return_state": True,
                 "stateful": True, "dropout": 0.1}),
    (L, "GRU", {"units": 3}),
    (L, "GRU", {"units": 3, "reset_after": False, "return_state": True}),
    (L, "SimpleRNNCell", {"units": 3}),
    (L, "LSTMCell", {"units": 3}),
    (L, "GRUCell", {"units": 3}),
    (L, "ReLU", {"max_value": 1.0}),
    (L, "LeakyReLU", {}),
    (L, "LeakyReLU", {"negative_slope": 0.1}),
    (L, "PReLU", {}),
    (L, "PReLU", {"shared_axes": [1]}),
    (L, "ELU", {"alpha": 0.5}),
    (L, "Softmax", {"axis": 1}),
    (L, "Add", {}),
    (L, "Subtract", {}),
    (L, "Multiply", {}),
    (L, "Average", {}),
    (L, "Maximum", {}),
    (L, "Minimum", {}),
    (L, "Concatenate", {"axis": 1}),
    (L, "Dot", {"axes": 1}),
    (L, "EinsumDense", {"equation": "ab,bc->ac", "output_shape": 4, "bias_axes": "c"}),
    (L, "EinsumDense", {"equation": "abc,cde->abde", "output_shape": (None, 3, 2),
                        "activation": "relu"}),
    (L, "InputLayer", {"shape": (3,)}),
    (L, "InputLayer", {"batch_shape": (2, None, 4), "dtype": "int32", "name": "ids"}),
    # losses
    ("losses", "BinaryCrossentropy", {}),
    ("losses", "BinaryCrossentropy", {"from_logits": True, "label_smoothing": 0.1}),
    ("losses", "BinaryFocalCrossentropy", {}),
    ("losses", "BinaryFocalCrossentropy", {"apply_class_balancing": True, "alpha": 0.3,
                                           "gamma": 1.5}),
    ("losses", "CategoricalCrossentropy", {}),
    ("losses", "CategoricalFocalCrossentropy", {}),
    ("losses", "CategoricalHinge", {}),
    ("losses", "CosineSimilarity", {}),
    ("losses", "CosineSimilarity", {"axis": 0}),
    ("losses", "Hinge", {}),
    ("losses", "Huber", {}),
    ("losses", "Huber", {"delta": 0.5}),
    ("losses", "KLDivergence", {}),
    ("losses", "LogCosh", {}),
    ("losses", "MeanAbsoluteError", {}),
    ("losses", "MeanAbsolutePercentageError", {}),
    ("losses", "MeanSquaredError", {}),
    ("losses", "MeanSquaredError", {"reduction": "sum", "name": "mse_sum"}),
    ("losses", "MeanSquaredLogarithmicError", {}),
    ("losses", "Poisson", {}),
    ("losses", "SparseCategoricalCrossentropy", {}),
    ("losses", "SparseCategoricalCrossentropy", {"from_logits": True, "ignore_class": 0}),
    ("losses", "SquaredHinge", {}),
    # metrics
    ("metrics", "Mean", {}),
    ("metrics", "Sum", {}),
    ("metrics", "AUC", {}),
    ("metrics", "AUC", {"curve": "PR", "num_thresholds": 50}),
    ("metrics", "FalseNegatives", {}),
    ("metrics", "FalsePositives", {"thresholds": [0.3, 0.6]}),
    ("metrics", "Precision", {}),
    ("metrics", "Precision", {"top_k": 2, "class_id": 1}),
    ("metrics", "Recall", {}),
    ("metrics", "TrueNegatives", {}),
    ("metrics", "TruePositives", {}),
    ("metrics", "PrecisionAtRecall", {"recall": 0.5}),
    ("metrics", "RecallAtPrecision", {"precision": 0.8}),
    ("metrics", "SensitivityAtSpecificity", {"specificity": 0.5}),
    ("metrics", "SpecificityAtSensitivity", {"sensitivity": 0.5, "num_thresholds": 100}),
    ("metrics", "Accuracy", {}),
    ("metrics", "BinaryAccuracy", {}),
    ("metrics", "BinaryCrossentropy", {}),
    ("metrics", "CategoricalAccuracy", {}),
    ("metrics", "CategoricalCrossentropy", {}),
    ("metrics", "CategoricalHinge", {}),
    ("metrics", "CosineSimilarity", {}),
    ("metrics", "Hinge", {}),
    ("metrics", "KLDivergence", {}),
    ("metrics", "LogCoshError", {}),
    ("metrics", "MeanAbsoluteError", {}),
    ("metrics", "MeanAbsolutePercentageError", {}),
    ("metrics", "MeanSquaredError", {}),
    ("metrics", "MeanSquaredLogarithmicError", {}),
    ("metrics", "Poisson", {}),
    ("metrics", "RootMeanSquaredError", {}),
    ("metrics", "SparseCategoricalAccuracy", {}),
    ("metrics", "SparseCategoricalCrossentropy", {}),
    ("metrics", "SparseTopKCategoricalAccuracy", {}),
    ("metrics", "SquaredHinge", {}),
    ("metrics", "TopKCategoricalAccuracy", {"k": 3}),
    ("metrics", "MeanIoU", {"num_classes": 2}),
    ("metrics", "IoU", {"num_classes": 3, "target_class_ids": [0, 2]}),
    ("metrics", "BinaryIoU", {}),
    ("metrics", "OneHotIoU", {"num_classes": 3, "target_class_ids": [1]}),
    ("metrics", "OneHotMeanIoU", {"num_classes": 3}),
    ("metrics", "F1Score", {}),
    ("metrics", "F1Score", {"average": "macro", "threshold": 0.5}),
    ("metrics", "FBetaScore", {"beta": 2.0}),
    ("metrics", "R2Score", {}),
    # optimizers
    ("optimizers", "SGD", {}),
    ("optimizers", "SGD", {"learning_rate": 0.1, "momentum": 0.9, "nesterov": True,
                           "clipnorm": 1.0}),
    ("optimizers", "Adadelta", {}),
    ("optimizers", "Adagrad", {}),
    ("optimizers", "Adam", {}),
    ("optimizers", "Adam", {"learning_rate": 0.01, "amsgrad": True, "weight_decay": 0.1}),
    ("optimizers", "Adamax", {}),
    ("optimizers", "AdamW", {}),
    ("optimizers", "Ftrl", {}),
    ("optimizers", "Nadam", {}),
    ("optimizers", "RMSprop", {}),
    # initializers, regularizers, constraints
    ("initializers", "Constant", {}),
    ("initializers", "Constant", {"value": 2}),
    ("initializers", "GlorotNormal", {}),
    ("initializers", "GlorotUniform", {"seed": 1}),
    ("initializers", "HeNormal", {}),
    ("initializers", "HeUniform", {}),
    ("initializers", "Identity", {}),
    ("initializers", "LecunNormal", {}),
    ("initializers", "LecunUniform", {}),
    ("initializers", "Ones", {}),
    ("initializers", "Orthogonal", {}),
    ("initializers", "RandomNormal", {}),
    ("initializers", "RandomUniform", {"minval": -1, "maxval": 1}),
    ("initializers", "TruncatedNormal", {}),
    ("initializers", "VarianceScaling", {}),
    ("initializers", "VarianceScaling", {"scale": 2.0, "mode": "fan_avg",
                                         "distribution": "uniform"}),
    ("initializers", "Zeros", {}),
    ("regularizers", "L1", {}),
    ("regularizers", "L1L2", {}),
    ("regularizers", "L1L2", {"l1": 0.1, "l2": 0.2}),
    ("regularizers", "L2", {}),
    ("constraints", "MaxNorm", {}),
    ("constraints", "MinMaxNorm", {}),
    ("constraints", "NonNeg", {}),
    ("constraints", "UnitNorm", {}),
    ("optimizers.schedules", "ExponentialDecay", {"initial_learning_rate": 0.1,
                                                  "decay_steps": 10, "decay_rate": 0.9}),
    ("optimizers.schedules", "PiecewiseConstantDecay", {"boundaries": [10, 20],
                                                        "values": [0.1, 0.01, 0.001]}),
    ("optimizers.schedules", "PolynomialDecay", {"initial_learning_rate": 0.1,
                                                 "decay_steps": 10}),
    ("optimizers.schedules", "InverseTimeDecay", {"initial_learning_rate": 0.1,
                                                  "decay_steps": 10, "decay_rate": 0.5}),
    ("optimizers.schedules", "CosineDecay", {"initial_learning_rate": 0.1,
                                             "decay_steps": 10}),
    ("optimizers.schedules", "CosineDecayRestarts", {"initial_learning_rate": 0.1,
                                                     "first_decay_steps": 10}),
]


def config_id(case: tuple) -> str:
    ns, cls, kwargs = case
    same = [c for c in CONFIGS if c[0] == ns and c[1] == cls]
    return f"{ns}.{cls}" + (f"-{same.index(case)}" if len(same) > 1 else "")


def resolve(keras, ns: str, cls: str):
    obj = keras
    for part in ns.split("."):
        obj = getattr(obj, part)
    return getattr(obj, cls)


# Printed-output snippets: each runs with `tf`, `keras`, `layers` and `np` bound (real TF +
# Keras 3 in golden.py, eagerflow in the tests) after keras.backend.clear_session(), with
# COLUMNS=80 (summaries are as wide as the terminal allows); what it prints must match.
SNIPPETS = {
    "sequential_summary": """
model = keras.Sequential([layers.Dense(64, activation="relu", input_shape=(32,)),
                          layers.Dense(10, activation="softmax")])
print(model, model.built, [x.name for x in model.layers])
print(model.inputs, model.output_shape)
print([v.path for v in model.trainable_variables])
model.summary()
print(model.count_params())
""",
    "sequential_deferred_build": """
model = keras.Sequential([layers.Dense(3), layers.Dense(2)])
print(model, model.built, model.weights)
model.summary()
y = model(np.ones((4, 5), "float32"))
print(model.built, y.shape, model.output_shape, model.inputs)
print([v.path for v in model.weights])
model.summary()
m2 = keras.Sequential([layers.Dense(2)])
m2.build((None, 3))
print(m2.built, m2.count_params(), m2.inputs)
m2.summary()
print(m2.get_config()["build_input_shape"], m2.get_config()["layers"][0]["config"])
""",
    "functional_summary_and_config": """
a = keras.Input(shape=(8,), name="a")
b = keras.Input(shape=(4,), name="b")
merged = layers.concatenate([layers.Dense(3)(a), layers.Dense(3)(b)])
shared = layers.Dense(2, name="shared")
o1 = shared(merged)
o2 = shared(layers.Dense(6)(b))
model = keras.Model(inputs=[a, b], outputs=[o1, o2])
print(model, [x.name for x in model.layers])
print(model.inputs, model.outputs)
model.summary()
model.summary(show_trainable=True, line_length=70)
config = model.get_config()
print(config["input_layers"], config["output_layers"])
for layer in config["layers"]:
    print(layer["name"], layer["class_name"], layer["inbound_nodes"])
print(keras.Model.from_config(config))
""",
    "nested_summary": """
inner = keras.Sequential([keras.Input((3,)), layers.Dense(4), layers.ReLU()], name="inner")
x = keras.Input((3,), name="x")
y = layers.Dense(1)(inner(x))
outer = keras.Model(x, y, name="outer")
outer.summary()
outer.summary(expand_nested=True)
outer.summary(expand_nested=True, show_trainable=True)
inner.trainable = False
outer.summary(show_trainable=True)
outer.summary(layer_range=["x", "inner"])
""",
    "operators_summary": """
x = keras.Input((3,))
dense = layers.Dense(2)
y = -(dense(x) * 2.0 + 1.0)[:, :1]
model = keras.Model(x, y)
print([l.name for l in model.layers], y)
model.summary()
""",
    "subclassed_summary": """
class Block(keras.Model):
    def __init__(self):
        super().__init__()
        self.d = layers.Dense(2)
        self.drop = layers.Dropout(0.1)

    def call(self, x):
        return self.drop(self.d(x))

m = Block()
print(m, m.built)
m.summary()
m(np.ones((4, 5), "float32"))
print(m, m.built)
m.summary()
m.compile("adam", "mse")
m.fit(np.ones((4, 5), "float32"), np.ones((4, 2), "float32"), verbose=0)
m.summary()
""",
    "reprs": """
x = keras.Input((784,), name="img")
print(x, repr(x), x.shape, x.dtype, x.name)
y = layers.Dense(64, kernel_initializer="ones")(x)
print(y)
print(keras.Input(batch_shape=(2, 3), dtype="int32"), keras.Input((None,), sparse=True))
d = layers.Dense(2, kernel_initializer="ones", bias_initializer="zeros")
print(d)
d.build((None, 3))
print(d, d.kernel, d.bias, d.kernel.name, d.kernel.path, d.kernel.trainable)
print(d.weights)
print(keras.Variable(3), keras.Variable(np.zeros(2)), keras.Variable(1.5, name="v"))
print(keras.Model(x, y), keras.Sequential(), keras.Model())
print(keras.DTypePolicy("float32"), keras.mixed_precision.Policy("mixed_float16"))
print(keras.DTypePolicy("mixed_bfloat16").compute_dtype, keras.mixed_precision.global_policy())
print(layers.Dense(2, dtype="mixed_float16").dtype_policy, layers.Dense(2).dtype_policy)
print(keras.version(), tf.version.VERSION)
m = keras.metrics.Mean()
m.update_state([1.0, 3.0])
print(m, m.variables)
opt = keras.optimizers.Adam()
w = keras.Variable(np.ones(2, "float32"), name="w")
opt.build([w])
print([v.path for v in opt.variables], opt.iterations)
""",
}
