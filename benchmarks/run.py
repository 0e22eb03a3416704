"""Side-by-side benchmarks: eagerflow vs TensorFlow, PyTorch and raw NumPy.

    python benchmarks/run.py [-k PATTERN] [--rounds N] [--peers-python PATH] [--write]

Each framework runs in its own long-lived worker process (benchmarks/_worker.py);
rows are timed in interleaved rounds (A/B/A/B, order rotated each round) after a
warm-up, and the medians are compared as ratios. TensorFlow and PyTorch come from
`--peers-python` (default: .venv-peers/bin/python, made by `make bench-peers`) and
are skipped when absent. `--write` regenerates BENCHMARKS.md.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

from rows import ROWS  # noqa: E402

IMPORTS = {"eagerflow": "eagerflow", "tensorflow": "tensorflow", "torch": "torch",
           "numpy": "numpy"}


def _can_import(python: str, module: str) -> bool:
    r = subprocess.run([python, "-c", f"import {module}"], capture_output=True,
                       env={**os.environ, "TF_CPP_MIN_LOG_LEVEL": "3"})
    return r.returncode == 0


def _version(python: str, module: str) -> str:
    r = subprocess.run([python, "-c", f"import {module}; print({module}.__version__)"],
                       capture_output=True, text=True,
                       env={**os.environ, "TF_CPP_MIN_LOG_LEVEL": "3"})
    return r.stdout.strip().splitlines()[-1] if r.returncode == 0 and r.stdout.strip() else "?"


class Worker:
    def __init__(self, api: str, python: str, data: str) -> None:
        env = {**os.environ, "TF_CPP_MIN_LOG_LEVEL": "3", "PYTHONPATH": str(ROOT)}
        self.api = api
        self.proc = subprocess.Popen(
            [python, str(HERE / "_worker.py"), api, data, str(HERE)], stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env, cwd=str(ROOT))
        self.ready = self._read()

    def _read(self) -> dict:
        line = self.proc.stdout.readline()
        if not line:
            return {"error": "worker died"}
        return json.loads(line)

    def run(self, row: str, repeats: int) -> dict:
        if self.proc.poll() is not None:
            return {"error": "worker died"}
        self.proc.stdin.write(json.dumps({"row": row, "repeats": repeats}) + "\n")
        self.proc.stdin.flush()
        return self._read()

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.stdin.close()
            self.proc.wait(timeout=30)


def import_times(pythons: dict, n: int) -> dict:
    """Median wall time of `import X` in fresh interpreters, bytecode already compiled
    (as an installed package has it)."""
    code = ("import time; t = time.perf_counter(); import {m}; "
            "print(time.perf_counter() - t)")
    env = {**os.environ, "TF_CPP_MIN_LOG_LEVEL": "3", "PYTHONPATH": str(ROOT)}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    for api, py in pythons.items():  # compile and cache bytecode first
        subprocess.run([py, "-c", f"import {IMPORTS[api]}"], capture_output=True, env=env)
    out: dict = {api: [] for api in pythons}
    for _ in range(n):
        for api, py in pythons.items():
            r = subprocess.run([py, "-c", code.format(m=IMPORTS[api])], capture_output=True,
                               text=True, env=env)
            if r.returncode == 0:
                out[api].append(float(r.stdout.strip().splitlines()[-1]))
    return {api: statistics.median(v) for api, v in out.items() if v}


def fmt_time(s: float | None) -> str:
    if s is None:
        return "—"
    if s < 1e-3:
        return f"{s * 1e6:.1f} µs"
    if s < 1:
        return f"{s * 1e3:.2f} ms"
    return f"{s:.2f} s"


def main(argv: list | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("-k", dest="patterns", action="append", default=[])
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--peers-python", default=str(ROOT / ".venv-peers" / "bin" / "python"))
    ap.add_argument("--data", default=str((ROOT.parent / "shared" / "data").resolve()))
    ap.add_argument("--skip-slow", action="store_true")
    ap.add_argument("--write", action="store_true", help="regenerate BENCHMARKS.md")
    args = ap.parse_args(argv)

    pythons = {"eagerflow": sys.executable, "numpy": sys.executable}
    peers = args.peers_python if Path(args.peers_python).exists() else None
    for api in ("tensorflow", "torch"):
        if peers and _can_import(peers, IMPORTS[api]):
            pythons[api] = peers
    versions = {api: _version(py, IMPORTS[api]) for api, py in pythons.items()}
    print("frameworks:", ", ".join(f"{a} {v}" for a, v in versions.items()), flush=True)

    rows = [r for r in ROWS if not args.patterns or any(p in r.name for p in args.patterns)]
    if args.skip_slow:
        rows = [r for r in rows if "slow" not in r.tags]
    workers = {api: Worker(api, py, args.data) for api, py in pythons.items()}
    rss_import = {a: w.ready.get("rss_mb") for a, w in workers.items()}
    rss_after: dict = {}
    results: dict = {}
    try:
        for row in rows:
            apis = [a for a in workers if _snippet(a) in row.code]
            times: dict = {a: [] for a in apis}
            errors: dict = {}
            rounds = 1 if "slow" in row.tags else args.rounds
            for a in apis:  # warm-up (and setup) outside the timed rounds
                r = workers[a].run(row.name, 1)
                if "error" in r:
                    errors[a] = r["error"]
            live = [a for a in apis if a not in errors]
            for k in range(rounds):
                order = live[k % max(len(live), 1):] + live[:k % max(len(live), 1)]
                for a in order:
                    r = workers[a].run(row.name, 2 if row.unit == "call" else 1)
                    if "error" in r:
                        errors[a] = r["error"]
                    else:
                        times[a] += r["times"]
                        if "rss" in row.tags:
                            rss_after[a] = r["rss_mb"]
            med = {a: statistics.median(v) for a, v in times.items() if v and a not in errors}
            results[row.name] = {"median": med, "errors": errors, "unit": row.unit}
            print(_line(row.name, med, errors), flush=True)
            if "rss" in row.tags and rss_after:
                print("RSS after that row: " + ", ".join(
                    f"{a} {m:.0f} MB" for a, m in rss_after.items()), flush=True)
    finally:
        for w in workers.values():
            w.close()
    imports = import_times(pythons, 5)
    print("import time: " + ", ".join(f"{a} {fmt_time(t)}" for a, t in imports.items()))
    print("RSS after import: " + ", ".join(f"{a} {m:.0f} MB" for a, m in rss_import.items() if m))
    targets = check_targets(results, imports, rss_import)
    for line in targets:
        print(line)
    if args.write:
        write_markdown(results, imports, rss_import, rss_after, versions, targets,
                       args.rounds)
        print("wrote BENCHMARKS.md")
    return 0


def _snippet(api: str) -> str:
    return {"eagerflow": "tf", "tensorflow": "tf", "torch": "torch", "numpy": "numpy"}[api]


def _ratios(med: dict) -> str:
    ef = med.get("eagerflow")
    if ef is None:
        return ""
    parts = [f"{peer} {med[peer] / ef:.2f}x" for peer in ("tensorflow", "torch", "numpy")
             if peer in med]
    return "; ".join(parts)


def _line(name: str, med: dict, errors: dict) -> str:
    cells = ", ".join(f"{a} {fmt_time(t)}" for a, t in med.items())
    err = "".join(f" [{a}: {e}]" for a, e in errors.items() if e != "n/a")
    ratio = _ratios(med)
    return f"{name:45s} {cells}" + (f"  (peer/eagerflow: {ratio})" if ratio else "") + err


def _med(results: dict, row: str, api: str) -> float | None:
    return results.get(row, {}).get("median", {}).get(api)


def check_targets(results: dict, imports: dict, rss: dict) -> list:
    """The issue's targets, each as one line: the measured ratio and whether it is met."""
    out = []

    def ratio(label: str, num: float | None, den: float | None, need: float,
              how: str) -> None:
        if num is None or den is None:
            return
        r = num / den
        out.append(f"- {label}: {r:.2f}x {how} (target >= {need:g}x): "
                   + ("met" if r >= need else "NOT met"))

    ef = "eagerflow"
    for row in ("eager add 2x2", "eager matmul 2x2"):
        ratio(f"{row} vs PyTorch", _med(results, row, "torch"), _med(results, row, ef), 1,
              "torch time / eagerflow time")
        ratio(f"{row} vs TF eager", _med(results, row, "tensorflow"), _med(results, row, ef),
              10, "TF time / eagerflow time")
    row = "GradientTape w*w"
    ratio(f"{row} vs PyTorch", _med(results, row, "torch"), _med(results, row, ef), 1,
          "torch time / eagerflow time")
    ratio(f"{row} vs TF", _med(results, row, "tensorflow"), _med(results, row, ef), 10,
          "TF time / eagerflow time")
    row = "tf.function 200 small ops"
    ratio(f"{row} vs TF tf.function", _med(results, row, "tensorflow"),
          _med(results, row, ef), 3, "TF time / eagerflow time")
    ratio(f"{row} vs the NumPy loop", _med(results, row, "numpy"), _med(results, row, ef), 1,
          "NumPy time / eagerflow time")
    ratio("CNN step: eagerflow eager vs TF's tf.function step",
          _med(results, "CNN train step b32 (tf.function)", "tensorflow"),
          _med(results, "CNN train step b32 (eager)", ef), 1, "TF time / eagerflow time")
    ratio("CNN step: eagerflow tf.function vs the FLOP limit (NumPy matmul, same FLOPs)",
          2 * (_med(results, "matmul with the FLOPs of the convs above", "numpy") or 0) or None,
          _med(results, "CNN train step b32 (tf.function)", ef), 1,
          "2 x limit / eagerflow time")
    ratio("matmul 1000x1000 vs NumPy", _med(results, "matmul 1000x1000", "numpy"),
          _med(results, "matmul 1000x1000", ef), 0.9, "NumPy time / eagerflow time")
    if ef in imports:
        t = imports[ef]
        out.append(f"- import eagerflow: {t:.3f} s (target < 0.2 s): "
                   + ("met" if t < 0.2 else "NOT met"))
    if rss.get(ef):
        out.append(f"- RSS after import: {rss[ef]:.0f} MB (target < 60 MB): "
                   + ("met" if rss[ef] < 60 else "NOT met"))
    return out


