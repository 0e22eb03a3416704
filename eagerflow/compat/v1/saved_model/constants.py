"""tf.compat.v1.saved_model.constants: the SavedModel layout's names (re-exports)."""

from eagerflow._src.saved_model.builder_v1 import (  # noqa: F401
    LEGACY_INIT_OP_KEY,
    MAIN_OP_KEY,
)
from eagerflow._src.saved_model.save import (  # noqa: F401
    ASSETS_DIRECTORY,
    ASSETS_KEY,
    DEBUG_DIRECTORY,
    DEBUG_INFO_FILENAME_PB,
    SAVED_MODEL_FILENAME_PB,
    SAVED_MODEL_FILENAME_PBTXT,
    SAVED_MODEL_SCHEMA_VERSION,
    VARIABLES_DIRECTORY,
    VARIABLES_FILENAME,
)
