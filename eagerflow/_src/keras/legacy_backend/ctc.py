"""tf.keras.backend's CTC functions: `K.ctc_label_dense_to_sparse`, `K.ctc_batch_cost` and
`K.ctc_decode`, as TF 2.21's legacy backend has them (softmax outputs whose last class is
the blank, read as logits `log(y_pred + epsilon)`).

Compositions: the loss is tf.nn.ctc_loss on sparse labels (the CTCLoss kernel), the decoders
keras.ops.ctc_decode (greedy, or the CTCBeamSearchDecoder op). The errors TF's CTCLoss
raises on lengths are checked here when the lengths are known (eagerly)."""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.sparse_tensor import SparseTensor
from eagerflow._src.core.tensor import EagerTensor, convert_to_tensor
from eagerflow._src.keras import backend as kb
from eagerflow._src.keras.ops.nn_conv import ctc_decode as _ops_ctc_decode
from eagerflow._src.ops import array as A
from eagerflow._src.ops import indexing as ix
from eagerflow._src.ops import math as M
from eagerflow._src.ops import nd_indexing as nd
from eagerflow._src.ops import stacking
from eagerflow._src.ops.math_base import cast, where
from eagerflow._src.ops.nn_ctc import ctc_loss as tf_ctc_loss
from eagerflow._src.ops.scans import cumsum
from eagerflow._src.ops.sequences import range as _range
from eagerflow._src.ops.tiling import tile


def ctc_label_dense_to_sparse(labels: Any, label_lengths: Any) -> SparseTensor:
    """Dense padded labels as a SparseTensor keeping the first `label_lengths[i]` of row i."""
    labels = convert_to_tensor(labels)
    shp = A.shape(labels)
    columns = _range(shp[1])
    keep = M.less(A.expand_dims(columns, 0), A.expand_dims(cast(label_lengths, dt.int32), 1))
    rows = tile(A.expand_dims(_range(shp[0]), 1), stacking.stack([1, shp[1]]))
    cols = tile(A.expand_dims(columns, 0), stacking.stack([shp[0], 1]))
    indices = stacking.stack([ix.boolean_mask(rows, keep), ix.boolean_mask(cols, keep)], axis=1)
    values = nd.gather_nd(labels, indices)
    return SparseTensor(cast(indices, dt.int64), values, cast(shp, dt.int64))


def _as_logits(y_pred: Any) -> Any:
    y_pred = convert_to_tensor(y_pred)
    return M.log(y_pred + kb.epsilon())


def ctc_batch_cost(y_true: Any, y_pred: Any, input_length: Any, label_length: Any) -> Any:
    """Each sample's CTC loss, [batch, 1]: `y_true` [batch, max_label] padded labels,
    `y_pred` [batch, time, classes] softmax outputs (the last class the blank),
    `input_length` and `label_length` [batch, 1]."""
    label_length = cast(A.squeeze(convert_to_tensor(label_length), axis=-1), dt.int32)
    input_length = cast(A.squeeze(convert_to_tensor(input_length), axis=-1), dt.int32)
    logits = _as_logits(y_pred)
    _check_lengths(input_length, label_length, logits.shape[1])
    # (TF's legacy backend passes sparse labels, which tf.nn.ctc_loss sends to the CTCLoss
    # kernel: an impossible labelling costs inf there, not the dense composite's ~707)
    sparse = ctc_label_dense_to_sparse(y_true, label_length)
    sparse = SparseTensor(sparse.indices, cast(sparse.values, dt.int32), sparse.dense_shape)
    loss = tf_ctc_loss(sparse, A.transpose(logits, [1, 0, 2]), None, input_length,
                       blank_index=-1)
    return A.expand_dims(loss, 1)


def _check_lengths(input_length: Any, label_length: Any, max_time: int | None) -> None:
    """TF's CTCLoss errors: a sequence longer than the outputs, a label longer than its
    sequence (both only knowable from values: checked eagerly)."""
    if type(input_length) is not EagerTensor or type(label_length) is not EagerTensor:
        return
    inputs, labels = np.asarray(input_length.numpy()), np.asarray(label_length.numpy())
    for b, n in enumerate(inputs):
        if max_time is not None and n > max_time:
            raise InvalidArgumentError(None, None,
                                       f"sequence_length({b}) <= {max_time} [Op:CTCLoss]")
    for b, (n, length) in enumerate(zip(inputs, labels)):
        if length > n:
            raise InvalidArgumentError(
                None, None, f"Not enough time for target transition sequence (required: "
                            f"{length}, available: {n}){b}You can turn this error into a "
                            "warning by using the flag ignore_longer_outputs_than_inputs "
                            "[Op:CTCLoss]")


def ctc_decode(y_pred: Any, input_length: Any, greedy: bool = True, beam_width: int = 100,
               top_paths: int = 1) -> tuple:
    """The best labellings of softmax outputs `y_pred` [batch, time, classes] (the last
    class the blank): a list of `top_paths` [batch, time] int64 tensors padded with -1,
    and their log probabilities, [batch, top_paths] (greedy: the negated sum of each
    step's best log output, [batch, 1]). Repeated labels are merged, in beam search too
    (TF 1's decoder default, which the legacy backend uses)."""
    logits = _as_logits(y_pred)
    strategy = "greedy" if greedy else "beam_search"
    decoded, log_prob = _ops_ctc_decode(logits, cast(convert_to_tensor(input_length),
                                                       dt.int32),
                                        strategy=strategy, beam_width=beam_width,
                                        top_paths=top_paths, mask_index=logits.shape[-1] - 1)
    paths = [cast(decoded[i], dt.int64) for i in range(decoded.shape[0])]
    if not greedy:
        paths = [_merge_repeated(p) for p in paths]
    return paths, log_prob


def _merge_repeated(paths: Any) -> Any:
    """[batch, time] labellings padded with -1, each run of a repeated label kept once."""
    shape = A.shape(paths)
    previous = A.concat([A.fill(stacking.stack([shape[0], 1]), np.int64(-1)), paths[:, :-1]],
                        axis=1)
    keep = M.logical_and(M.greater_equal(paths, 0), M.not_equal(paths, previous))
    slot = cumsum(cast(keep, dt.int64), axis=1) - 1
    at = where(keep)
    target = stacking.stack([at[:, 0], nd.gather_nd(slot, at)], axis=1)
    return nd.tensor_scatter_nd_update(A.fill(shape, np.int64(-1)), target,
                                       nd.gather_nd(paths, at))
