"""tf.compat.v1.errors: tf.errors with TF 1's error-code tables
(`error_code_from_exception_type`, `exception_type_from_error_code`) and
`raise_exception_on_not_ok_status`, without TF 2's OperatorNotAllowedInGraphError."""

import eagerflow.errors as _tf2
from eagerflow._src.core.errors import (
    error_code_from_exception_type as error_code_from_exception_type,
)
from eagerflow._src.core.errors import (
    exception_type_from_error_code as exception_type_from_error_code,
)
from eagerflow._src.core.errors import (
    raise_exception_on_not_ok_status as raise_exception_on_not_ok_status,
)
from eagerflow._src.v1.namespaces import fallback as _fallback
from eagerflow._src.v1.namespaces import listing as _listing

# TF 2's names that TF 1's tf.errors lacks
_LACKS = ("OperatorNotAllowedInGraphError",)
__getattr__ = _fallback(__name__, _tf2, _LACKS)
__dir__ = _listing(__name__, _tf2, _LACKS)
