"""tf.keras.distillation (re-exports only): Keras 3's knowledge distillation."""

from eagerflow._src.keras.distillation import (
    DistillationLoss as DistillationLoss,
    Distiller as Distiller,
    FeatureDistillation as FeatureDistillation,
    LogitsDistillation as LogitsDistillation,
)
