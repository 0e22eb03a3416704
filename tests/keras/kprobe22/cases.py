"""Snippets of common user programs not covered by the earlier suites: preprocessing layers
adapted and called the way everyday pipelines do (Normalization, Discretization,
CategoryEncoding, HashedCrossing, StringLookup, IntegerLookup, Resizing, CenterCrop,
Rescaling, the Random* layers outside training); callbacks' printed messages and files
(EarlyStopping, ReduceLROnPlateau, CSVLogger, LambdaCallback, TerminateOnNaN,
BackupAndRestore, ModelCheckpoint); summaries of nested, subclassed and shared-layer models;
configs and serialization of layers' initializers, regularizers and constraints, of
optimizers and learning-rate schedules; keras.ops numerics and errors.
kprobe/record_golden.py kprobe22 records what real TF 2.21 + Keras 3 prints for each, and
test_kprobe22.py checks that eagerflow prints the same."""

from tests.keras.kprobe22.cases_config import SNIPPETS as CONFIG_SNIPPETS
from tests.keras.kprobe22.cases_errors import SNIPPETS as ERRORS_SNIPPETS
from tests.keras.kprobe22.cases_late import SNIPPETS as LATE_SNIPPETS
from tests.keras.kprobe22.cases_more import SNIPPETS as MORE_SNIPPETS
from tests.keras.kprobe22.cases_ops import SNIPPETS as OPS_SNIPPETS
from tests.keras.kprobe22.cases_prep import SNIPPETS as PREP_SNIPPETS
from tests.keras.kprobe22.cases_train import SNIPPETS as TRAIN_SNIPPETS

SNIPPETS: dict[str, str] = {**PREP_SNIPPETS, **TRAIN_SNIPPETS, **CONFIG_SNIPPETS, **OPS_SNIPPETS,
                            **MORE_SNIPPETS, **ERRORS_SNIPPETS, **LATE_SNIPPETS}
