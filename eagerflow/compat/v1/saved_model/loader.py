"""tf.compat.v1.saved_model.loader: TF 1's SavedModel loader."""

from eagerflow._src.saved_model.load import contains_saved_model as _contains_saved_model
from eagerflow._src.saved_model.load import load_into_session as _load_into_session

load = _load_into_session
maybe_saved_model_directory = _contains_saved_model

__all__ = ["load", "maybe_saved_model_directory"]
