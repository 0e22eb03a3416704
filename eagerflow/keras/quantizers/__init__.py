"""keras.quantizers (tf.keras.quantizers): Keras 3's quantization helpers (re-exports only)."""

from eagerflow._src.keras.quantization_config import (
    AWQConfig as AWQConfig,
    Float8QuantizationConfig as Float8QuantizationConfig,
    GPTQConfig as GPTQConfig,
    Int4QuantizationConfig as Int4QuantizationConfig,
    Int8QuantizationConfig as Int8QuantizationConfig,
    QuantizationConfig as QuantizationConfig,
)
from eagerflow._src.keras.quantizers import (  # noqa: F401
    AbsMaxQuantizer as AbsMaxQuantizer,
    Quantizer as Quantizer,
    abs_max_quantize as abs_max_quantize,
    abs_max_quantize_grouped_with_zero_point as abs_max_quantize_grouped_with_zero_point,
    compute_float8_amax_history as compute_float8_amax_history,
    compute_float8_scale as compute_float8_scale,
    deserialize as deserialize,
    fake_quant_with_min_max_vars as fake_quant_with_min_max_vars,
    get as get,
    pack_int4 as pack_int4,
    quantize_and_dequantize as quantize_and_dequantize,
    serialize as serialize,
    unpack_int4 as unpack_int4,
)
