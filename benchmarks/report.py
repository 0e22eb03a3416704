"""The issue's speed targets checked against one run's results, and BENCHMARKS.md.

Used by benchmarks/run.py. A target is judged on the median of the per-round ratios
(peer time / eagerflow time in the same interleaved round); the range of those ratios
is printed beside it so that a verdict taken on a loaded machine shows its margin.
"""

from __future__ import annotations

import datetime
import os
import platform
from pathlib import Path

EF = "eagerflow"


def _ratio(results: dict, row: str, peer: str) -> tuple | None:
    return results.get(row, {}).get("ratios", {}).get(peer)


def _median(results: dict, row: str, api: str) -> float | None:
    return results.get(row, {}).get("median", {}).get(api)


def _verdict(label: str, r: tuple | None, need: float, how: str) -> str | None:
    if r is None:
        return None
    med, lo, hi = r
    spread = f" (rounds: {lo:.2f}–{hi:.2f})" if hi > lo else ""
    return (f"- {label}: {med:.2f}x{spread}, {how} (target >= {need:g}x): "
            + ("met" if med >= need else "NOT met"))


def check_targets(results: dict, imports: dict, rss: dict) -> list:
    """The issues' speed targets, one line each: the measured ratio and met / NOT met."""
    checks = [
        ("eager add 2x2", "torch", 1, "vs PyTorch eager"),
        ("eager add 2x2", "tensorflow", 10, "vs TF eager"),
        ("eager matmul 2x2", "torch", 1, "vs PyTorch eager (not an issue target)"),
        ("eager matmul 2x2", "tensorflow", 10, "vs TF eager (not an issue target)"),
        ("GradientTape w*w", "torch", 1, "vs PyTorch autograd"),
        ("GradientTape w*w", "tensorflow", 10, "vs TF"),
        ("tf.function 200 small ops", "tensorflow", 3, "vs TF's tf.function"),
        ("tf.function 200 small ops", "numpy", 1, "vs the raw NumPy loop"),
        ("matmul 1000x1000", "numpy", 0.9, "vs NumPy (within 10%)"),
    ]
    out = []
    for row, peer, need, how in checks:
        line = _verdict(row, _ratio(results, row, peer), need, how + ", peer time / eagerflow time")
        if line:
            out.append(line)
    # these compare different rows, so their ratio is of medians
    tf_fn = _median(results, "CNN train step b32 (tf.function)", "tensorflow")
    ef_fn = _median(results, "CNN train step b32 (tf.function)", EF)
    ef_eager = _median(results, "CNN train step b32 (eager)", EF)
    limit = _median(results, "matmul with the FLOPs of the convs above", "numpy")
    ef_conv = _median(results, "conv2d fwd+bwd (guide CNN convs, b32)", EF)
    for label, num, den, how in (
            ("conv2d fwd+bwd vs 3x a matmul of the same FLOPs (NumPy, issue #3)",
             3 * (limit or 0), ef_conv, "3 x matmul time / eagerflow time"),
            ("CNN step under tf.function vs TF's tf.function step (issue #4)", tf_fn, ef_fn,
             "TF time / eagerflow time"),
            ("CNN step, eagerflow eager vs TF's tf.function step", tf_fn, ef_eager,
             "TF time / eagerflow time"),
            ("CNN step under tf.function vs 2x the FLOP limit (NumPy matmul of the convs' "
             "FLOPs)", 2 * (limit or 0), ef_fn, "2 x limit / eagerflow time")):
        if num and den:
            r = num / den
            out.append(_verdict(label, (r, r, r), 1, how))
    if EF in imports:
        t, lo, hi = imports[EF]
        share = imports.get("numpy share of eagerflow")
        extra = f"; NumPy's own import is {share:.0%} of it" if share else ""
        out.append(f"- import eagerflow: {t:.3f} s (runs: {lo:.3f}–{hi:.3f}){extra} "
                   "(target < 0.2 s): " + ("met" if t < 0.2 else "NOT met"))
    if rss.get(EF):
        np_rss = f"; NumPy alone {rss['numpy']:.0f} MB" if rss.get("numpy") else ""
        out.append(f"- RSS after import: {rss[EF]:.0f} MB{np_rss} (target < 60 MB): "
                   + ("met" if rss[EF] < 60 else "NOT met"))
    return out


