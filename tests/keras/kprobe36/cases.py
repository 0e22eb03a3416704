"""Snippets of kprobe36: print-only programs over keras.ops' einsum, cross, tensordot and
vectorized_map given KerasTensors, eagerly and in functional models (cases_sym.py);
fit's callbacks in the corners kprobe28 left (cases_cb.py); optimizers' clipping, EMA,
gradient accumulation, weight decay exclusions, loss scaling, and learning-rate
schedules' values and configs (cases_opt.py); metrics' less used options, weights and
resets (cases_metrics.py); keras.utils' data helpers, nested summaries and mixed
precision (cases_utils.py); einsum's spellings, loss scaling in a mixed fit, several
callbacks together, schedules' step dtypes (cases_more.py). kprobe/record_golden.py
kprobe36 records what real TF 2.21 + Keras 3 prints for each, and the suite's test files
check that eagerflow prints the same."""

from tests.keras.kprobe36.cases_cb import SNIPPETS as CB_SNIPPETS
from tests.keras.kprobe36.cases_metrics import SNIPPETS as METRICS_SNIPPETS
from tests.keras.kprobe36.cases_more import SNIPPETS as MORE_SNIPPETS
from tests.keras.kprobe36.cases_opt import SNIPPETS as OPT_SNIPPETS
from tests.keras.kprobe36.cases_sym import SNIPPETS as SYM_SNIPPETS
from tests.keras.kprobe36.cases_utils import SNIPPETS as UTILS_SNIPPETS

SNIPPETS: dict[str, str] = {**SYM_SNIPPETS, **CB_SNIPPETS, **OPT_SNIPPETS, **METRICS_SNIPPETS,
                           **UTILS_SNIPPETS, **MORE_SNIPPETS}
