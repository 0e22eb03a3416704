"""tf.keras.optimizers.schedules (re-exports only)."""

from eagerflow._src.keras.optimizers.schedules import (
    CosineDecay as CosineDecay,
    CosineDecayRestarts as CosineDecayRestarts,
    ExponentialDecay as ExponentialDecay,
    InverseTimeDecay as InverseTimeDecay,
    LearningRateSchedule as LearningRateSchedule,
    PiecewiseConstantDecay as PiecewiseConstantDecay,
    PolynomialDecay as PolynomialDecay,
    deserialize as deserialize,
    serialize as serialize,
)
