"""tf.dtypes.experimental: TF's 8-, 4- and 2-bit element types (stored with ml_dtypes)."""

from eagerflow._src.core.dtypes import (  # noqa: F401
    float4_e2m1fn, float8_e4m3b11fnuz, float8_e4m3fn, float8_e4m3fnuz, float8_e5m2,
    float8_e5m2fnuz, int2, int4, uint2, uint4,
)
