"""Snippets of kprobe49: Keras 3 programs in corners earlier probes touched least.
cases_attn.py: attention layers' masks, scores, axes and configs, normalization layers;
cases_losses.py: losses' reductions and sample weights, segmentation, focal and CTC
losses, metrics' states (AUC, F1/FBeta, IoU, R2Score); cases_optim.py: optimizers' first
steps and options, clipping, EMA, loss scaling, schedules; cases_misc.py: keras.random
with SeedGenerators, keras.ops edges, layers' build errors and config round trips;
cases_more.py: the same under mixed precision, KerasTensors, tf.function, fit and saving;
cases_edges.py: their edges (scalar and empty variables, odd steps, no updates, bad masks);
cases_traced.py: them traced in tf.function with unknown dimensions;
cases_summary.py: models' summaries and configs, objects' reprs.
kprobe/record_golden.py kprobe49 records what real TF 2.21 + Keras 3 prints for each, and
the suite's test files check that eagerflow prints the same."""

from tests.keras.kprobe49.cases_attn import SNIPPETS as ATTN_SNIPPETS
from tests.keras.kprobe49.cases_edges import SNIPPETS as EDGE_SNIPPETS
from tests.keras.kprobe49.cases_losses import SNIPPETS as LOSS_SNIPPETS
from tests.keras.kprobe49.cases_misc import SNIPPETS as MISC_SNIPPETS
from tests.keras.kprobe49.cases_more import SNIPPETS as MORE_SNIPPETS
from tests.keras.kprobe49.cases_optim import SNIPPETS as OPTIM_SNIPPETS
from tests.keras.kprobe49.cases_summary import SNIPPETS as SUMMARY_SNIPPETS
from tests.keras.kprobe49.cases_traced import SNIPPETS as TRACED_SNIPPETS

SNIPPETS: dict[str, str] = {**ATTN_SNIPPETS, **LOSS_SNIPPETS, **OPTIM_SNIPPETS,
                           **MISC_SNIPPETS, **MORE_SNIPPETS,
                           **EDGE_SNIPPETS, **TRACED_SNIPPETS,
                           **SUMMARY_SNIPPETS}
