"""tf.compat.v1.nn: TF 1's forms of the tf.nn functions whose arguments differ from TF 2's
(the embedding lookups and sampled losses with their `partition_strategy`, the
convolutions' `filter` and `value`, softmax's `dim`, moments' `keep_dims`, ctc_loss over
sparse labels, ...: v1/nn_tf1.py and nn_tf1_ops.py), TF 1's own functions (xw_plus_b,
relu_layer, the convolution backprops, the `_v2` names), TF 1's recurrent networks
(`dynamic_rnn`, `static_rnn`, `bidirectional_dynamic_rnn`, `static_bidirectional_rnn`, `raw_rnn`
and the
`rnn_cell` cells, as TF 2.21 has them with Keras 2's legacy cells), and TF 2's tf.nn for
the rest (re-exports only)."""

from eagerflow import nn as _nn
from eagerflow._src.ops.embedding_sparse import (
    embedding_lookup_sparse_v1 as embedding_lookup_sparse,
)
from eagerflow._src.ops.embedding_sparse import (
    safe_embedding_lookup_sparse_v1 as safe_embedding_lookup_sparse,
)
from eagerflow._src.ops.nn import embedding_lookup_v1 as embedding_lookup
from eagerflow._src.v1.deprecated import dropout as dropout
from eagerflow._src.v1.deprecated import (
    softmax_cross_entropy_with_logits as softmax_cross_entropy_with_logits,
)
from eagerflow._src.v1.nn_v1 import (
    avg_pool_v2 as avg_pool_v2,
    conv2d_backprop_filter as conv2d_backprop_filter,
    conv2d_backprop_input as conv2d_backprop_input,
    conv3d_backprop_filter as conv3d_backprop_filter,
    conv3d_backprop_filter_v2 as conv3d_backprop_filter_v2,
    ctc_beam_search_decoder_v2 as ctc_beam_search_decoder_v2,
    ctc_loss_v2 as ctc_loss_v2,
    depthwise_conv2d_native as depthwise_conv2d_native,
    depthwise_conv2d_native_backprop_filter as depthwise_conv2d_native_backprop_filter,
    depthwise_conv2d_native_backprop_input as depthwise_conv2d_native_backprop_input,
    fused_batch_norm as fused_batch_norm,
    log_uniform_candidate_sampler as log_uniform_candidate_sampler,
    max_pool_v2 as max_pool_v2,
    quantized_avg_pool as quantized_avg_pool,
    quantized_conv2d as quantized_conv2d,
    quantized_max_pool as quantized_max_pool,
    quantized_relu_x as quantized_relu_x,
    relu_layer as relu_layer,
    softmax_cross_entropy_with_logits_v2 as softmax_cross_entropy_with_logits_v2,
    uniform_candidate_sampler as uniform_candidate_sampler,
    xw_plus_b as xw_plus_b,
)
from eagerflow._src.v1.rnn_v1 import (
    bidirectional_dynamic_rnn as bidirectional_dynamic_rnn,
    dynamic_rnn as dynamic_rnn,
    raw_rnn as raw_rnn,
    static_bidirectional_rnn as static_bidirectional_rnn,
    static_rnn as static_rnn,
    static_state_saving_rnn as static_state_saving_rnn,
)
from eagerflow._src.v1.nn_tf1 import (
    avg_pool as avg_pool,
    avg_pool as avg_pool2d,
    batch_norm_with_global_normalization as batch_norm_with_global_normalization,
    conv1d as conv1d,
    conv2d as conv2d,
    conv2d_transpose as conv2d_transpose,
    conv3d as conv3d,
    conv3d_transpose as conv3d_transpose,
    convolution as convolution,
    crelu as crelu,
    depthwise_conv2d as depthwise_conv2d,
    dilation2d as dilation2d,
    erosion2d as erosion2d,
    in_top_k as in_top_k,
    log_softmax as log_softmax,
    max_pool as max_pool,
    max_pool_with_argmax as max_pool_with_argmax,
    moments as moments,
    pool as pool,
    separable_conv2d as separable_conv2d,
    softmax as softmax,
    sparse_softmax_cross_entropy_with_logits as sparse_softmax_cross_entropy_with_logits,
    sufficient_statistics as sufficient_statistics,
    weighted_cross_entropy_with_logits as weighted_cross_entropy_with_logits,
    weighted_moments as weighted_moments,
)
from eagerflow._src.v1.nn_tf1_ops import (
    ctc_beam_search_decoder as ctc_beam_search_decoder,
    ctc_loss as ctc_loss,
    fractional_avg_pool as fractional_avg_pool,
    fractional_max_pool as fractional_max_pool,
    nce_loss as nce_loss,
    sampled_softmax_loss as sampled_softmax_loss,
)
from eagerflow._src.v1.namespaces import fallback as _fallback
from eagerflow._src.v1.namespaces import listing as _listing
from eagerflow._src.v1.tf1_data import depth_to_space as depth_to_space
from eagerflow._src.v1.tf1_data import space_to_batch as space_to_batch
from eagerflow._src.v1.tf1_data import space_to_depth as space_to_depth
from eagerflow.compat.v1.nn import rnn_cell as rnn_cell


# TF 2's tf.nn names that TF 1's lacks
_LACKS = ("RNNCellDeviceWrapper", "RNNCellDropoutWrapper", "RNNCellResidualWrapper", "gelu",
          "isotonic_regression")
__getattr__ = _fallback(__name__, _nn, _LACKS)
__all__ = ["embedding_lookup", "embedding_lookup_sparse", "safe_embedding_lookup_sparse"]
__dir__ = _listing(__name__, _nn, _LACKS)
