"""Snippets of kprobe49b: Keras 3 programs in corners earlier probes touched least.
cases_grads.py: losses' and activations' gradients at their special points;
cases_train.py: train/test step overrides, compute_loss and compute_metrics, sample and
class weights, metrics before updates; cases_cb.py: callbacks (ReduceLROnPlateau,
LearningRateScheduler, TerminateOnNaN, CSVLogger, BackupAndRestore, ModelCheckpoint,
EarlyStopping); cases_save.py: registered names, custom object scopes, partial weight
loads, Sequential pop/add, shared layers and nested summaries; cases_more.py: keras.ops'
gradients at their kinks, normalization layers', a variable's many uses, shared layers in fit.
kprobe/record_golden.py kprobe49b records what real TF 2.21 + Keras 3 prints for each, and
the suite's test files check that eagerflow prints the same."""

from tests.keras.kprobe49b.cases_cb import SNIPPETS as CB_SNIPPETS
from tests.keras.kprobe49b.cases_grads import SNIPPETS as GRAD_SNIPPETS
from tests.keras.kprobe49b.cases_more import SNIPPETS as MORE_SNIPPETS
from tests.keras.kprobe49b.cases_save import SNIPPETS as SAVE_SNIPPETS
from tests.keras.kprobe49b.cases_train import SNIPPETS as TRAIN_SNIPPETS

SNIPPETS: dict[str, str] = {**GRAD_SNIPPETS, **TRAIN_SNIPPETS, **CB_SNIPPETS,
                           **SAVE_SNIPPETS, **MORE_SNIPPETS}
