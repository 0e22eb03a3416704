"""tf.compat.v1.saved_model: TF 1's loader (`load(sess, tags, export_dir)`, `loader.load`)
and writer (`Builder`, `simple_save`, the SignatureDef helpers) beside the TF 2 names
(`load_v2` is tf.saved_model.load)."""

from eagerflow.compat.v1.saved_model import constants as constants
from eagerflow.compat.v1.saved_model import loader as loader
from eagerflow.compat.v1.saved_model import signature_constants as signature_constants
from eagerflow.compat.v1.saved_model import tag_constants as tag_constants
from eagerflow._src.v1.namespaces import restricted as _restricted
from eagerflow.saved_model import experimental as _experimental
from eagerflow._src.saved_model.save import (
    ASSETS_DIRECTORY as ASSETS_DIRECTORY,
    ASSETS_KEY as ASSETS_KEY,
    CLASSIFY_INPUTS as CLASSIFY_INPUTS,
    CLASSIFY_METHOD_NAME as CLASSIFY_METHOD_NAME,
    CLASSIFY_OUTPUT_CLASSES as CLASSIFY_OUTPUT_CLASSES,
    CLASSIFY_OUTPUT_SCORES as CLASSIFY_OUTPUT_SCORES,
    DEBUG_DIRECTORY as DEBUG_DIRECTORY,
    DEBUG_INFO_FILENAME_PB as DEBUG_INFO_FILENAME_PB,
    GPU as GPU,
    PREDICT_INPUTS as PREDICT_INPUTS,
    PREDICT_METHOD_NAME as PREDICT_METHOD_NAME,
    PREDICT_OUTPUTS as PREDICT_OUTPUTS,
    REGRESS_INPUTS as REGRESS_INPUTS,
    REGRESS_METHOD_NAME as REGRESS_METHOD_NAME,
    REGRESS_OUTPUTS as REGRESS_OUTPUTS,
    SAVED_MODEL_FILENAME_PB as SAVED_MODEL_FILENAME_PB,
    SAVED_MODEL_FILENAME_PBTXT as SAVED_MODEL_FILENAME_PBTXT,
    SAVED_MODEL_SCHEMA_VERSION as SAVED_MODEL_SCHEMA_VERSION,
    SERVING as SERVING,
    TPU as TPU,
    TRAINING as TRAINING,
    VARIABLES_DIRECTORY as VARIABLES_DIRECTORY,
    VARIABLES_FILENAME as VARIABLES_FILENAME,
    SaveOptions as SaveOptions,
    save as save,
)
from eagerflow._src.saved_model.signatures import (
    DEFAULT_SIGNATURE_KEY as DEFAULT_SERVING_SIGNATURE_DEF_KEY,
)
from eagerflow._src.saved_model.load import (
    contains_saved_model as contains_saved_model,
    contains_saved_model as maybe_saved_model_directory,
    load as load_v2,
    load_into_session as load,
)
from eagerflow._src.core.asset import Asset as Asset
from eagerflow._src.saved_model.builder_v1 import (
    LEGACY_INIT_OP_KEY as LEGACY_INIT_OP_KEY,
    MAIN_OP_KEY as MAIN_OP_KEY,
    Builder as Builder,
    build_signature_def as build_signature_def,
    build_tensor_info as build_tensor_info,
    classification_signature_def as classification_signature_def,
    get_tensor_from_tensor_info as get_tensor_from_tensor_info,
    is_valid_signature as is_valid_signature,
    main_op_with_restore as main_op_with_restore,
    predict_signature_def as predict_signature_def,
    regression_signature_def as regression_signature_def,
    simple_save as simple_save,
)
from eagerflow.compat.v1.saved_model import (
    builder as builder,
    main_op as main_op,
    signature_def_utils as signature_def_utils,
    utils as utils,
)

# TF 2's tf.saved_model.experimental less the names TF 1's lacks
# (with TF 1's name for tf.saved_model.save there)
experimental = _restricted(f"{__name__}.experimental", _experimental,
                           ("Fingerprint", "read_fingerprint"))
experimental.save = save
