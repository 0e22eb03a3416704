"""The snippets of cases.py (with cases_*.py's) print on eagerflow what real TF 2.21 +
Keras 3 printed (golden.json, written by kprobe/record_golden.py kprobe21).

KNOWN lists the snippets that still print otherwise, each with what differs: they run as
strict xfails, so one that starts to match fails until it is taken off the list."""

from tests.keras.kprobe.snippets import snippet_test
from tests.keras.kprobe21.cases import SNIPPETS

KNOWN = {
    "alpha_dropout_inference": "TF 2.21's tf.keras.layers.AlphaDropout, which eagerflow's Keras "
                               "is, is Keras's legacy class (keras._legacy.layers: its config "
                               "holds no noise_shape, its rate is not checked); this golden is "
                               "keras.layers' Keras 3 one (as kprobe15's layer_AlphaDropout)",
    "conv_transpose_separable": "TF's recording ran with oneDNN off, whose CPU kernels "
                                "refuse dilations; TF's default oneDNN build and eagerflow "
                                "compute",
}

test_prints_what_keras3_printed = snippet_test(SNIPPETS, __file__, KNOWN)
