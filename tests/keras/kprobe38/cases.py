"""Snippets of kprobe38: print-only programs over keras.ops' control flow over structures,
window functions, splitting, rearrange, saturate_cast and view, set and spacing functions,
dot_product_attention and normalization options and shaping errors (cases_ops.py); round
trips of less used image, audio and preprocessing layers, refused framework wrappers, bad
construction arguments and reprs (cases_layers.py); EarlyStopping/ReduceLROnPlateau lines,
CSVLogger and progress bars, clone_model's functions, unusual summaries and keras.utils'
helpers (cases_train.py); metrics on empty, zero-weighted and NaN inputs, less used metric
configs and loss reductions (cases_metrics.py); keras.tree, bounding-box utilities,
subclassed base classes, Operation/Function, remat, keras.distribution,
newer ops symbolically and across dtypes, image/audio layers in models, max_epochs and
scopes (cases_more.py); state trees, stateless_call, add_variable, int4 quantization
and the legacy preprocessing namespaces (cases_state.py); less used initializers,
constraints and regularizers, a KerasTensor's Python protocol, layer attributes, dtype
helpers and config setters (cases_misc.py). kprobe/record_golden.py kprobe38 records
what real TF 2.21 + Keras 3 prints for each, and the suite's test files check that
eagerflow prints the same."""

from tests.keras.kprobe38.cases_layers import SNIPPETS as LAYERS_SNIPPETS
from tests.keras.kprobe38.cases_metrics import SNIPPETS as METRICS_SNIPPETS
from tests.keras.kprobe38.cases_misc import SNIPPETS as MISC_SNIPPETS
from tests.keras.kprobe38.cases_more import SNIPPETS as MORE_SNIPPETS
from tests.keras.kprobe38.cases_ops import SNIPPETS as OPS_SNIPPETS
from tests.keras.kprobe38.cases_state import SNIPPETS as STATE_SNIPPETS
from tests.keras.kprobe38.cases_train import SNIPPETS as TRAIN_SNIPPETS

SNIPPETS: dict[str, str] = {**OPS_SNIPPETS, **LAYERS_SNIPPETS, **TRAIN_SNIPPETS,
                           **METRICS_SNIPPETS, **MORE_SNIPPETS, **STATE_SNIPPETS,
                           **MISC_SNIPPETS}
