"""Records what TensorFlow 2.21 prints for each guide and tutorial script in tests/guides/
(its .out file).

Run with TF's interpreter: /work/tfref/bin/python tests/guides/record.py [names...]
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from runner import HERE, run  # noqa: E402

if __name__ == "__main__":
    env = {**os.environ, "TF_CPP_MIN_LOG_LEVEL": "3", "TF_ENABLE_ONEDNN_OPTS": "0",
           "CUDA_VISIBLE_DEVICES": ""}
    names = sys.argv[1:] or [p.stem for p in sorted([*HERE.glob("guide_*.py"),
                                                    *HERE.glob("tutorial_*.py")])]
    for name in names:
        out = run(HERE / f"{name}.py", python=sys.executable, as_eagerflow=False, env=env)
        (HERE / f"{name}.out").write_text(out)
        print(f"{name}: {len(out.splitlines())} lines", file=sys.stderr)
