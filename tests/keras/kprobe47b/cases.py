"""Snippets of kprobe47b: ordinary Keras 3 model-building and training code in the areas
earlier probes touched least. cases_models.py: model.summary() variants, get_config and
from_config round trips, functional API corners (dict and nested inputs and outputs, masks,
layer reuse); cases_train.py: compile/fit argument errors, History, verbose=2 lines, custom
train/test/predict steps, subclassed models with build(), keras.ops on rarer dtypes;
cases_more.py: rarer corners of the same (layer_range, JSON and clone round trips, the
*_on_batch methods, validation_freq, steps_per_execution, ops reductions); cases_late.py:
Keras 3 style custom steps, masks through RNNs, progress bars, ops linear algebra.
kprobe/record_golden.py kprobe47b records what real TF 2.21 + Keras 3 prints for each, and
the suite's test files check that eagerflow prints the same."""

from tests.keras.kprobe47b.cases_late import SNIPPETS as LATE_SNIPPETS
from tests.keras.kprobe47b.cases_models import SNIPPETS as MODEL_SNIPPETS
from tests.keras.kprobe47b.cases_more import SNIPPETS as MORE_SNIPPETS
from tests.keras.kprobe47b.cases_train import SNIPPETS as TRAIN_SNIPPETS

SNIPPETS: dict[str, str] = {**MODEL_SNIPPETS, **TRAIN_SNIPPETS, **MORE_SNIPPETS,
                           **LATE_SNIPPETS}
