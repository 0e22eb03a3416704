"""Eager-op overhead and import time: eagerflow vs raw NumPy (and TF eager when available).

    python benchmarks/eager_op.py [--repeat N]

Times `a + b` on 2x2 float32 tensors in eagerflow and the same `np.add` on raw arrays,
`import eagerflow` in fresh interpreters (bytecode compiled first, as an installed
package has it), and, when /work/tfref/bin/python (or $TF_PYTHON) exists, the same op in
TensorFlow eager in a separate process. Prints times and ratios; asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TF_PYTHON = os.environ.get("TF_PYTHON", "/work/tfref/bin/python")

_ADD = """
import timeit, numpy as np
{imp}
a = {make}([[1.0, 2.0], [3.0, 4.0]])
b = {make}([[5.0, 6.0], [7.0, 8.0]])
timer = timeit.Timer("a + b", globals=globals())
n, _ = timer.autorange()
best = min(timer.repeat(repeat={repeat}, number=n)) / n
print(best)
"""


def _env() -> dict:
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # time imports the way installed packages run
    env["PYTHONPATH"] = ROOT + os.pathsep + env.get("PYTHONPATH", "")
    env["TF_CPP_MIN_LOG_LEVEL"] = "3"
    return env


def _run(python: str, code: str) -> float:
    out = subprocess.run([python, "-c", code], capture_output=True, text=True, env=_env(),
                         check=True)
    return float(out.stdout.strip().splitlines()[-1])


def time_add(python: str, imp: str, make: str, repeat: int) -> float:
    return _run(python, _ADD.format(imp=imp, make=make, repeat=repeat))


def time_import(python: str, module: str, runs: int) -> float:
    subprocess.run([python, "-c", f"import {module}"], env=_env(), check=True,
                   capture_output=True)  # compile and cache bytecode first
    code = (f"import time; t = time.perf_counter(); import {module}; "
            "print(time.perf_counter() - t)")
    return min(_run(python, code) for _ in range(runs))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--import-runs", type=int, default=5)
    args = parser.parse_args()
    py = sys.executable

    numpy_add = time_add(py, "f32 = lambda v: np.array(v, dtype=np.float32)", "f32", args.repeat)
    ef_add = time_add(py, "import eagerflow as tf", "tf.constant", args.repeat)
    np_import = time_import(py, "numpy", args.import_runs)
    ef_import = time_import(py, "eagerflow", args.import_runs)
    print(f"a + b (2x2 float32)  numpy      {numpy_add * 1e6:8.2f} us")
    print(f"a + b (2x2 float32)  eagerflow  {ef_add * 1e6:8.2f} us   "
          f"{ef_add / numpy_add:5.2f}x numpy (target <= 5x)")
    print(f"import numpy                    {np_import:8.3f} s")
    print(f"import eagerflow                {ef_import:8.3f} s   (target < 0.3 s; "
          f"{ef_import - np_import:.3f} s beyond numpy)")
    if os.path.exists(TF_PYTHON):
        tf_add = time_add(TF_PYTHON, "import tensorflow as tf", "tf.constant", args.repeat)
        tf_import = time_import(TF_PYTHON, "tensorflow", 1)
        print(f"a + b (2x2 float32)  tensorflow {tf_add * 1e6:8.2f} us   "
              f"eagerflow is {tf_add / ef_add:5.2f}x faster")
        print(f"import tensorflow               {tf_import:8.3f} s   "
              f"eagerflow is {tf_import / ef_import:5.1f}x faster")
    else:
        print(f"tensorflow: not found at {TF_PYTHON} (set TF_PYTHON to compare)")


if __name__ == "__main__":
    main()
