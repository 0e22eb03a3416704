"""tf.keras.callbacks (re-exports only)."""

from eagerflow._src.keras.callbacks import (
    Callback as Callback,
    CallbackList as CallbackList,
    CSVLogger as CSVLogger,
    BackupAndRestore as BackupAndRestore,
    EarlyStopping as EarlyStopping,
    History as History,
    LambdaCallback as LambdaCallback,
    LearningRateScheduler as LearningRateScheduler,
    ModelCheckpoint as ModelCheckpoint,
    ProgbarLogger as ProgbarLogger,
    ReduceLROnPlateau as ReduceLROnPlateau,
    TerminateOnNaN as TerminateOnNaN,
)

# -- checkpoints and summaries --
from eagerflow._src.keras.callbacks_tensorboard import TensorBoard as TensorBoard
# -- end checkpoints and summaries --
from eagerflow._src.keras.callbacks_ema_remote import (
    RemoteMonitor as RemoteMonitor,
    SwapEMAWeights as SwapEMAWeights,
)
from eagerflow._src.keras.callbacks_orbax import OrbaxCheckpoint as OrbaxCheckpoint

# TensorBoard.summary is tf.summary, the public namespace (which keras/ may not import)
import eagerflow.summary as _summary
from eagerflow._src.keras import callbacks_tensorboard as _tensorboard

_tensorboard.SUMMARY_MODULE[:] = [_summary]
