"""Writes fuzz49b_traced.py: the cases of fuzz49b_cases.py and fuzz49b_more.py (those not
traced already) that TF 2.21 refuses eagerly, as fuzz49b_golden.json records them, to be
traced in a tf.function. Run from the repository root (then record_cases.py fuzz49b):

    python tests/fuzz/make_fuzz49b_traced.py
"""

import json
from pathlib import Path

HERE = Path(__file__).resolve().parent
_HEAD = '''"""fuzz49b's traced cases: each case of fuzz49b_cases.py and fuzz49b_more.py that TF 2.21
refuses eagerly, traced in a tf.function (TF's graph builder, its shape functions and its
kernels when the graph runs answer instead). Written by make_fuzz49b_traced.py."""

from __future__ import annotations

_SOURCES = [
'''
_TAIL = ''']

CASES = [f"tf.function(lambda: {src})()" for src in _SOURCES]
'''


def _literal(src: str, width: int = 90) -> str:
    """`src` as Python string literals, split at spaces into lines of at most 100."""
    parts, line = [], ""
    for word in src.split(" "):
        piece = word if not line else " " + word
        if line and len(json.dumps(line + piece, ensure_ascii=False)) > width:
            parts.append(line)
            line = " " + word
        else:
            line += piece
    parts.append(line)
    return "\n".join(f"    {json.dumps(p, ensure_ascii=False)}" for p in parts) + ","


def main() -> None:
    golden = json.loads((HERE / "fuzz49b_golden.json").read_text())
    refused = [src for src, got in golden.items()
               if got[0] == "raise" and not src.startswith("tf.function(")]
    body = "\n".join(_literal(src) for src in refused)
    (HERE / "fuzz49b_traced.py").write_text(_HEAD + body + "\n" + _TAIL)
    print(len(refused), "traced cases")


if __name__ == "__main__":
    main()
