"""tf.compat.v1.saved_model.signature_constants: the signature keys and method names
(re-exports)."""

from eagerflow._src.saved_model.save import (  # noqa: F401
    CLASSIFY_INPUTS,
    CLASSIFY_METHOD_NAME,
    CLASSIFY_OUTPUT_CLASSES,
    CLASSIFY_OUTPUT_SCORES,
    PREDICT_INPUTS,
    PREDICT_METHOD_NAME,
    PREDICT_OUTPUTS,
    REGRESS_INPUTS,
    REGRESS_METHOD_NAME,
    REGRESS_OUTPUTS,
)
from eagerflow._src.saved_model.signatures import (  # noqa: F401
    DEFAULT_SIGNATURE_KEY as DEFAULT_SERVING_SIGNATURE_DEF_KEY,
)
