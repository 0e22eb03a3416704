"""tf.compat.v1.nn's functions whose TF 1 form computes otherwise than TF 2's: `ctc_loss`
(sparse labels, the blank the last class, TF's CTCLoss op with its three options),
`ctc_beam_search_decoder` with `merge_repeated`, the fractional pools with the op's own
`deterministic`, `seed` and `seed2`, and the sampled losses with TF 1's
`partition_strategy` ("mod": a list of weights is one table whose row i is in shard
i % len(weights); TF 2's split it in row ranges).

TF 1 layer (v1/): loaded by tf.compat.v1.nn on first use.
"""

from __future__ import annotations

from typing import Any

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.runtime_options import op_determinism_enabled
from eagerflow._src.core.sparse_tensor import SparseTensor
from eagerflow._src.core.tensor import convert_to_tensor
from eagerflow._src.core.tf_logging import deprecated_call
from eagerflow._src.ops import attr_values as AV
from eagerflow._src.ops import nn_fractional, wrapper_inputs
from eagerflow._src.ops.candidate_sampling import _sampled_logits, _sum_rows
from eagerflow._src.ops.composite_dispatch import dispatch_binding
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.eager_errors import eager_api
from eagerflow._src.ops.math_base import _t, cast, stop_gradient
from eagerflow._src.ops.nn_ctc import CTC_LOSS
from eagerflow._src.ops.nn_ctc_beam import CTC_BEAM_SEARCH
from eagerflow._src.ops.nn_loss import (
    sigmoid_cross_entropy_with_logits,
    softmax_cross_entropy_with_logits,
)
from eagerflow._src.ops.transposing import transpose
from eagerflow._src.v1.tf1_args import lookup

_NN = "tensorflow.python.ops.nn_ops"


# -- CTC ---------------------------------------------------------------------------------------

@eager_api("sequence_length")  # (the one input TF's wrapper may be handed as Python data)
def ctc_loss(labels: Any, inputs: Any = None, sequence_length: Any = None,
             preprocess_collapse_repeated: bool = False, ctc_merge_repeated: bool = True,
             ignore_longer_outputs_than_inputs: bool = False, time_major: bool = True,
             logits: Any = None) -> Any:
    """`tf.compat.v1.nn.ctc_loss`: TF's CTCLoss of `inputs` (`logits` its newer name:
    unscaled, `[max_time, batch, classes]`, or batch-major without `time_major`) against
    the SparseTensor `labels`, the blank the last class; each sequence's loss `[batch]`."""
    if not isinstance(labels, SparseTensor):
        raise TypeError(f"Expected argument `labels` to be a SparseTensor. Received "
                        f"labels={labels} of type: {type(labels).__name__}")
    inputs = lookup("logits", logits, "inputs", inputs)
    inputs = convert_to_tensor(inputs)
    if not time_major:
        inputs = transpose(inputs, [1, 0, 2])
    original = inputs.dtype
    if original in (dt.float16, dt.bfloat16):  # (TF's kernel is float and double only)
        inputs = cast(inputs, dt.float32)
    attrs = AV.wrapper_attrs("CTCLoss", preprocess_collapse_repeated=preprocess_collapse_repeated,
                             ctc_merge_repeated=ctc_merge_repeated,
                             ignore_longer_outputs_than_inputs=ignore_longer_outputs_than_inputs)
    loss, _ = bind(CTC_LOSS, (inputs, wrapper_inputs.typed_input(labels.indices, dt.int64),
                              wrapper_inputs.typed_input(labels.values, dt.int32),
                              wrapper_inputs.typed_input(sequence_length, dt.int32)), attrs)
    return cast(loss, original) if original is not inputs.dtype else loss


@eager_api("inputs", "sequence_length")
def ctc_beam_search_decoder(inputs: Any, sequence_length: Any, beam_width: int = 100,
                            top_paths: int = 1, merge_repeated: bool = True) -> tuple:
    """`tf.compat.v1.nn.ctc_beam_search_decoder`: TF 2's decoder with TF 1's
    `merge_repeated` (on by default: a label repeated in a beam's path counts once)."""
    attrs = AV.wrapper_attrs("CTCBeamSearchDecoder", beam_width=beam_width, top_paths=top_paths,
                             merge_repeated=merge_repeated)
    from_op = bind(CTC_BEAM_SEARCH, (wrapper_inputs.op_input("CTCBeamSearchDecoder", inputs),
                                     wrapper_inputs.typed_input(sequence_length, dt.int32)), attrs)
    k = len(from_op) // 3
    decoded = [SparseTensor(from_op[j], from_op[k + j], from_op[2 * k + j]) for j in range(k)]
    return decoded, from_op[-1]


