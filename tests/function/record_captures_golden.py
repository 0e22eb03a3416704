"""Records what TF 2.21 shows of tf.functions' captures (capture_cases.py) into
golden/captures.json. Run with TF's python from the repository root:
    /work/main/.venv-peers/bin/python -m tests.function.record_captures_golden
"""

import json
from pathlib import Path

import numpy as np
import tensorflow as tf

from tests.function.capture_cases import CASES, describe

if __name__ == "__main__":
    out = {name: describe(tf, np, src) for name, src in CASES.items()}
    path = Path(__file__).resolve().parent / "golden" / "captures.json"
    path.write_text(json.dumps(out, indent=1, sort_keys=True) + "\n")
    print(f"wrote {path}")
