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
    code = ("import time; t = time.perf_counter(); import {m}; "
            "print(time.perf_counter() - t)")
    out: dict = {api: [] for api in pythons}
    for _ in range(n):
        for api, py in pythons.items():
            r = subprocess.run([py, "-c", code.format(m=IMPORTS[api])], capture_output=True,
                               text=True, env={**os.environ, "TF_CPP_MIN_LOG_LEVEL": "3",
                                               "PYTHONPATH": str(ROOT)})
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
            med = {a: statistics.median(v) for a, v in times.items() if v and a not in errors}
            results[row.name] = {"median": med, "errors": errors, "unit": row.unit}
            print(_line(row.name, med, errors), flush=True)
        rss_import = {a: w.ready.get("rss_mb") for a, w in workers.items()}
    finally:
        for w in workers.values():
            w.close()
    imports = import_times(pythons, 5)
    print("import time: " + ", ".join(f"{a} {fmt_time(t)}" for a, t in imports.items()))
    print("RSS after import: " + ", ".join(f"{a} {m:.0f} MB" for a, m in rss_import.items() if m))
    if args.write:
        write_markdown(results, imports, rss_import, versions)
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


def write_markdown(results: dict, imports: dict, rss: dict, versions: dict) -> None:
    lines = ["# Benchmarks", "",
             f"Generated by `make bench` on {datetime.date.today().isoformat()}: "
             f"{platform.machine()}, {os.cpu_count()} cores, {platform.python_implementation()} "
             f"{platform.python_version()}; " + ", ".join(f"{a} {v}" for a, v in versions.items())
             + ".", "",
             "Medians of interleaved rounds in separate processes. Ratio = peer time / eagerflow "
             "time (above 1: eagerflow is faster).", "",
             "| row | eagerflow | TensorFlow | PyTorch | NumPy | TF/ef | torch/ef | NumPy/ef |",
             "|---|---|---|---|---|---|---|---|"]
    for name, r in results.items():
        med = r["median"]
        ef = med.get("eagerflow")
        cells = [fmt_time(med.get(a)) if a not in r["errors"] or r["errors"][a] == "n/a"
                 else "error" for a in ("eagerflow", "tensorflow", "torch", "numpy")]
        ratios = [f"{med[a] / ef:.2f}" if ef and a in med else "—"
                  for a in ("tensorflow", "torch", "numpy")]
        lines.append(f"| {name} | " + " | ".join(cells + ratios) + " |")
    lines += ["", "| | " + " | ".join(imports) + " |", "|---|" + "---|" * len(imports),
              "| import time | " + " | ".join(fmt_time(t) for t in imports.values()) + " |",
              "| RSS after import | " + " | ".join(
                  f"{rss[a]:.0f} MB" if rss.get(a) else "—" for a in imports) + " |", ""]
    (ROOT / "BENCHMARKS.md").write_text("\n".join(lines), encoding="utf-8")


if __name__ == "__main__":
    sys.exit(main())
