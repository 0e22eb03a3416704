"""tf.compat.v1.train: TF 1's optimizers, learning-rate decays, global step and Saver, and
the names TF 2's tf.train shares (re-exports only)."""

import importlib as _importlib

from eagerflow import io as _io
from eagerflow import train as _train
from eagerflow._src.v1.learning_rate import (
    cosine_decay,
    cosine_decay_restarts,
    exponential_decay,
    inverse_time_decay,
    linear_cosine_decay,
    noisy_linear_cosine_decay,
    natural_exp_decay,
    piecewise_constant,
    piecewise_constant as piecewise_constant_decay,
    polynomial_decay,
)
from eagerflow._src.v1.namespaces import fallback as _fallback
from eagerflow._src.v1.protos import TRAIN_PROTOS as _PROTOS
from eagerflow._src.v1.protos import message_class as _message_class
from eagerflow._src.v1.namespaces import listing as _listing
from eagerflow._src.v1.optimizer import (
    GradientDescentOptimizer,
    MomentumOptimizer,
    Optimizer,
    assert_global_step,
    create_global_step,
    get_global_step,
    get_or_create_global_step,
    global_step,
)
from eagerflow._src.v1.optimizers import (
    AdadeltaOptimizer,
    AdagradDAOptimizer,
    AdagradOptimizer,
    AdamOptimizer,
    FtrlOptimizer,
    ProximalAdagradOptimizer,
    ProximalGradientDescentOptimizer,
    RMSPropOptimizer,
)

_LAZY = {"Saver": "eagerflow._src.saved_model.meta_graph",
         "replica_device_setter": "eagerflow._src.v1.device_setter",
         # TF 1's training loops (v1_training/): hooks and monitored sessions
         **{n: "eagerflow._src.v1_training.hooks" for n in (
             "SessionRunHook", "SessionRunArgs", "SessionRunContext", "SessionRunValues",
             "SecondOrStepTimer", "LoggingTensorHook", "StopAtStepHook",
             "CheckpointSaverListener", "CheckpointSaverHook", "StepCounterHook",
             "NanLossDuringTrainingError", "NanTensorHook", "SummarySaverHook",
             "GlobalStepWaiterHook", "FinalOpsHook", "FeedFnHook", "ProfilerHook")},
         **{n: "eagerflow._src.v1_training.monitored_session" for n in (
             "Scaffold", "SessionCreator", "ChiefSessionCreator", "WorkerSessionCreator",
             "MonitoredSession", "SingularMonitoredSession", "MonitoredTrainingSession")},
         "SessionManager": "eagerflow._src.v1_training.session_manager",
         "Server": "eagerflow._src.distribute.server",
         **{n: "eagerflow._src.v1_training.supervisor" for n in (
             "Supervisor", "basic_train_loop")},
         # TF 1's queue-based input pipelines (v1_training/queue_input.py)
         **{n: "eagerflow._src.v1_training.queue_input" for n in (
             "QueueRunner", "add_queue_runner", "start_queue_runners", "limit_epochs",
             "input_producer", "string_input_producer", "range_input_producer",
             "slice_input_producer", "batch", "batch_join", "shuffle_batch",
             "shuffle_batch_join", "maybe_batch", "maybe_batch_join", "maybe_shuffle_batch",
             "maybe_shuffle_batch_join")},
         "export_meta_graph": "eagerflow._src.saved_model.meta_graph",
         # (from the module that makes its queue runners of a meta graph's QueueRunnerDefs)
         "import_meta_graph": "eagerflow._src.v1_training.queue_input",
         "summary_iterator": "eagerflow._src.summary.events_reader",
         "LooperThread": "eagerflow._src.v1_training.looper",
         "init_from_checkpoint": "eagerflow._src.v1.init_checkpoint",
         **{n: "eagerflow._src.v1.warm_start" for n in (
             "NewCheckpointReader", "VocabInfo", "warm_start")},
         **{n: "eagerflow._src.v1.checkpoint_v1" for n in (
             "checkpoint_exists", "get_checkpoint_mtimes", "remove_checkpoint",
             "generate_checkpoint_state_proto", "update_checkpoint_state")}}
_IO = ("match_filenames_once", "write_graph")  # TF 1's train names for tf.io's


def __getattr__(name):
    if name in _IO:
        value = globals()[name] = getattr(_io, name)
        return value
    if name in ("queue_runner", "experimental"):
        value = globals()[name] = _importlib.import_module(f"{__name__}.{name}")
        return value
    if name in _LAZY:
        value = globals()[name] = getattr(_importlib.import_module(_LAZY[name]), name)
        return value
    if name in _PROTOS:  # TF's protocol buffer classes (protobuf loads on first use)
        value = globals()[name] = _message_class(name, _PROTOS)
        return value
    return _tf2_lookup(name)


# TF 2's tf.train names that TF 1's lacks
_LACKS = ("CheckpointView", "TrackableView")
_tf2_lookup = _fallback(__name__, _train, _LACKS)
__dir__ = _listing(__name__, _train, _LACKS,
                   {*_LAZY, *_IO, *_PROTOS, "queue_runner", "experimental"})
