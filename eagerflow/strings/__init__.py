"""tf.strings: string ops (re-exports only; implementation in eagerflow/_src/ops/string_ops.py,
hash_ops.py, ragged_strings.py and ragged_ngrams.py)."""

from eagerflow._src.ops import ragged as _ragged  # noqa: F401  (split & co return RaggedTensors)
from eagerflow._src.ops.hash_ops import (  # noqa: F401
    to_hash_bucket, to_hash_bucket_fast, to_hash_bucket_strong,
)
from eagerflow._src.ops.ragged_ngrams import ngrams  # noqa: F401
from eagerflow._src.ops.ragged_strings import (  # noqa: F401
    bytes_split, split, unicode_decode, unicode_decode_with_offsets, unicode_encode,
    unicode_split, unicode_split_with_offsets, unicode_transcode,
)
from eagerflow._src.ops.string_ops import (  # noqa: F401
    join, length, lower, reduce_join, regex_full_match, regex_replace, strip, substr, to_number,
    unicode_script, upper,
)
from eagerflow._src.ops.string_format import (  # noqa: F401
    as_string, format,
)
from eagerflow._src.ops.string_segment_join import unsorted_segment_join  # noqa: F401

# TF's __name__ for the functions above whose own is a factory's or an alias's
from eagerflow._src.core import api_names as _api_names  # noqa: E402

_api_names.adopt_tf_names("strings", globals())
del _api_names
