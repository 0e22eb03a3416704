"""The snippets of cases.py (with cases_*.py's) print on eagerflow what real TF 2.21 +
Keras 3.15 printed (golden.json, written by kprobe/record_golden.py kprobe15).

KNOWN lists the snippets that still print otherwise, each with what differs: they run as
strict xfails, so one that starts to match fails until it is taken off the list."""

from tests.keras.kprobe.snippets import snippet_test
from tests.keras.kprobe15.cases import SNIPPETS

_KERAS_REFUSES = "Keras 3.15's TF backend fails on this input where eagerflow computes"
_ERROR_WORDS = "the bad input's error differs (class or first line)"
KNOWN = {
    # values
    "ops_eigh": "eigenvector signs: TF's Eigen solver vs LAPACK ([[-0.85, -0.53], ...] in TF)",
    "ops_softmax": "float16 softmax: this machine's TF sums a short row in half, one step at "
                   "a time (tests/ops/halfprec_reduce_golden.json, from another CPU, does not)",
    "layer_MelSpectrogram": "float32 last bits (3 of 36 values at the 4th decimal)",
    "ops_soft_shrink": "NumPy int/bool input: Keras computes with NumPy then truncates in "
                       "tf.where (int32 result); eagerflow refuses 0.5 as an int32",
    "layer_mixed_AdaptiveAveragePooling3D": "mixed_float16: Keras pools with AvgPool3D, which "
                                            "TF's CPU refuses for half (NotFoundError); "
                                            "eagerflow reduces, in float16",
    "layer_mixed_AdaptiveMaxPooling3D": "mixed_float16: Keras pools with MaxPool3D, which TF's "
                                        "CPU refuses for half (NotFoundError); eagerflow "
                                        "reduces, in float16",
    "layer_AlphaDropout": "TF 2.21's tf.keras.layers.AlphaDropout, which eagerflow's Keras "
                          "is, is Keras's legacy class (keras._legacy.layers: its config "
                          "holds no noise_shape); this golden is keras.layers' Keras 3 one",
    # Keras 3.15 fails where eagerflow computes
    "ops_kaiser": _KERAS_REFUSES + " (kaiser(0): Range refuses)",
    "ops_image.scale_and_translate": "TypeError words (TF's tensor indexing vs a tuple's)",
    "ops_custom_gradient": "the decorated function's class (TF's 'Bind' vs a function)",
    # error messages on Python scalars and lists given where a tensor is expected
    # error messages of the ops TF runs
    "ops_conv": _ERROR_WORDS + " (Keras: a tf.function's 'in user code:')",
}

# (keras.ops over float16 print TF's CPU kernels' bits: a GPU's round in their own way)
test_prints_what_keras3_printed = snippet_test(SNIPPETS, __file__, KNOWN,
                                               host=lambda name: name.startswith("ops_"))
