"""keras.ops.nn (re-exports only)."""

from eagerflow._src.keras.ops.nn import (  # noqa: F401
    batch_normalization as batch_normalization, binary_crossentropy as binary_crossentropy,
    categorical_crossentropy as categorical_crossentropy, celu as celu,
    dot_product_attention as dot_product_attention, elu as elu, gelu as gelu, glu as glu,
    hard_shrink as hard_shrink, hard_sigmoid as hard_sigmoid, hard_silu as hard_silu,
    hard_swish as hard_swish, hard_tanh as hard_tanh, layer_normalization as layer_normalization,
    leaky_relu as leaky_relu, log_sigmoid as log_sigmoid, log_softmax as log_softmax,
    moments as moments, multi_hot as multi_hot, normalize as normalize, one_hot as one_hot,
    polar as polar, psnr as psnr, relu as relu, relu6 as relu6,
    rms_normalization as rms_normalization, selu as selu, sigmoid as sigmoid, silu as silu,
    soft_shrink as soft_shrink, softmax as softmax, softplus as softplus, softsign as softsign,
    sparse_categorical_crossentropy as sparse_categorical_crossentropy, sparse_plus as sparse_plus,
    sparse_sigmoid as sparse_sigmoid, sparsemax as sparsemax, squareplus as squareplus,
    swish as swish, tanh_shrink as tanh_shrink, threshold as threshold,
)
from eagerflow._src.keras.ops.nn_conv import (  # noqa: F401
    adaptive_average_pool as adaptive_average_pool, adaptive_max_pool as adaptive_max_pool,
    average_pool as average_pool, conv as conv, conv_transpose as conv_transpose,
    ctc_decode as ctc_decode, ctc_loss as ctc_loss, depth_to_space as depth_to_space,
    depthwise_conv as depthwise_conv, fold as fold, max_pool as max_pool,
    separable_conv as separable_conv, space_to_depth as space_to_depth, unfold as unfold,
)
