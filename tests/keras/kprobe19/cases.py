"""Snippets of common user programs not covered by the earlier suites: fit's validation,
class and sample weights, evaluate's dicts, steps_per_execution, custom metrics, mixed
precision and loss scaling (cases_fit.py); attention layers' masks and scores, causal and
dilated, separable and 3-D transposed convolutions, global pooling, masked embeddings
through LSTMs (cases_layers.py); trainable toggling, summaries, clone_model, get_layer,
dict inputs and outputs, Sequential.pop, PyDataset, partial losses, kprobe18's leftovers
(cases_models.py); keras.utils' sequence, time-series, split and download helpers,
callbacks and stateful metrics (cases_utils.py).
kprobe/record_golden.py kprobe19 records what real TF 2.21 + Keras 3 prints for each, and
test_kprobe19.py checks that eagerflow prints the same."""

from tests.keras.kprobe19.cases_fit import SNIPPETS as FIT_SNIPPETS
from tests.keras.kprobe19.cases_layers import SNIPPETS as LAYER_SNIPPETS
from tests.keras.kprobe19.cases_models import SNIPPETS as MODEL_SNIPPETS
from tests.keras.kprobe19.cases_utils import SNIPPETS as UTIL_SNIPPETS

SNIPPETS = {**FIT_SNIPPETS, **LAYER_SNIPPETS, **MODEL_SNIPPETS, **UTIL_SNIPPETS}
