"""Snippets of kprobe40: the exact dicts serialize_keras_object and get_config give for
common layers, losses, metrics, optimizers, schedules and models (cases_cfg.py); the errors
users meet every day: wrong inputs to built models, fit before compile, bad names, y of the
wrong shape (cases_err.py); fit's verbose lines, Progbar's options and the callbacks'
messages and files (cases_train.py); sweeps of every layer's default config and of its
output shape and parameter count in a Sequential (cases_sweep.py); get_file over file://
URLs and its cache, keras.config's functions, logging without interactivity and reprs
(cases_utils.py); whole everyday workflows (cases_flows.py); the loss, metric and
optimizer names compile takes (cases_names.py); BatchNormalization's batch
renormalization (cases_layers.py); tf.keras's legacy preprocessing tools: Tokenizer,
ImageDataGenerator, TimeseriesGenerator, skipgrams (cases_legacy.py).
kprobe/record_golden.py kprobe40 records what real TF 2.21 + Keras 3 prints for each, and
the suite's test files check that eagerflow prints the same."""

from tests.keras.kprobe40.cases_cfg import SNIPPETS as CFG_SNIPPETS
from tests.keras.kprobe40.cases_err import SNIPPETS as ERR_SNIPPETS
from tests.keras.kprobe40.cases_flows import SNIPPETS as FLOWS_SNIPPETS
from tests.keras.kprobe40.cases_layers import SNIPPETS as LAYERS_SNIPPETS
from tests.keras.kprobe40.cases_legacy import SNIPPETS as LEGACY_SNIPPETS
from tests.keras.kprobe40.cases_names import SNIPPETS as NAMES_SNIPPETS
from tests.keras.kprobe40.cases_sweep import SNIPPETS as SWEEP_SNIPPETS
from tests.keras.kprobe40.cases_train import SNIPPETS as TRAIN_SNIPPETS
from tests.keras.kprobe40.cases_utils import SNIPPETS as UTILS_SNIPPETS

SNIPPETS: dict[str, str] = {**CFG_SNIPPETS, **ERR_SNIPPETS, **TRAIN_SNIPPETS, **SWEEP_SNIPPETS,
                            **UTILS_SNIPPETS, **FLOWS_SNIPPETS, **NAMES_SNIPPETS,
                            **LAYERS_SNIPPETS, **LEGACY_SNIPPETS}
