"""Device names for strategies (interim: to be folded into core/device.py).

Canonical names are TF's (`/job:localhost/replica:0/task:0/device:CPU:1`). With no
GPU, a GPU request lands on CPU:0 (soft placement, TF's default).
"""

from __future__ import annotations

import re

_PREFIX = "/job:localhost/replica:0/task:0/device:"
_SPEC = re.compile(r"^(?:/job:\w+)?(?:/replica:\d+)?(?:/task:\d+)?/?(?:device:)?"
                   r"(?P<type>cpu|gpu|CPU|GPU|tpu|TPU):(?P<index>\d+)$")


def logical_device_names(kind: str) -> list:
    from eagerflow._src.core.context import _state  # noqa: F401  (placement lives there)

    if kind.upper() == "CPU":
        return [f"{_PREFIX}CPU:{i}" for i in range(num_logical_cpus())]
    return []


def num_logical_cpus() -> int:
    try:
        from eagerflow._src.core import device

        return len(device.list_logical_devices("CPU"))
    except (ImportError, AttributeError):
        return 1


def canonical_name(spec: str) -> str:
    m = _SPEC.match(spec.strip())
    if m is None:
        raise ValueError(f"Invalid device specification: {spec!r}")
    kind, index = m.group("type").upper(), int(m.group("index"))
    if kind == "CPU" and index < num_logical_cpus():
        return f"{_PREFIX}CPU:{index}"
    return f"{_PREFIX}CPU:0"