def _cpu_model() -> str:
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def fmt_time(s: float | None) -> str:
    if s is None:
        return "—"
    if s < 1e-3:
        return f"{s * 1e6:.1f} µs"
    if s < 1:
        return f"{s * 1e3:.2f} ms"
    return f"{s:.2f} s"


def _table(results: dict) -> list:
    apis = (EF, "tensorflow", "torch", "numpy")
    lines = ["| row | eagerflow | TensorFlow | PyTorch | NumPy | TF/ef | torch/ef | NumPy/ef |",
             "|---|---|---|---|---|---|---|---|"]
    for name, r in results.items():
        med = r["median"]
        cells = []
        for a in apis:
            err = r["errors"].get(a)
            cells.append("error" if err and err != "n/a" else fmt_time(med.get(a)))
        for peer in apis[1:]:
            rr = r["ratios"].get(peer)
            if rr is None:
                cells.append("—")
            else:
                med_r, lo, hi = rr
                cells.append(f"{med_r:.2f}" + (f" ({lo:.2f}–{hi:.2f})" if hi > lo else ""))
        unit = "" if r["unit"] == "call" else f" (per {r['unit']})"
        lines.append(f"| {name}{unit} | " + " | ".join(cells) + " |")
    errors = [(name, a, e) for name, r in results.items() for a, e in r["errors"].items()
              if e != "n/a"]
    if errors:
        lines += ["", "Errors (the row is left out for that framework):", ""]
        lines += [f"- {name}, {a}: `{e}`" for name, a, e in errors]
    return lines


def write_markdown(path: Path, results: dict, imports: dict, rss: dict, rss_after: dict,
                   versions: dict, targets: list, rounds: int, load_start: tuple | None,
                   blas: str = "?") -> None:
    """BENCHMARKS.md, written atomically (temp, fsync, rename)."""
    load = os.getloadavg() if hasattr(os, "getloadavg") else None
    now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    mem = ""
    try:
        mem = f", {os.sysconf('SC_PAGE_SIZE') * os.sysconf('SC_PHYS_PAGES') / 2**30:.0f} GiB RAM"
    except (ValueError, OSError, AttributeError):
        pass
    lines = [
        "# Benchmarks", "",
        f"Generated by `make bench` (`benchmarks/run.py --write`) on {now}.", "",
        f"- machine: {_cpu_model()}, {os.cpu_count()} cores{mem}, {platform.system()} "
        f"{platform.release()}",
        f"- {platform.python_implementation()} {platform.python_version()}; "
        + ", ".join(f"{a} {v}" for a, v in versions.items()),
        f"- NumPy's OpenBLAS kernels (eagerflow's and the NumPy column's products): {blas}",
    ]
    if load is not None:
        start = f"{load_start[0]:.1f} at the start, " if load_start else ""
        lines.append(f"- load average: {start}{load[0]:.1f} at the end, on {os.cpu_count()} "
                     "cores (the machine is shared with other jobs; absolute times are "
                     "noisy, the per-round ratios much less so)")
    lines += [
        "", "Each framework runs in its own long-lived worker process. A row is set up and "
        f"warmed up in every worker, then timed in {rounds} interleaved rounds (A/B/A/B, "
        "order rotated each round; a round's value is the best of two timeit runs). Times "
        "are medians over rounds. Ratio = peer time / eagerflow time, the median of the "
        "per-round ratios with their range in brackets (above 1: eagerflow is faster). "
        "Rows marked per epoch run one round.", ""]
    lines += _table(results)
    apis = [a for a in imports if isinstance(imports[a], tuple)]
    lines += ["", "| | " + " | ".join(apis) + " |", "|---|" + "---|" * len(apis),
              "| import time, median (range) | " + " | ".join(
                  f"{fmt_time(imports[a][0])} ({fmt_time(imports[a][1])}–"
                  f"{fmt_time(imports[a][2])})" for a in apis) + " |",
              "| RSS after import | " + " | ".join(
                  f"{rss[a]:.0f} MB" if rss.get(a) else "—" for a in apis) + " |"]
    if rss_after:
        lines.append("| RSS after the MNIST CNN epoch | " + " | ".join(
            f"{rss_after[a]:.0f} MB" if rss_after.get(a) else "—" for a in apis) + " |")
    lines += ["", "The NumPy column of import and RSS is NumPy by itself: the floor under "
              "eagerflow's numbers.", "", "## Targets (issues #3, #4, #10)", ""] + targets + [""]
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "w", encoding="utf-8") as f:
        f.write("\n".join(lines))
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)
