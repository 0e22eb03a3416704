"""Snippets of common user programs not covered by the earlier suites: recurrent layers'
states, stateful use, custom and stacked cells, TimeDistributed and ConvLSTM
(cases_rnn.py); subclassed models' train/test/predict steps and compute_loss, the on_batch
methods, add_loss and multi-output metrics (cases_train.py); callbacks, JSON round trips,
nested summaries, weights errors, regularizers, constraints and initializers
(cases_callbacks.py); keras.ops and keras.random (cases_ops.py); preprocessing layers
(cases_prep.py); control-flow and FFT ops, scoring metrics, LoRA, masks, layer access,
more callbacks and fit's step arguments (cases_more.py); seeded dropout and noise, misused
models and layers, integer inputs, metrics_names and compute_loss, bool and small-int
arithmetic (cases_extra.py).
kprobe/record_golden.py kprobe18 records what real TF 2.21 + Keras 3 prints for each, and
test_kprobe18.py checks that eagerflow prints the same."""

from tests.keras.kprobe18.cases_callbacks import SNIPPETS as CALLBACK_SNIPPETS
from tests.keras.kprobe18.cases_extra import SNIPPETS as EXTRA_SNIPPETS
from tests.keras.kprobe18.cases_more import SNIPPETS as MORE_SNIPPETS
from tests.keras.kprobe18.cases_ops import SNIPPETS as OPS_SNIPPETS
from tests.keras.kprobe18.cases_prep import SNIPPETS as PREP_SNIPPETS
from tests.keras.kprobe18.cases_rnn import SNIPPETS as RNN_SNIPPETS
from tests.keras.kprobe18.cases_train import SNIPPETS as TRAIN_SNIPPETS

SNIPPETS = {**RNN_SNIPPETS, **TRAIN_SNIPPETS, **CALLBACK_SNIPPETS, **OPS_SNIPPETS,
            **PREP_SNIPPETS, **MORE_SNIPPETS, **EXTRA_SNIPPETS}
