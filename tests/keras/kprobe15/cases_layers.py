"""kprobe15's sweep of keras.layers: every layer class of Keras 3.15 (names.json) made
with its defaults where it has them (else the fewest arguments) and called once on a small
input: get_config()'s keys, the output's dtype and shape (and values where the layer has no
weights), its weights' names, and compute_output_shape (see cases.py)."""

# ruff: noqa: E501 - one call per table line (a call expression is not split)

from tests.keras.kprobe15.cases_ops import NAMES
from tests.keras.kprobe15.prelude import _LAYER, _MIXED, _SYMBOLIC

# name: (constructor arguments, input, call keywords)
LAYERS = {
    "Activation": ("'relu'", "X2", ""),
    "ActivityRegularization": ("l1=0.1", "X2", ""),
    "AdaptiveAveragePooling1D": ("2", "X3", ""),
    "AdaptiveAveragePooling2D": ("2", "X4", ""),
    "AdaptiveAveragePooling3D": ("2", "X5", ""),
    "AdaptiveMaxPooling1D": ("2", "X3", ""),
    "AdaptiveMaxPooling2D": ("2", "X4", ""),
    "AdaptiveMaxPooling3D": ("2", "X5", ""),
    "Add": ("", "[X2, X2]", ""),
    "AdditiveAttention": ("", "[X3, X3]", ""),
    "AlphaDropout": ("0.5", "X2", ""),
    "Attention": ("", "[X3, X3]", ""),
    "AugMix": ("", "IMG", ""),
    "AutoContrast": ("", "IMG", ""),
    "Average": ("", "[X2, X2 * 3]", ""),
    "AveragePooling1D": ("", "X3", ""),
    "AveragePooling2D": ("", "X4", ""),
    "AveragePooling3D": ("", "X5", ""),
    "AvgPool1D": ("", "X3", ""),
    "AvgPool2D": ("", "X4", ""),
    "AvgPool3D": ("", "X5", ""),
    "BatchNormalization": ("", "X2", ""),
    "Bidirectional": ("keras.layers.SimpleRNN(2)", "X3", ""),
    "CategoryEncoding": ("4", "IDS", ""),
    "CenterCrop": ("2, 2", "X4", ""),
    "Concatenate": ("", "[X2, X2]", ""),
    "ContrastLimitedAdaptiveHistogramEqualization": ("", "IMG", ""),
    "Conv1D": ("2, 2", "X3", ""),
    "Conv1DTranspose": ("2, 2", "X3", ""),
    "Conv2D": ("2, 2", "X4", ""),
    "Conv2DTranspose": ("2, 2", "X4", ""),
    "Conv3D": ("2, 2", "X5", ""),
    "Conv3DTranspose": ("2, 2", "X5", ""),
    "ConvLSTM1D": ("2, 2", "X4", ""),
    "ConvLSTM2D": ("2, 2", "X5", ""),
    "ConvLSTM3D": ("2, 2", "X5[..., None]", ""),
    "Convolution1D": ("2, 2", "X3", ""),
    "Convolution1DTranspose": ("2, 2", "X3", ""),
    "Convolution2D": ("2, 2", "X4", ""),
    "Convolution2DTranspose": ("2, 2", "X4", ""),
    "Convolution3D": ("2, 2", "X5", ""),
    "Convolution3DTranspose": ("2, 2", "X5", ""),
    "Cropping1D": ("", "X3", ""),
    "Cropping2D": ("", "X4", ""),
    "Cropping3D": ("", "X5", ""),
    "CutMix": ("", "IMG", ""),
    "Dense": ("2", "X2", ""),
    "DepthwiseConv1D": ("2", "X3", ""),
    "DepthwiseConv2D": ("2", "X4", ""),
    "Discretization": ("bin_boundaries=[0.0, 0.5]", "X2", ""),
    "Dot": ("1", "[X2, X2]", ""),
    "Dropout": ("0.5", "X2", ""),
    "ELU": ("", "X2", ""),
    "EinsumDense": ("'ab,bc->ac', output_shape=2", "X2", ""),
    "Embedding": ("4, 2", "IDS", ""),
    "Equalization": ("", "IMG", ""),
    "Flatten": ("", "X4", ""),
    "GRU": ("2", "X3", ""),
    "GRUCell": ("2", "X2", "states=[np.zeros((2, 2), 'float32')]"),
    "GaussianDropout": ("0.5", "X2", ""),
    "GaussianNoise": ("0.5", "X2", ""),
    "GlobalAveragePooling1D": ("", "X3", ""),
    "GlobalAveragePooling2D": ("", "X4", ""),
    "GlobalAveragePooling3D": ("", "X5", ""),
    "GlobalAvgPool1D": ("", "X3", ""),
    "GlobalAvgPool2D": ("", "X4", ""),
    "GlobalAvgPool3D": ("", "X5", ""),
    "GlobalMaxPool1D": ("", "X3", ""),
    "GlobalMaxPool2D": ("", "X4", ""),
    "GlobalMaxPool3D": ("", "X5", ""),
    "GlobalMaxPooling1D": ("", "X3", ""),
    "GlobalMaxPooling2D": ("", "X4", ""),
    "GlobalMaxPooling3D": ("", "X5", ""),
    "GroupNormalization": ("groups=3", "X3", ""),
    "GroupQueryAttention": ("2, 2, 1", "[X3, X3]", ""),
    "HashedCrossing": ("5", "[IDS, IDS * 2]", ""),
    "Hashing": ("5", "IDS", ""),
    "Identity": ("", "X2", ""),
    "IntegerLookup": ("vocabulary=[1, 2, 3]", "IDS", ""),
    "LSTM": ("2", "X3", ""),
    "LSTMCell": ("2", "X2", "states=[np.zeros((2, 2), 'float32'), np.zeros((2, 2), 'float32')]"),
    "Lambda": ("lambda t: t * 2", "X2", ""),
    "Layer": ("", "X2", ""),
    "LayerNormalization": ("", "X2", ""),
    "LeakyReLU": ("", "X2", ""),
    "Masking": ("", "X3", ""),
    "MaxNumBoundingBoxes": ("2", "IMG", ""),
    "MaxPool1D": ("", "X3", ""),
    "MaxPool2D": ("", "X4", ""),
    "MaxPool3D": ("", "X5", ""),
    "MaxPooling1D": ("", "X3", ""),
    "MaxPooling2D": ("", "X4", ""),
    "MaxPooling3D": ("", "X5", ""),
    "Maximum": ("", "[X2, -X2]", ""),
    "MelSpectrogram": ("fft_length=8, sequence_stride=4, sequence_length=8, num_mel_bins=4", "np.arange(32, dtype='float32').reshape(1, 32) / 32", ""),
    "Minimum": ("", "[X2, -X2]", ""),
    "MixUp": ("", "IMG", ""),
    "MultiHeadAttention": ("2, 2", "X3", "value=X3"),
    "Multiply": ("", "[X2, X2]", ""),
    "Normalization": ("mean=1.0, variance=4.0", "X2", ""),
    "PReLU": ("", "X2", ""),
    "Permute": ("(2, 1)", "X3", ""),
    "Pipeline": ("[keras.layers.Rescaling(2.0), keras.layers.Identity()]", "X2", ""),
    "RMSNormalization": ("", "X2", ""),
    "RNN": ("keras.layers.SimpleRNNCell(2)", "X3", ""),
    "RandAugment": ("", "IMG", ""),
    "RandomBrightness": ("0.2", "IMG", ""),
    "RandomColorDegeneration": ("0.2", "IMG", ""),
    "RandomColorJitter": ("", "IMG", ""),
    "RandomContrast": ("0.2", "IMG", ""),
    "RandomCrop": ("2, 2", "X4", ""),
    "RandomElasticTransform": ("", "IMG", ""),
    "RandomErasing": ("", "IMG", ""),
    "RandomFlip": ("", "X4", ""),
    "RandomGaussianBlur": ("", "IMG", ""),
    "RandomGrayscale": ("", "IMG", ""),
    "RandomHue": ("0.2", "IMG", ""),
    "RandomInvert": ("", "IMG", ""),
    "RandomPerspective": ("", "IMG", ""),
    "RandomPosterization": ("", "IMG", ""),
    "RandomRotation": ("0.2", "X4", ""),
    "RandomSaturation": ("0.2", "IMG", ""),
    "RandomSharpness": ("0.2", "IMG", ""),
    "RandomShear": ("0.2", "IMG", ""),
    "RandomTranslation": ("0.2, 0.2", "X4", ""),
    "RandomZoom": ("0.2", "X4", ""),
    "ReLU": ("", "X2", ""),
    "RepeatVector": ("2", "X2", ""),
    "Rescaling": ("0.5", "X2", ""),
    "Reshape": ("(3, 1)", "X2", ""),
    "Resizing": ("2, 2", "X4", ""),
    "ReversibleEmbedding": ("4, 2", "IDS", ""),
    "SeparableConv1D": ("2, 2", "X3", ""),
    "SeparableConv2D": ("2, 2", "X4", ""),
    "SeparableConvolution1D": ("2, 2", "X3", ""),
    "SeparableConvolution2D": ("2, 2", "X4", ""),
    "SimpleRNN": ("2", "X3", ""),
    "SimpleRNNCell": ("2", "X2", "states=[np.zeros((2, 2), 'float32')]"),
    "Softmax": ("", "X2", ""),
    "Solarization": ("", "IMG", ""),
    "SpatialDropout1D": ("0.5", "X3", ""),
    "SpatialDropout2D": ("0.5", "X4", ""),
    "SpatialDropout3D": ("0.5", "X5", ""),
    "SpectralNormalization": ("keras.layers.Dense(2)", "X2", ""),
    "StackedRNNCells": ("[keras.layers.SimpleRNNCell(2)]", "X2", "states=[np.zeros((2, 2), 'float32')]"),
    "StringLookup": ("vocabulary=['a', 'b']", "np.array([['a', 'c'], ['b', 'a']])", ""),
    "Subtract": ("", "[X2, X2 * 3]", ""),
    "TextVectorization": ("", "np.array(['the cat', 'a dog the'])", ""),
    "TimeDistributed": ("keras.layers.Dense(2)", "X3", ""),
    "UnitNormalization": ("", "X2", ""),
    "UpSampling1D": ("", "X3", ""),
    "UpSampling2D": ("", "X4", ""),
    "UpSampling3D": ("", "X5", ""),
    "ZeroPadding1D": ("", "X3", ""),
    "ZeroPadding2D": ("", "X4", ""),
    "ZeroPadding3D": ("", "X5", ""),
}

