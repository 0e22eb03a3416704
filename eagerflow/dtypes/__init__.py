"""tf.dtypes: DType objects and conversions."""

from eagerflow._src.core.dtypes import (  # noqa: F401
    DType, QUANTIZED_DTYPES, as_dtype, bfloat16, bool, complex64, complex128, double, float16,
    float32, float64, half, int8, int16, int32, int64, qint8, qint16, qint32, quint8, quint16,
    resource, string, uint8, uint16, uint32, uint64, variant,
)
from eagerflow._src.ops.math_base import cast  # noqa: F401
from eagerflow._src.ops.misc_ops import saturate_cast  # noqa: F401
from eagerflow._src.ops.misc_ops import complex  # noqa: F401, A004
from eagerflow.dtypes import experimental as experimental  # noqa: E402
