"""Snippets of kprobe39: losses' reductions under sample weights, metrics' states under
sample weights and resets, optimizers' and learning-rate schedules' configs round-tripped
with their values, and callbacks' less used arguments (cases_train.py); a sweep of the
layers' configs round-tripped, custom objects' serialization and scopes, preprocessing
layers' adapt and vocabulary edges, summaries of nested models, a sweep of the configs of
metrics, losses, initializers, regularizers and constraints, nested models' configs and
clones of models holding operations (cases_layers.py); keras.ops' control flow on
KerasTensors, layer calls given `training` or a mask by position, metrics over masked
timesteps, losses in other dtypes, checkpoint callbacks' thresholds, the sparse flags of
ops' outputs on KerasTensors and ops refusing extra arguments (cases_more.py).
kprobe/record_golden.py kprobe39 records what real TF 2.21 + Keras 3 prints for each, and
the suite's test files check that eagerflow prints the same."""

from tests.keras.kprobe39.cases_layers import SNIPPETS as LAYERS_SNIPPETS
from tests.keras.kprobe39.cases_more import SNIPPETS as MORE_SNIPPETS
from tests.keras.kprobe39.cases_train import SNIPPETS as TRAIN_SNIPPETS

SNIPPETS: dict[str, str] = {**TRAIN_SNIPPETS, **LAYERS_SNIPPETS, **MORE_SNIPPETS}