# Classes of other backends or not layers to call: only whether eagerflow has them
# (STFTSpectrogram needs SciPy in Keras, which the reference interpreter lacks).
NOT_CALLED = ["FlaxLayer", "InputLayer", "InputSpec", "JaxLayer", "STFTSpectrogram", "TFSMLayer",
              "TorchModuleWrapper", "Wrapper"]


def _snippet(name):
    if name not in LAYERS:
        return _LAYER + f"print({name!r}, hasattr(keras.layers, {name!r}))\n"
    args, x, call = LAYERS[name]
    return _LAYER + (
        f"print('has', hasattr(keras.layers, {name!r}))\n"
        f"probe_layer(lambda: keras.layers.{name}({args}), {x}{', ' + call if call else ''})\n"
    )


def _symbolic(name):
    args, x, call = LAYERS[name]
    call = call.replace("X3", "np.ones((2, 4, 3), 'float32')")  # (MultiHeadAttention's value)
    return _SYMBOLIC + (
        f"probe_symbolic(lambda: keras.layers.{name}({args}), {x}{', ' + call if call else ''})\n"
    )


def _mixed(name):
    args, x, call = LAYERS[name]
    args = (args + ", " if args else "") + "dtype='mixed_float16'"
    return _MIXED + (
        f"probe_mixed(lambda: keras.layers.{name}({args}), {x}{', ' + call if call else ''})\n"
    )