# -- fractional pooling ------------------------------------------------------------------------

def _fractional(op: Any, value: Any, pooling_ratio: Any, pseudo_random: Any, overlapping: Any,
                deterministic: Any, seed: Any, seed2: Any, name: str | None) -> tuple:
    """TF's generated wrapper of the op: its attrs as given (the ratio a list of four)."""
    attrs = AV.wrapper_attrs(op.name, pooling_ratio=pooling_ratio, pseudo_random=pseudo_random,
                             overlapping=overlapping, deterministic=deterministic, seed=seed,
                             seed2=seed2)
    return bind(op, (_t(value),), attrs, name)


@dispatch_binding
def fractional_max_pool(value: Any, pooling_ratio: Any, pseudo_random: bool = False,
                        overlapping: bool = False, deterministic: bool = False, seed: int = 0,
                        seed2: int = 0, name: str | None = None) -> tuple:
    """`tf.compat.v1.nn.fractional_max_pool`: TF's FractionalMaxPool as TF 1 calls it, its
    `deterministic`, `seed` and `seed2` the op's (a seeded call draws the same regions each
    time): (output, row_pooling_sequence, col_pooling_sequence)."""
    deprecated_call("fractional_max_pool", _NN, "`seed2` and `deterministic` args are "
                    "deprecated.  Use fractional_max_pool_v2.")
    if op_determinism_enabled() and (not seed or not seed2 or not deterministic):
        raise ValueError(
            f'tf.compat.v1.nn.fractional_max_pool requires "seed" and "seed2" to be non-zero '
            f'and "deterministic" to be true when op determinism is enabled. Please pass in '
            f'such values, e.g. by passing"seed=1, seed2=1, deterministic=True". Got: '
            f'seed={seed}, seed2={seed2}, deterministic={deterministic}')
    out = _fractional(nn_fractional.FRACTIONAL_MAX_POOL, value, pooling_ratio, pseudo_random,
                      overlapping, deterministic, seed, seed2, name)
    return nn_fractional.FractionalMaxPool(*out)


@dispatch_binding
def fractional_avg_pool(value: Any, pooling_ratio: Any, pseudo_random: bool = False,
                        overlapping: bool = False, deterministic: bool = False, seed: int = 0,
                        seed2: int = 0, name: str | None = None) -> tuple:
    """`tf.compat.v1.nn.fractional_avg_pool`: TF's FractionalAvgPool as TF 1 calls it (see
    fractional_max_pool)."""
    deprecated_call("fractional_avg_pool", _NN, "`seed2` and `deterministic` args are "
                    "deprecated.  Use fractional_avg_pool_v2.")
    out = _fractional(nn_fractional.FRACTIONAL_AVG_POOL, value, pooling_ratio, pseudo_random,
                      overlapping, deterministic, seed, seed2, name)
    return nn_fractional.FractionalAvgPool(*out)


# -- sampled losses ----------------------------------------------------------------------------

def nce_loss(weights: Any, biases: Any, labels: Any, inputs: Any, num_sampled: int,
             num_classes: int, num_true: int = 1, sampled_values: Any = None,
             remove_accidental_hits: bool = False, partition_strategy: str = "mod",
             name: str = "nce_loss") -> Any:
    """`tf.compat.v1.nn.nce_loss`: TF 2's with TF 1's `partition_strategy` ("mod")."""
    logits, targets = _sampled_logits(weights, biases, labels, inputs, num_sampled,
                                      num_classes, num_true, sampled_values,
                                      remove_accidental_hits, None, partition_strategy)
    return _sum_rows(sigmoid_cross_entropy_with_logits(labels=targets, logits=logits))


def sampled_softmax_loss(weights: Any, biases: Any, labels: Any, inputs: Any,
                         num_sampled: int, num_classes: int, num_true: int = 1,
                         sampled_values: Any = None, remove_accidental_hits: bool = True,
                         partition_strategy: str = "mod", name: str = "sampled_softmax_loss",
                         seed: Any = None) -> Any:
    """`tf.compat.v1.nn.sampled_softmax_loss`: TF 1's order (`partition_strategy`, then
    `name`, then `seed`) and "mod" partitioning."""
    logits, targets = _sampled_logits(weights, biases, labels, inputs, num_sampled,
                                      num_classes, num_true, sampled_values,
                                      remove_accidental_hits, seed, partition_strategy)
    return softmax_cross_entropy_with_logits(labels=stop_gradient(targets), logits=logits)
