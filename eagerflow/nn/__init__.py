"""tf.nn: neural-network ops (re-exports only; implementation in eagerflow/_src/ops/nn*.py)."""

from eagerflow._src.distribute.losses import (
    compute_average_loss as compute_average_loss,
    scale_regularization_loss as scale_regularization_loss,
)
from eagerflow._src.ops.math import sigmoid as sigmoid
from eagerflow._src.ops.math import tanh as tanh
from eagerflow._src.ops.nn import (
    bias_add as bias_add,
    crelu as crelu,
    dropout as dropout,
    elu as elu,
    embedding_lookup as embedding_lookup,
    gelu as gelu,
    leaky_relu as leaky_relu,
    log_softmax as log_softmax,
    softplus as softplus,
    relu as relu,
    relu6 as relu6,
    selu as selu,
    silu as silu,
    softmax as softmax,
    softsign as softsign,
    swish as swish,
)
from eagerflow._src.ops.nn_ctc import (
    collapse_repeated as collapse_repeated,
    ctc_greedy_decoder as ctc_greedy_decoder,
    ctc_loss as ctc_loss,
    ctc_unique_labels as ctc_unique_labels,
)
from eagerflow._src.ops.nn_ctc_beam import (
    ctc_beam_search_decoder as ctc_beam_search_decoder,
)
from eagerflow._src.ops.nn_loss import (
    in_top_k as in_top_k,
    l2_loss as l2_loss,
    log_poisson_loss as log_poisson_loss,
    sigmoid_cross_entropy_with_logits as sigmoid_cross_entropy_with_logits,
    softmax_cross_entropy_with_logits as softmax_cross_entropy_with_logits,
    sparse_softmax_cross_entropy_with_logits as sparse_softmax_cross_entropy_with_logits,
    weighted_cross_entropy_with_logits as weighted_cross_entropy_with_logits,
)
from eagerflow._src.ops.nn_norm import (
    batch_normalization as batch_normalization,
    l2_normalize as l2_normalize,
    moments as moments,
    normalize_moments as normalize_moments,
    sufficient_statistics as sufficient_statistics,
    weighted_moments as weighted_moments,
)
from eagerflow._src.ops.nn_conv import (
    conv1d as conv1d,
    conv2d as conv2d,
    conv3d as conv3d,
)
from eagerflow._src.ops.nn_conv_variants import (
    conv1d_transpose as conv1d_transpose,
    conv2d_transpose as conv2d_transpose,
    conv3d_transpose as conv3d_transpose,
    conv_transpose as conv_transpose,
    depthwise_conv2d_backprop_filter as depthwise_conv2d_backprop_filter,
    depthwise_conv2d_backprop_input as depthwise_conv2d_backprop_input,
)
from eagerflow._src.ops.nn_pool import (
    avg_pool as avg_pool,
    avg_pool1d as avg_pool1d,
    avg_pool2d as avg_pool2d,
    avg_pool3d as avg_pool3d,
    max_pool as max_pool,
    max_pool1d as max_pool1d,
    max_pool2d as max_pool2d,
    max_pool3d as max_pool3d,
)
from eagerflow._src.ops.nn_pool_argmax import (
    max_pool_with_argmax as max_pool_with_argmax,
)
from eagerflow._src.ops.sorting import top_k as top_k
from eagerflow._src.ops.nn_space import (
    depth_to_space as depth_to_space,
    space_to_batch as space_to_batch,
    space_to_depth as space_to_depth,
)
from eagerflow._src.ops.nn_lrn import (
    local_response_normalization as local_response_normalization,
    lrn as lrn,
)
from eagerflow._src.ops.misc_ops import zero_fraction as zero_fraction
from eagerflow.nn import experimental as experimental  # noqa: E402,F401
from eagerflow._src.ops.nn_extras import (
    approx_max_k as approx_max_k,
    approx_min_k as approx_min_k,
    atrous_conv2d as atrous_conv2d,
    atrous_conv2d_transpose as atrous_conv2d_transpose,
    batch_norm_with_global_normalization as batch_norm_with_global_normalization,
    convolution as convolution,
    depthwise_conv2d as depthwise_conv2d,
    isotonic_regression as isotonic_regression,
    pool as pool,
    separable_conv2d as separable_conv2d,
    with_space_to_batch as with_space_to_batch,
)
from eagerflow._src.ops.nn_morphology import (
    dilation2d as dilation2d,
    erosion2d as erosion2d,
)
from eagerflow._src.ops.candidate_sampling import (
    all_candidate_sampler as all_candidate_sampler,
    compute_accidental_hits as compute_accidental_hits,
    nce_loss as nce_loss,
    sampled_softmax_loss as sampled_softmax_loss,
)
from eagerflow._src.ops.embedding_sparse import (
    embedding_lookup_sparse as embedding_lookup_sparse,
    safe_embedding_lookup_sparse as safe_embedding_lookup_sparse,
)
from eagerflow._src.ops.nn_fractional import (
    fractional_avg_pool as fractional_avg_pool,
    fractional_max_pool as fractional_max_pool,
)
from eagerflow._src.ops.candidate_unigram import (  # noqa: F401,E402
    fixed_unigram_candidate_sampler, learned_unigram_candidate_sampler,
)


# The RNN cell wrappers are Keras layers: tf.nn loads Keras only when one is asked for.
from eagerflow._src.core.lazy import lazy_module as _lazy_module  # noqa: E402

_KERAS_WRAPPERS = ("RNNCellDeviceWrapper", "RNNCellDropoutWrapper", "RNNCellResidualWrapper")
_wrappers = _lazy_module("eagerflow._src.keras.layers.rnn_cell_wrappers")

# TF's __name__ for the functions above whose own is a factory's or an alias's
from eagerflow._src.core import api_names as _api_names  # noqa: E402

_api_names.adopt_tf_names("nn", globals())
del _api_names


def __getattr__(name: str):
    if name in _KERAS_WRAPPERS:
        value = globals()[name] = getattr(_wrappers, name)
        return value
    raise AttributeError(f"module 'eagerflow.nn' has no attribute '{name}'")


def __dir__() -> list:
    return sorted(set(globals()) - {"_lazy_module", "_wrappers"} | set(_KERAS_WRAPPERS))
