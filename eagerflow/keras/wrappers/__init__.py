"""tf.keras.wrappers (re-exports only)."""

from eagerflow._src.keras.wrappers import (
    SKLearnClassifier as SKLearnClassifier,
    SKLearnRegressor as SKLearnRegressor,
    SKLearnTransformer as SKLearnTransformer,
)
