"""The PYTHONPATH of a test's child Python: this tree first, then the parent's own path,
so packages installed with `pip --target` (as on the GPU machine: gpu_check.sh's wheels)
stay importable there."""

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def pythonpath() -> str:
    return os.pathsep.join([str(ROOT)] + [p for p in [os.environ.get("PYTHONPATH")] if p])
