"""C++ protobuf's deterministic bytes of a message serialized by Python's protobuf (upb).

Saved-model layer, under save.py, which hashes these bytes for fingerprint.pb's
saved_model_checksum as TF's C++ fingerprinting does. Both serializations write fields in
number order; they differ in the order of map entries: C++ sorts them by key (strings as
bytes, `T` before `Tidx`; numbers by value), upb puts a longer string before its prefix
and integer keys in an order of its own (a FunctionDef's arg_attr: 1 before 0). So the
upb bytes are walked with the message's descriptor, and each map's entries are put back
in C++'s order; nothing else moves.
"""

from __future__ import annotations

from typing import Any

from google.protobuf.descriptor import FieldDescriptor

from eagerflow._src.ops.serialization import read_varint

_F = FieldDescriptor
_MESSAGE = _F.TYPE_MESSAGE
_SIGNED = {_F.TYPE_INT32, _F.TYPE_INT64, _F.TYPE_SFIXED32, _F.TYPE_SFIXED64}
_ZIGZAG = {_F.TYPE_SINT32, _F.TYPE_SINT64}
_plans: dict = {}
_building: set = set()  # the descriptors whose plans are being made


def cpp_bytes(data: bytes, descriptor: Any) -> bytes:
    """`data`, a `descriptor` message serialized deterministically by upb, as C++'s
    deterministic serialization writes the same message."""
    return bytes(_rewrite(memoryview(data), _plan(descriptor)))


def _plan(descriptor: Any) -> dict:
    """field number -> (descriptor of the field's messages, the type of their key when
    they are map entries, else None), for the fields whose bytes may need reordering
    (memoized; a type met again while its plan is being made is taken to need it)."""
    plan = _plans.get(descriptor)
    if plan is not None:
        return plan
    plan = _plans[descriptor] = {}
    _building.add(descriptor)
    for field in descriptor.fields:
        if field.type != _MESSAGE:
            continue
        sub = field.message_type
        key_type = sub.fields_by_number[1].type if sub.GetOptions().map_entry else None
        if key_type is not None or sub in _building or _plan(sub):
            plan[field.number] = (sub, key_type)
    _building.discard(descriptor)
    return plan


def _rewrite(data: memoryview, plan: dict) -> Any:
    if not plan:
        return data
    out = bytearray()
    entries: list = []  # (key, bytes) of the map being read
    entries_field = None
    i, n = 0, len(data)
    while i < n:
        start = i
        tag, i = read_varint(data, i)
        field, wire = tag >> 3, tag & 7
        if wire == 0:
            _, i = read_varint(data, i)
        elif wire == 1:
            i += 8
        elif wire == 5:
            i += 4
        elif wire == 2:
            size, body = read_varint(data, i)
            i = body + size
        else:  # (groups: none in TF's protos)
            raise ValueError(f"unexpected wire type {wire}")
        if entries and field != entries_field:
            out += b"".join(e for _, e in sorted(entries, key=lambda e: e[0]))
            entries = []
        how = plan.get(field) if wire == 2 else None
        if how is None:
            out += data[start:i]
            continue
        sub, key_type = how
        payload = _rewrite(data[body:i], _plan(sub))  # (same length: entries only move)
        encoded = bytes(data[start:body]) + bytes(payload)
        if key_type is not None:
            entries_field = field
            entries.append((_key(payload, key_type), encoded))
        else:
            out += encoded
    if entries:
        out += b"".join(e for _, e in sorted(entries, key=lambda e: e[0]))
    return out


def _key(entry: Any, key_type: int) -> Any:
    """The key of a map entry's bytes (field 1, written first; its default when left
    out), as C++ compares keys: bytes for strings, the value for numbers."""
    entry = memoryview(entry)
    tag = entry[0] if len(entry) else 0
    if tag >> 3 != 1:
        return b"" if key_type in (_F.TYPE_STRING, _F.TYPE_BYTES) else 0
    wire = tag & 7
    if wire == 2:
        size, i = read_varint(entry, 1)
        return bytes(entry[i:i + size])
    if wire == 0:
        v, _ = read_varint(entry, 1)
        if key_type in _ZIGZAG:
            return (v >> 1) ^ -(v & 1)
        bits = 32 if key_type == _F.TYPE_INT32 else 64
        v &= (1 << bits) - 1 if key_type in _SIGNED else (1 << 64) - 1
        return v - (1 << bits) if key_type in _SIGNED and v >> (bits - 1) else v
    width = 4 if wire == 5 else 8
    return int.from_bytes(bytes(entry[1:1 + width]), "little", signed=key_type in _SIGNED)
