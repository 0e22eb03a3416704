"""Snippets sweeping Keras 3.15's public surface broadly rather than deeply: every function
of keras.ops (and its nn, numpy, image and linalg namespaces) on float32, int32, bool and
float16 inputs and Python scalars, and one bad input (cases_ops.py); every layer class made
with its defaults and called once (cases_layers.py); every metric and loss class and
function (cases_metrics.py). The names come from dir() of real Keras (record_names.py ->
names.json); kprobe/record_golden.py kprobe15 records what TF 2.21 + Keras 3.15 prints for
each, and test_kprobe15.py checks that eagerflow prints the same."""

from tests.keras.kprobe15.cases_layers import SNIPPETS as LAYER_SNIPPETS
from tests.keras.kprobe15.cases_metrics import SNIPPETS as METRIC_SNIPPETS
from tests.keras.kprobe15.cases_ops import SNIPPETS as OPS_SNIPPETS

SNIPPETS = {**OPS_SNIPPETS, **LAYER_SNIPPETS, **METRIC_SNIPPETS}
