"""Writes eagerflow/_src/ops/unicode_scripts.txt: the Unicode Script property of every code
point as TF 2.21's tf.strings.unicode_script reports it (ICU's UScriptCode numbers, from the
ICU TF links), as the code points where the script changes.

Run from the repository root with a TensorFlow interpreter:

    /work/tfenv/bin/python tests/ops/record_unicode_scripts.py
"""

import os
from pathlib import Path

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import numpy as np  # noqa: E402

OUT = Path(__file__).resolve().parents[2] / "eagerflow/_src/ops/unicode_scripts.txt"


def main() -> None:
    import tensorflow as tf

    scripts = tf.strings.unicode_script(tf.range(0x110000)).numpy()
    starts = np.concatenate([[0], np.flatnonzero(np.diff(scripts)) + 1])
    lines = [f"# tf.strings.unicode_script's table, from TF {tf.__version__} (ICU's UScriptCode",
             "# numbers) by tests/ops/record_unicode_scripts.py: each line is the first code",
             "# point (hex) of a run and the script of the run, up to the next line's code",
             "# point; code points outside 0..10FFFF have the script -1."]
    lines += [f"{s:X} {scripts[s]}" for s in starts]
    tmp = OUT.with_suffix(".tmp")
    tmp.write_text("\n".join(lines) + "\n")
    os.replace(tmp, OUT)


if __name__ == "__main__":
    main()
