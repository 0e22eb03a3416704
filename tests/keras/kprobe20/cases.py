"""Snippets of common user programs not covered by the earlier suites: custom train and
test steps with metric trackers, fit fed by generators and PyDatasets, callbacks'
schedules and checkpoints (cases_train.py); preprocessing layers' outputs, random
augmentation in inference, wrappers and recurrent layers' options, normalization numerics
(cases_layers.py); Input's flags, nested summaries, weights with regularizers and
constraints, configs, JSON and .keras round trips, reprs (cases_models.py); Lambda and safe_mode,
skip_mismatch, Pipeline, custom masks, losses and metrics saved, LoRA, int8 quantization,
symbolic keras.ops, layer names (cases_more.py); the guides' transfer learning, custom loop,
weighted datasets, dict inputs, subclassed build (cases_loops.py).
kprobe/record_golden.py kprobe20 records what real TF 2.21 + Keras 3 prints for each, and
test_kprobe20.py checks that eagerflow prints the same."""

from tests.keras.kprobe20.cases_layers import SNIPPETS as LAYER_SNIPPETS
from tests.keras.kprobe20.cases_loops import SNIPPETS as LOOP_SNIPPETS
from tests.keras.kprobe20.cases_models import SNIPPETS as MODEL_SNIPPETS
from tests.keras.kprobe20.cases_more import SNIPPETS as MORE_SNIPPETS
from tests.keras.kprobe20.cases_train import SNIPPETS as TRAIN_SNIPPETS

SNIPPETS = {**TRAIN_SNIPPETS, **LAYER_SNIPPETS, **MODEL_SNIPPETS, **MORE_SNIPPETS, **LOOP_SNIPPETS}
