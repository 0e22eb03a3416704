"""tf.keras.models (re-exports only)."""

from eagerflow._src.keras.engine.sequential import Sequential as Sequential
from eagerflow._src.keras.engine.training import Model as Model
from eagerflow._src.keras.models import clone_model as clone_model
from eagerflow._src.keras.models import model_from_json as model_from_json
from eagerflow._src.keras.saving_lib import load_model as load_model
from eagerflow._src.keras.saving_lib import save_model as save_model
