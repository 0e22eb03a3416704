"""tf.saved_model.experimental.read_fingerprint and Fingerprint: the hashes that save.py
writes to fingerprint.pb, read back.

Saved-model layer, beside load.py (it reads one file of a SavedModel directory).
"""

from __future__ import annotations

import os
from typing import Any

from eagerflow._src.saved_model.protos import pb
from eagerflow._src.saved_model.save import FINGERPRINT_FILENAME

_FIELDS = ("saved_model_checksum", "graph_def_program_hash", "signature_def_hash",
           "saved_object_graph_hash", "checkpoint_hash")


class Fingerprint:
    """A SavedModel's fingerprint: five 64-bit hashes and the format's version."""

    def __init__(self, saved_model_checksum: int | None = None,
                 graph_def_program_hash: int | None = None,
                 signature_def_hash: int | None = None,
                 saved_object_graph_hash: int | None = None,
                 checkpoint_hash: int | None = None, version: Any = None) -> None:
        self.saved_model_checksum = saved_model_checksum
        self.graph_def_program_hash = graph_def_program_hash
        self.signature_def_hash = signature_def_hash
        self.saved_object_graph_hash = saved_object_graph_hash
        self.checkpoint_hash = checkpoint_hash
        self.version = version

    @classmethod
    def from_proto(cls, proto: Any) -> Fingerprint:
        """The fingerprint of a FingerprintDef message."""
        try:
            return cls(*(getattr(proto, f) for f in _FIELDS), proto.version)
        except AttributeError as e:
            raise ValueError(f"Given proto could not be deserialized as fingerprint.{e}") \
                from None

    def singleprint(self) -> str:
        """The model's identity without its checksum: the four program hashes, '/'-joined."""
        values = [getattr(self, f) for f in _FIELDS[1:]]
        if not all(isinstance(v, int) for v in values):
            raise ValueError("Encounted invalid fingerprint values when constructing "
                             "singleprint." + "".join(f"{f}: {v}"
                                                      for f, v in zip(_FIELDS[1:], values)))
        return "/".join(str(v) for v in values)

    def __eq__(self, other: Any) -> bool:
        if not isinstance(other, Fingerprint):
            return NotImplemented
        return all(getattr(self, f) == getattr(other, f) for f in _FIELDS)

    __hash__ = None

    def __str__(self) -> str:
        return "SavedModel Fingerprint\n" + "\n".join(f"  {f}: {getattr(self, f)}"
                                                      for f in _FIELDS)

    def __repr__(self) -> str:
        return f"Fingerprint({', '.join(str(getattr(self, f)) for f in _FIELDS)})"


def read_fingerprint(export_dir: str) -> Fingerprint:
    """The fingerprint of the SavedModel in `export_dir`."""
    export_dir = os.fspath(export_dir)
    path = os.path.join(export_dir, FINGERPRINT_FILENAME)
    if not os.path.exists(path):
        raise FileNotFoundError(f"SavedModel Fingerprint Error: Could not find fingerprint in "
                                f"directory: {export_dir}\nNOT_FOUND: {path} not found")
    with open(path, "rb") as f:
        data = f.read()
    proto = pb().FingerprintDef()
    try:
        proto.ParseFromString(data)
    except Exception as e:  # protobuf's DecodeError, whose module varies by implementation
        raise RuntimeError(f"SavedModel Fingerprint Error: Could not read fingerprint from "
                           f"fingerprint.pb file in directory: {export_dir}\n{e}") from None
    return Fingerprint.from_proto(proto)
