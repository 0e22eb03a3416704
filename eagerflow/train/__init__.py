"""tf.train: checkpoints, and the tf.train.Example protos (re-exports only)."""

from eagerflow._src.train.coordinator import Coordinator as Coordinator

# -- checkpoints --
from eagerflow.train import experimental as experimental
from eagerflow._src.train.checkpoint import (
    Checkpoint as Checkpoint,
    CheckpointOptions as CheckpointOptions,
)
from eagerflow._src.train.checkpoint_view import (
    CheckpointView as CheckpointView,
    TrackableView as TrackableView,
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

from eagerflow._src.distribute.cluster_resolver import (
    ClusterDef as ClusterDef,
    ClusterSpec as ClusterSpec,
    JobDef as JobDef,
)
from eagerflow._src.train.moving_averages import (
    ExponentialMovingAverage as ExponentialMovingAverage,
)

# -- data: Example protos --
from eagerflow._src.io.example_pb import BytesList as BytesList
from eagerflow._src.io.example_pb import Example as Example
from eagerflow._src.io.example_pb import Feature as Feature
from eagerflow._src.io.example_pb import FeatureList as FeatureList
from eagerflow._src.io.example_pb import FeatureLists as FeatureLists
from eagerflow._src.io.example_pb import Features as Features
from eagerflow._src.io.example_pb import FloatList as FloatList
from eagerflow._src.io.example_pb import Int64List as Int64List
from eagerflow._src.io.example_pb import SequenceExample as SequenceExample
# -- end data --


from eagerflow._src.core.lazy import lazy_module as _lazy_module  # noqa: E402

_server_def = _lazy_module("eagerflow._src.distribute.server_def")


def __getattr__(name):  # (TF's ServerDef: TensorBoard's protos load on first use)
    if name == "ServerDef":
        value = globals()[name] = _server_def.ServerDef
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__():
    return sorted(set(globals()) | {"ServerDef"})
