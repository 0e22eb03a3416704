"""Snippets of kprobe48: ordinary Keras 3 code in the areas earlier probes touched least.
cases_utils.py: keras.tree, keras.utils helpers, keras.config switches, keras.quantizers
and serialization helpers; cases_layers.py: less-used layer options and their errors;
cases_ops.py: keras.ops corners, losses' reductions and weights, metrics', optimizers' and
schedules' rarer arguments, callbacks; cases_build.py: errors met building and training
models (functional ranks and wiring, Sequential misuse, the Layer API, ModelCheckpoint
file names, fit's inputs), quantization and dtype policies; cases_warns.py: the warnings
ordinary code gets; cases_sweep.py: sweeps of symbolic keras.ops, layers' output shapes,
stateful RNNs and layer serialization. kprobe/record_golden.py kprobe48 records what real
TF 2.21 + Keras 3 prints for each, and the suite's test files check that eagerflow prints
the same."""

from tests.keras.kprobe48.cases_build import SNIPPETS as BUILD_SNIPPETS
from tests.keras.kprobe48.cases_layers import SNIPPETS as LAYER_SNIPPETS
from tests.keras.kprobe48.cases_ops import SNIPPETS as OPS_SNIPPETS
from tests.keras.kprobe48.cases_sweep import SNIPPETS as SWEEP_SNIPPETS
from tests.keras.kprobe48.cases_utils import SNIPPETS as UTIL_SNIPPETS
from tests.keras.kprobe48.cases_warns import SNIPPETS as WARN_SNIPPETS

SNIPPETS: dict[str, str] = {**UTIL_SNIPPETS, **LAYER_SNIPPETS, **OPS_SNIPPETS,
                           **BUILD_SNIPPETS, **WARN_SNIPPETS,
                           **SWEEP_SNIPPETS}
