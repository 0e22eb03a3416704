"""tf.compat.v1.nn: TF 1's forms of the tf.nn functions whose arguments differ from TF 2's
(the embedding lookups with their `partition_strategy`), and TF 2's tf.nn for the rest
(re-exports only)."""

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


def __getattr__(name):
    try:
        return getattr(_nn, name)
    except AttributeError:
        raise AttributeError(
            f"module 'eagerflow.compat.v1.nn' has no attribute {name!r}") from None


__all__ = ["embedding_lookup", "embedding_lookup_sparse", "safe_embedding_lookup_sparse"]
