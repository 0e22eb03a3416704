"""Snippets of common user programs not covered by the earlier suites: attention,
normalization, masks, convolutions, resampling, padding and cropping (cases_layers.py);
evaluate and predict with steps, fit on datasets with sample weights, callbacks' order and
History (cases_train.py); optimizers' configs, learning-rate schedules and updates
(cases_opt.py); losses' reductions, AUC, Precision/Recall, the IoU family and top-k
(cases_metrics.py); keras.utils' data helpers (cases_utils.py); functional and Sequential
config round trips, weights order and summaries (cases_models.py); recurrent wrappers,
attention, batch normalization, shape layers, grouped convolutions, Lambda configs, metric
names in the logs and recurrent summaries (cases_more.py); regularization losses,
initializers, mean metrics, validation frequency, dict inputs and outputs and refused
layer arguments (cases_extra.py).
kprobe/record_golden.py kprobe17 records what real TF 2.21 + Keras 3 prints for each, and
test_kprobe17.py checks that eagerflow prints the same."""

from tests.keras.kprobe17.cases_extra import SNIPPETS as EXTRA_SNIPPETS
from tests.keras.kprobe17.cases_layers import SNIPPETS as LAYER_SNIPPETS
from tests.keras.kprobe17.cases_metrics import SNIPPETS as METRIC_SNIPPETS
from tests.keras.kprobe17.cases_models import SNIPPETS as MODEL_SNIPPETS
from tests.keras.kprobe17.cases_more import SNIPPETS as MORE_SNIPPETS
from tests.keras.kprobe17.cases_opt import SNIPPETS as OPT_SNIPPETS
from tests.keras.kprobe17.cases_train import SNIPPETS as TRAIN_SNIPPETS
from tests.keras.kprobe17.cases_utils import SNIPPETS as UTIL_SNIPPETS

SNIPPETS = {**LAYER_SNIPPETS, **TRAIN_SNIPPETS, **OPT_SNIPPETS, **METRIC_SNIPPETS,
            **UTIL_SNIPPETS, **MODEL_SNIPPETS, **MORE_SNIPPETS,
            **EXTRA_SNIPPETS}
