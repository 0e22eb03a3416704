"""tf.keras.callbacks (re-exports only)."""

from eagerflow._src.keras.callbacks import (
    BaseLogger as BaseLogger,
    Callback as Callback,
    CallbackList as CallbackList,
    CSVLogger as CSVLogger,
    EarlyStopping as EarlyStopping,
    History as History,
    LambdaCallback as LambdaCallback,
    LearningRateScheduler as LearningRateScheduler,
    ModelCheckpoint as ModelCheckpoint,
    ProgbarLogger as ProgbarLogger,
    ReduceLROnPlateau as ReduceLROnPlateau,
    TerminateOnNaN as TerminateOnNaN,
)
