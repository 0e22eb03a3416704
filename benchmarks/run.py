"""Side-by-side benchmarks: eagerflow vs TensorFlow, PyTorch and raw NumPy.

    python benchmarks/run.py [-k PATTERN]... [--rounds N] [--peers-python PATH] [--write]
    python benchmarks/run.py --list          # the rows; -k selects those whose name has PATTERN
    python benchmarks/run.py --base DIR ...  # also eagerflow from another checkout, as a peer

Each framework runs in its own long-lived worker process (benchmarks/_worker.py);
rows are timed in interleaved rounds (A/B/A/B, order rotated each round) after a
warm-up; times are medians over rounds and each ratio is the median of the per-round
ratios (with their range), then checked against issue #10's targets (report.py).
TensorFlow and PyTorch come from `--peers-python` (default: .venv-peers/bin/python,
made by `make bench-peers`) and are skipped when absent. `--base` adds the eagerflow of
another checkout (say, `git archive main | tar -x -C DIR`) as the peer "base": a change's
before and after, side by side under the same load. `--write` regenerates BENCHMARKS.md.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

import report  # noqa: E402
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
    def __init__(self, api: str, python: str, data: str, root: Path = ROOT) -> None:
        env = {**os.environ, "TF_CPP_MIN_LOG_LEVEL": "3", "PYTHONPATH": os.pathsep.join(
            [str(root)] + [p for p in [os.environ.get("PYTHONPATH")] if p])}
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


def blas_core(python: str) -> str:
    """The OpenBLAS kernels NumPy runs in `python` (backend/numpy.py's probe), and the
    OPENBLAS_CORETYPE that chose them when the environment sets one: on an AVX-512 CPU
    its SkylakeX kernels run the products ~1.7x faster than the Haswell ones (the guide
    CNN's convolution products 0.46 against 0.77 ms), which no peer's time shares."""
    r = subprocess.run([python, "-c", "from eagerflow._src.backend.numpy import _core; "
                        "print(_core() or 'no OpenBLAS')"], capture_output=True, text=True,
                       env={**os.environ, "PYTHONPATH": os.pathsep.join(
                           [str(ROOT)] + [p for p in [os.environ.get("PYTHONPATH")] if p])})
    core = r.stdout.strip().splitlines()[-1] if r.returncode == 0 and r.stdout.strip() else "?"
    forced = os.environ.get("OPENBLAS_CORETYPE")
    return core + (f" (OPENBLAS_CORETYPE={forced} in the environment)" if forced else "")


def import_times(pythons: dict, n: int) -> dict:
    """Wall time of `import X` in n fresh interpreters each (interleaved), bytecode already
    compiled as an installed package has it: {api: (median, min, max)}. For eagerflow also
    "numpy share": the part of its import that is NumPy's own (imported first, timed apart)."""
    code = ("import time; t = time.perf_counter(); import {m}; "
            "print(time.perf_counter() - t)")
    split = ("import time; t = time.perf_counter(); import numpy; t1 = time.perf_counter(); "
             "import eagerflow; print(t1 - t, time.perf_counter() - t)")
    env = {**os.environ, "TF_CPP_MIN_LOG_LEVEL": "3", "PYTHONPATH": os.pathsep.join(
        [str(ROOT)] + [p for p in [os.environ.get("PYTHONPATH")] if p])}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    for api, py in pythons.items():  # compile and cache bytecode first
        subprocess.run([py, "-c", f"import {IMPORTS[api]}"], capture_output=True, env=env)
    out: dict = {api: [] for api in pythons}
    share: list = []
    for _ in range(n):
        for api, py in pythons.items():
            r = subprocess.run([py, "-c", code.format(m=IMPORTS[api])], capture_output=True,
                               text=True, env=env)
            if r.returncode == 0:
                out[api].append(float(r.stdout.strip().splitlines()[-1]))
        if "eagerflow" in pythons:
            r = subprocess.run([pythons["eagerflow"], "-c", split], capture_output=True,
                               text=True, env=env)
            if r.returncode == 0:
                np_t, total = map(float, r.stdout.split())
                share.append(np_t / total)
    res = {api: (statistics.median(v), min(v), max(v)) for api, v in out.items() if v}
    if share:
        res["numpy share of eagerflow"] = statistics.median(share)
    return res


def main(argv: list | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("-k", dest="patterns", action="append", default=[])
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--peers-python", default=str(ROOT / ".venv-peers" / "bin" / "python"))
    ap.add_argument("--data", default=str((ROOT.parent / "shared" / "data").resolve()))
    ap.add_argument("--base", help="a checkout whose eagerflow runs beside this one")
    ap.add_argument("--skip-slow", action="store_true")
    ap.add_argument("--import-runs", type=int, default=7)
    ap.add_argument("--list", action="store_true", help="list the rows and exit")
    ap.add_argument("--write", action="store_true", help="regenerate BENCHMARKS.md")
    args = ap.parse_args(argv)
    if args.list:
        for r in ROWS:
            print(f"{r.name:45s} {', '.join(r.code)}" + (" [slow]" if "slow" in r.tags else ""))
        return 0
    load_start = os.getloadavg() if hasattr(os, "getloadavg") else None

    pythons = {"eagerflow": sys.executable, "numpy": sys.executable}
    peers = args.peers_python if Path(args.peers_python).exists() else None
    for api in ("tensorflow", "torch"):
        if peers and _can_import(peers, IMPORTS[api]):
            pythons[api] = peers
    versions = {api: _version(py, IMPORTS[api]) for api, py in pythons.items()}
    print("frameworks:", ", ".join(f"{a} {v}" for a, v in versions.items()), flush=True)
    blas = blas_core(sys.executable)
    print("NumPy's OpenBLAS kernels:", blas, flush=True)

    rows = [r for r in ROWS if not args.patterns or any(p in r.name for p in args.patterns)]
    if args.skip_slow:
        rows = [r for r in rows if "slow" not in r.tags]
    workers = {api: Worker(api, py, args.data) for api, py in pythons.items()}
    if args.base:
        workers["base"] = Worker("eagerflow", sys.executable, args.data, Path(args.base))
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
                    if a in errors:
                        continue
                    r = workers[a].run(row.name, 2 if row.unit == "call" else 1)
                    if "error" in r:
                        errors[a] = r["error"]
                        continue
                    times[a].append(min(r["times"]))  # one value per round: its best repeat
                    if "rss" in row.tags:
                        rss_after[a] = r["rss_mb"]
            results[row.name] = summarize(times, errors, row.unit)
            print(_line(row.name, results[row.name]), flush=True)
            if "rss" in row.tags and rss_after:
                print("RSS after that row: " + ", ".join(
                    f"{a} {m:.0f} MB" for a, m in rss_after.items()), flush=True)
    finally:
        for w in workers.values():
            w.close()
    imports = import_times(pythons, args.import_runs)
    ft = report.fmt_time
    print("import time: " + ", ".join(f"{a} {ft(t[0])} ({ft(t[1])}–{ft(t[2])})"
                                      for a, t in imports.items() if isinstance(t, tuple)))
    print("RSS after import: " + ", ".join(f"{a} {m:.0f} MB" for a, m in rss_import.items() if m))
    targets = report.check_targets(results, imports, rss_import)
    for line in targets:
        print(line)
    if args.write:
        report.write_markdown(ROOT / "BENCHMARKS.md", results, imports, rss_import, rss_after,
                              versions, targets, args.rounds, load_start, blas)
        print("wrote BENCHMARKS.md")
    return 0


def _snippet(api: str) -> str:
    return {"eagerflow": "tf", "base": "tf", "tensorflow": "tf", "torch": "torch",
            "numpy": "numpy"}[api]


PEERS = ("base", "tensorflow", "torch", "numpy")


def summarize(times: dict, errors: dict, unit: str) -> dict:
    """Medians and ranges per framework, and the peer/eagerflow ratio of each round (the
    rounds are interleaved, so a round's ratio sees one load): median, min and max."""
    ok = {a: v for a, v in times.items() if v and a not in errors}
    out: dict = {"median": {a: statistics.median(v) for a, v in ok.items()},
                 "range": {a: (min(v), max(v)) for a, v in ok.items()},
                 "ratios": {}, "errors": errors, "unit": unit,
                 "rounds": max((len(v) for v in ok.values()), default=0)}
    ef = ok.get("eagerflow")
    for peer in PEERS:
        if ef and peer in ok:
            rs = [p / e for p, e in zip(ok[peer], ef)]
            out["ratios"][peer] = (statistics.median(rs), min(rs), max(rs))
    return out


def fmt_ratio(r: tuple | None, spread: bool = True) -> str:
    if r is None:
        return "—"
    med, lo, hi = r
    return f"{med:.2f}" + (f" ({lo:.2f}–{hi:.2f})" if spread and hi > lo else "")


def _line(name: str, res: dict) -> str:
    cells = ", ".join(f"{a} {report.fmt_time(t)}" for a, t in res["median"].items())
    err = "".join(f" [{a}: {e}]" for a, e in res["errors"].items() if e != "n/a")
    ratio = "; ".join(f"{p} {fmt_ratio(r)}x" for p, r in res["ratios"].items())
    return f"{name:45s} {cells}" + (f"  (peer/eagerflow: {ratio})" if ratio else "") + err


if __name__ == "__main__":
    sys.exit(main())