def write_markdown(results: dict, imports: dict, rss: dict, rss_after: dict, versions: dict,
                   targets: list, rounds: int) -> None:
    load = os.getloadavg() if hasattr(os, "getloadavg") else None
    lines = ["# Benchmarks", "",
             f"Generated by `make bench` (`python3 benchmarks/run.py --write`) on "
             f"{datetime.date.today().isoformat()}: {platform.machine()}, "
             f"{os.cpu_count()} cores, {platform.python_implementation()} "
             f"{platform.python_version()}; " + ", ".join(f"{a} {v}" for a, v in versions.items())
             + ".", "",
             "Each framework runs in its own long-lived process; rows are timed in "
             f"{rounds} interleaved rounds (A/B/A/B, order rotated) after a warm-up, and the "
             "table shows medians. Ratio = peer time / eagerflow time (above 1: eagerflow is "
             "faster). Slow rows (an MNIST epoch) run one round.", ""]
    if load is not None:
        lines += [f"The machine is shared with other jobs (load average {load[0]:.1f} on "
                  f"{os.cpu_count()} cores when this was written), so absolute times are "
                  "noisy; ratios from the same interleaved rounds are the meaningful numbers.",
                  ""]
    lines += ["| row | eagerflow | TensorFlow | PyTorch | NumPy | TF/ef | torch/ef | NumPy/ef |",
              "|---|---|---|---|---|---|---|---|"]
    for name, r in results.items():
        med = r["median"]
        ef = med.get("eagerflow")
        cells = [fmt_time(med.get(a)) if a not in r["errors"] or r["errors"][a] == "n/a"
                 else "error" for a in ("eagerflow", "tensorflow", "torch", "numpy")]
        ratios = [f"{med[a] / ef:.2f}" if ef and a in med else "—"
                  for a in ("tensorflow", "torch", "numpy")]
        lines.append(f"| {name} | " + " | ".join(cells + ratios) + " |")
    apis = list(imports)
    lines += ["", "| | " + " | ".join(apis) + " |", "|---|" + "---|" * len(apis),
              "| import time | " + " | ".join(fmt_time(t) for t in imports.values()) + " |",
              "| RSS after import | " + " | ".join(
                  f"{rss[a]:.0f} MB" if rss.get(a) else "—" for a in apis) + " |"]
    if rss_after:
        lines.append("| RSS after the MNIST CNN epoch | " + " | ".join(
            f"{rss_after[a]:.0f} MB" if rss_after.get(a) else "—" for a in apis) + " |")
    lines += ["", "## Targets", ""] + targets + [""]
    tmp = ROOT / "BENCHMARKS.md.tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write("\n".join(lines))
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, ROOT / "BENCHMARKS.md")


if __name__ == "__main__":
    sys.exit(main())
