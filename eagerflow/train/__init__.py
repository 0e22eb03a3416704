"""tf.train (re-exports only)."""

# -- checkpoints --
from eagerflow._src.train.checkpoint import (
    Checkpoint as Checkpoint,
    CheckpointOptions as CheckpointOptions,
)
from eagerflow._src.train.checkpoint_management import (
    CheckpointManager as CheckpointManager,
    checkpoints_iterator as checkpoints_iterator,
    get_checkpoint_state as get_checkpoint_state,
    latest_checkpoint as latest_checkpoint,
)
from eagerflow._src.train.reader import (
    list_variables as list_variables,
    load_checkpoint as load_checkpoint,
    load_variable as load_variable,
)
# -- end checkpoints --
