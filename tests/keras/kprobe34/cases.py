"""Snippets of kprobe34: print-only programs of Keras training loops end to end (fit with
validation datasets and tuples, class and sample weights, initial_epoch, steps_per_epoch
over repeats, the callbacks and what they print and log, jit_compile and
steps_per_execution; cases_fit.py), optimizers, schedules and metrics over a few steps
(cases_opt.py), and models with their own train/test/predict steps, summaries of nested
and shared models, and registered custom layers, metrics and losses through configs and
.keras files (cases_models.py); optimizers on sparse gradients and serialized, EMA swaps,
metrics' options, multi-output fits, end hooks and compute_loss/compute_metrics overrides
(cases_more.py); steps returning vectors, apply's refusals, stateless_apply, custom
schedules, the step functions a model makes, compile configs (cases_deep.py);
registrations, configs missing arguments, shape-dependent weights and custom optimizers
saved, callbacks watching values only some epochs log (cases_saving.py); odd argument
values and the attributes of optimizers, metrics, callbacks and compiled models
(cases_attrs.py); schedules, callbacks, optimizers and metrics given edge arguments
(cases_odd.py).
kprobe/record_golden.py kprobe34 records what real TF 2.21 + Keras 3 prints for each, and
the suite's test files check that eagerflow prints the same."""

from tests.keras.kprobe34.cases_attrs import SNIPPETS as ATTRS_SNIPPETS
from tests.keras.kprobe34.cases_deep import SNIPPETS as DEEP_SNIPPETS
from tests.keras.kprobe34.cases_fit import SNIPPETS as FIT_SNIPPETS
from tests.keras.kprobe34.cases_models import SNIPPETS as MODELS_SNIPPETS
from tests.keras.kprobe34.cases_more import SNIPPETS as MORE_SNIPPETS
from tests.keras.kprobe34.cases_odd import SNIPPETS as ODD_SNIPPETS
from tests.keras.kprobe34.cases_opt import SNIPPETS as OPT_SNIPPETS
from tests.keras.kprobe34.cases_saving import SNIPPETS as SAVING_SNIPPETS

SNIPPETS: dict[str, str] = {**FIT_SNIPPETS, **OPT_SNIPPETS, **MODELS_SNIPPETS,
                           **MORE_SNIPPETS, **DEEP_SNIPPETS, **SAVING_SNIPPETS,
                           **ATTRS_SNIPPETS, **ODD_SNIPPETS}
