"""keras.utils.pad_sequences (also keras.preprocessing.sequence.pad_sequences).

Keras layer level, NumPy only: lists of sequences to one padded array, as Keras 3.
"""

from __future__ import annotations

from typing import Any

import numpy as np


def pad_sequences(sequences: Any, maxlen: int | None = None, dtype: Any = "int32",
                  padding: str = "pre", truncating: str = "pre", value: Any = 0.0) -> np.ndarray:
    """Pads (or truncates) each sequence to `maxlen` (the longest by default), at the start
    ("pre") or the end ("post"), with `value`; returns a NumPy array."""
    if not hasattr(sequences, "__len__"):
        raise ValueError("`sequences` must be iterable.")
    lengths, sample_shape, found = [], (), False
    for x in sequences:
        try:
            lengths.append(len(x))
            if not found and len(x):
                sample_shape = np.asarray(x).shape[1:]
                found = True
        except TypeError as e:
            raise ValueError(f"`sequences` must be a list of iterables. Found non-iterable: "
                             f"{x}") from e
    if maxlen is None:
        maxlen = int(np.max(lengths))  # (Keras 3: NumPy's error for no sequences at all)
    is_str = np.issubdtype(dtype, np.str_) or np.issubdtype(dtype, np.bytes_)
    if isinstance(value, str) and dtype is not object and not is_str:
        raise ValueError(f"`dtype` {dtype} is not compatible with `value`'s type: "
                         f"{type(value)}\nYou should set `dtype=object` for variable length "
                         "strings.")
    out = np.full((len(sequences), maxlen) + sample_shape, value, dtype=dtype)
    for i, s in enumerate(sequences):
        if not len(s):
            continue
        if truncating == "pre":
            kept = s[-maxlen:]
        elif truncating == "post":
            kept = s[:maxlen]
        else:
            raise ValueError(f'Truncating type "{truncating}" not understood')
        kept = np.asarray(kept, dtype=dtype)
        if kept.shape[1:] != sample_shape:
            raise ValueError(f"Shape of sample {kept.shape[1:]} of sequence at position {i} "
                             f"is different from expected shape {sample_shape}")
        if padding == "post":
            out[i, :len(kept)] = kept
        elif padding == "pre":
            out[i, -len(kept):] = kept
        else:
            raise ValueError(f'Padding type "{padding}" not understood')
    return out
