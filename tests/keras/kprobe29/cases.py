"""Snippets of kprobe29: print-only programs after keras.io's guides and API pages, in areas
the earlier suites did not reach: keras.ops numerics with edge inputs (batched and singular
matrices, empty arrays, NaNs, Python scalars against small integer and float16 tensors,
other default float types, ops inside tf.function), keras.random with SeedGenerators,
train/test/predict step overrides and fit's weighting and step options, recurrent layer
variants, optimizers and schedules, losses, and `.keras` files holding custom objects.
kprobe/record_golden.py kprobe29 records what real TF 2.21 + Keras 3 prints for each, and
the suite's test files check that eagerflow prints the same."""

from tests.keras.kprobe29.cases_losses import SNIPPETS as LOSS_SNIPPETS
from tests.keras.kprobe29.cases_ops import SNIPPETS as OPS_SNIPPETS
from tests.keras.kprobe29.cases_opt import SNIPPETS as OPT_SNIPPETS
from tests.keras.kprobe29.cases_rnn import SNIPPETS as RNN_SNIPPETS
from tests.keras.kprobe29.cases_saving import SNIPPETS as SAVING_SNIPPETS
from tests.keras.kprobe29.cases_train import SNIPPETS as TRAIN_SNIPPETS

SNIPPETS: dict[str, str] = {**OPS_SNIPPETS, **TRAIN_SNIPPETS, **RNN_SNIPPETS, **OPT_SNIPPETS,
                           **LOSS_SNIPPETS, **SAVING_SNIPPETS}