SNIPPETS = {f"layer_{name}": _snippet(name) for name in NAMES["layer_classes"]}
# each layer made with the mixed_float16 policy and called eagerly
SNIPPETS.update({f"layer_mixed_{name}": _mixed(name) for name in LAYERS})
# each layer called on keras.Input tensors of its input's shape (batch None)
SNIPPETS.update({f"layer_symbolic_{name}": _symbolic(name) for name in LAYERS})

SNIPPETS["layers_namespace"] = _LAYER + "names = " + repr(NAMES["layers"]) + """
print("missing", sorted(set(names) - set(dir(keras.layers))))
show("add", lambda: keras.layers.add([X2, X2]))
show("average", lambda: keras.layers.average([X2, X2 * 3]))
show("concatenate", lambda: keras.layers.concatenate([X2, X2], axis=0))
show("dot", lambda: keras.layers.dot([X2, X2], axes=1))
show("maximum", lambda: keras.layers.maximum([X2, -X2]))
show("minimum", lambda: keras.layers.minimum([X2, -X2]))
show("multiply", lambda: keras.layers.multiply([X2, X2]))
show("subtract", lambda: keras.layers.subtract([X2, X2 * 3]))
show("serialize", lambda: keras.layers.serialize(keras.layers.ReLU()))
show("deserialize", lambda: type(keras.layers.deserialize({"class_name": "ReLU", "config": {}})).__name__)
show("Input", lambda: (keras.layers.Input((3,)).shape, keras.layers.Input((3,), dtype="int32").dtype))
show("bad_merge", lambda: keras.layers.add([X2]))
"""
