"""Snippets of common user programs not covered by the earlier suites: saving's path and
overwrite rules, LossScaleOptimizer configs, the automatic names of layers and KerasTensors
across models (cases_fixes.py); fit with validation and class weights, callbacks, custom
train steps, nested summaries, subclassed models saved and loaded (cases_train.py);
models of several inputs and outputs, masks, frozen layers, augmentation and shared layers
(cases_models.py);
preprocessing layers adapted and configured, keras.ops edge cases and metrics' states
(cases_misc.py); callbacks' backups and logs, automatic names, preprocessing in tf.data,
summaries and optimizers' options (cases_more.py). kprobe/record_golden.py kprobe16
records what real TF 2.21 + Keras 3 prints for each, and test_kprobe16.py checks that
eagerflow prints the same."""

from tests.keras.kprobe16.cases_fixes import SNIPPETS as FIX_SNIPPETS
from tests.keras.kprobe16.cases_misc import SNIPPETS as MISC_SNIPPETS
from tests.keras.kprobe16.cases_models import SNIPPETS as MODEL_SNIPPETS
from tests.keras.kprobe16.cases_more import SNIPPETS as MORE_SNIPPETS
from tests.keras.kprobe16.cases_train import SNIPPETS as TRAIN_SNIPPETS

SNIPPETS = {**FIX_SNIPPETS, **TRAIN_SNIPPETS, **MODEL_SNIPPETS, **MISC_SNIPPETS,
            **MORE_SNIPPETS}
