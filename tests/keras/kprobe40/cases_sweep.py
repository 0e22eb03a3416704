"""kprobe40's sweeps: every layer class keras.layers names, made with the fewest
arguments, its get_config as sorted JSON; and a Sequential summary line per layer."""

from tests.keras.kprobe40.prelude import _TRY

SNIPPETS: dict[str, str] = {}

_ARGS = """
L = keras.layers
ARGS = {"Dense": (3,), "EinsumDense": ("ab,bc->ac", 4), "Embedding": (10, 4),
        "Conv1D": (2, 3), "Conv2D": (2, 3), "Conv3D": (2, 3), "Conv1DTranspose": (2, 3),
        "Conv2DTranspose": (2, 3), "Conv3DTranspose": (2, 3), "SeparableConv1D": (2, 3),
        "SeparableConv2D": (2, 3), "DepthwiseConv1D": (3,), "DepthwiseConv2D": (3,),
        "ConvLSTM1D": (2, 3), "ConvLSTM2D": (2, 3), "ConvLSTM3D": (2, 3),
        "LSTM": (2,), "GRU": (2,), "SimpleRNN": (2,), "LSTMCell": (2,), "GRUCell": (2,),
        "SimpleRNNCell": (2,), "Dropout": (0.5,), "SpatialDropout1D": (0.5,),
        "SpatialDropout2D": (0.5,), "SpatialDropout3D": (0.5,), "GaussianDropout": (0.3,),
        "GaussianNoise": (0.3,), "AlphaDropout": (0.3,), "Activation": ("relu",),
        "Reshape": ((2, 3),), "Permute": ((2, 1),), "RepeatVector": (3,),
        "Lambda": (lambda t: t,), "MultiHeadAttention": (2, 4),
        "GroupQueryAttention": (4, 4, 2), "Rescaling": (0.5,), "Resizing": (4, 4),
        "CenterCrop": (2, 2), "RandomCrop": (2, 2), "RandomFlip": (), "RandomRotation": (0.1,),
        "RandomZoom": (0.1,), "RandomTranslation": (0.1, 0.1), "RandomContrast": (0.2,),
        "RandomBrightness": (0.2,), "Discretization": (), "Hashing": (8,),
        "HashedCrossing": (8,), "CategoryEncoding": (4,), "TimeDistributed": (L.Dense(2),),
        "Bidirectional": (L.LSTM(2),), "RNN": (L.LSTMCell(2),), "Wrapper": (L.Dense(2),),
        "StackedRNNCells": ([L.LSTMCell(2)],), "GroupNormalization": (),
        "InputLayer": (), "Masking": (), "Cropping1D": (), "UpSampling1D": (),
        "ZeroPadding1D": (), "SpectralNormalization": (L.Dense(2),),
        "RandomShear": (0.1,), "RandomGrayscale": (), "RandomHue": (0.1, (0, 255)),
        "RandomSaturation": (0.1,), "RandomSharpness": (0.1,), "RandomPosterization": ((0, 255),),
        "RandomColorDegeneration": (0.1,), "RandomColorJitter": (), "Solarization": (),
        "RandomErasing": (), "RandomGaussianBlur": (), "RandomElasticTransform": (),
        "RandomPerspective": (), "RandomInvert": (), "AutoContrast": (), "Equalization": (),
        "MixUp": (), "CutMix": (), "AugMix": (), "RandAugment": (), "MaxNumBoundingBoxes": (4,),
        "Pipeline": ([],), "STFTSpectrogram": (), "MelSpectrogram": (),
        "ReversibleEmbedding": (10, 4), "TorchModuleWrapper": None, "JaxLayer": None,
        "FlaxLayer": None, "TFSMLayer": None, "Layer": (), "InputSpec": None,
        "ActivityRegularization": (), "AdaptiveAveragePooling1D": (2,),
        "AdaptiveAveragePooling2D": (2,), "AdaptiveAveragePooling3D": (2,),
        "AdaptiveMaxPooling1D": (2,), "AdaptiveMaxPooling2D": (2,), "AdaptiveMaxPooling3D": (2,)}
# (left out: tf.keras's legacy classes eagerflow's tf.keras keeps and Keras 3's namespace
# lacks or defines anew, and STFTSpectrogram, which needs SciPy where TF was recorded)
LEGACY = ("AlphaDropout", "RandomHeight", "RandomWidth", "ThresholdedReLU", "STFTSpectrogram")
def all_layers():
    for name in sorted(set(dir(L)) - set(LEGACY)):
        obj = getattr(L, name)
        if isinstance(obj, type) and issubclass(obj, keras.layers.Layer) and name[0] != "_":
            if ARGS.get(name, ()) is not None:
                yield name, obj
"""

SNIPPETS["every_layer_default_config"] = _TRY + _ARGS + """
for name, cls in all_layers():
    try:
        l = cls(*ARGS.get(name, ()))
        cfg = l.get_config()
        for k in ("function", "name"):
            cfg.pop(k, None)
        print(name, _json.dumps(cfg, sort_keys=True, default=lambda o: type(o).__name__))
    except Exception as e:
        print(name, type(e).__name__, _cut(str(e))[:200])
"""

SNIPPETS["every_layer_output_shape_and_params"] = _TRY + _ARGS + """
SHAPES = {1: (6, 4), 2: (6, 6, 3), 3: (4, 4, 4, 2)}
def rank_of(name):
    for k, r in (("1D", 1), ("2D", 2), ("3D", 3)):
        if k in name:
            return r
    if name in ("ConvLSTM1D",):
        return 1
    return 0
SKIP = ("InputLayer", "Layer", "Wrapper", "Lambda", "Pipeline", "TextVectorization",
        "StringLookup", "IntegerLookup", "Normalization", "Discretization", "MelSpectrogram",
        "MaxNumBoundingBoxes", "MultiHeadAttention", "GroupQueryAttention", "Attention",
        "AdditiveAttention", "Add", "Subtract", "Multiply", "Average", "Maximum", "Minimum",
        "Concatenate", "Dot", "HashedCrossing", "LSTMCell", "GRUCell", "SimpleRNNCell",
        "StackedRNNCells", "CutMix", "MixUp", "AugMix", "RandAugment",
        # (Keras 3's Equalization hands its symbolic input back as its output, so TF
        # finds a cycle in this model: eagerflow gives a new tensor)
        "Equalization")
for name, cls in all_layers():
    if name in SKIP:
        continue
    r = rank_of(name)
    shape = {"ConvLSTM1D": (3, 6, 4), "ConvLSTM2D": (3, 6, 6, 3), "ConvLSTM3D": (2, 4, 4, 4, 2),
             "Embedding": (5,), "ReversibleEmbedding": (5,), "CategoryEncoding": (3,),
             "Hashing": (3,), "Permute": (6, 4), "Reshape": (6,), "RepeatVector": (4,),
             "EinsumDense": (5,)}.get(name, SHAPES.get(r, (6, 6, 3) if "Random" in name or
             name in ("Rescaling", "Resizing", "CenterCrop", "Solarization", "AutoContrast",
                      "Equalization") else (6, 4)))
    try:
        m = keras.Sequential([keras.Input(shape), cls(*ARGS.get(name, ()))])
        print(name, shape, m.output_shape, m.count_params(), len(m.non_trainable_weights))
    except Exception as e:
        print(name, shape, type(e).__name__, _cut(str(e)).splitlines()[0][:200])
"""
