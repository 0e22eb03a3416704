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
