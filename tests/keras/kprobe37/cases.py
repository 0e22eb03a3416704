"""Snippets of kprobe37: print-only programs over keras.Variable's own face (its
attributes, string aggregation and synchronization, setters, assignments, constraints,
conversions; cases_var.py), its operators, copies, scopes, setters, reprs and uses as an
input (cases_varops.py); config round trips and errors of less used layers (attention,
random spatial and text preprocessing, discretization, hashing, category encoding,
normalization wrappers, masking; cases_layers.py); summaries, to_json, clone_model,
get_layer, pop, compile/fit argument errors and activations on KerasTensors
(cases_model.py); keras.ops over int8, uint8, bool and float16, eagerly and on
KerasTensors (cases_dtypes.py). kprobe/record_golden.py kprobe37 records what real
TF 2.21 + Keras 3 prints for each, and the suite's test files check that eagerflow prints
the same."""

from tests.keras.kprobe37.cases_dtypes import SNIPPETS as DTYPES_SNIPPETS
from tests.keras.kprobe37.cases_layers import SNIPPETS as LAYERS_SNIPPETS
from tests.keras.kprobe37.cases_model import SNIPPETS as MODEL_SNIPPETS
from tests.keras.kprobe37.cases_var import SNIPPETS as VAR_SNIPPETS
from tests.keras.kprobe37.cases_varops import SNIPPETS as VAROPS_SNIPPETS

SNIPPETS: dict[str, str] = {**VAR_SNIPPETS, **VAROPS_SNIPPETS, **LAYERS_SNIPPETS,
                           **MODEL_SNIPPETS, **DTYPES_SNIPPETS}
