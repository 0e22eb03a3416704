"""Runs a TensorFlow worker script (tf_worker.py, tf_api_worker.py) over a file of cases in
TF's own interpreter, starting a new worker after any case TF never finishes (some kernels
never return on special inputs) or that kills it.

A worker is called as `WORKER CASES RESULTS START`: it prints "ready" once TF is imported,
then each case's index before running it, and appends each result to RESULTS.
"""

from __future__ import annotations

import queue
import subprocess
import threading
import time
from pathlib import Path
from typing import Any

from tests.tf_reference import TF_ENV, TF_PYTHON

HERE = Path(__file__).resolve().parent
START_SECONDS = 600.0  # for a worker to import TF


def _pump(stream: Any, sink: queue.Queue) -> None:
    """Puts each line of `stream` in `sink`, then None (this worker's own queue: a killed
    worker's pump ends after a new worker started)."""
    for line in stream:
        sink.put(line)
    sink.put(None)


def run_workers(worker: str, cases: Path, results: Path, n: int, report: dict,
                total_seconds: float, case_seconds: float) -> None:
    """Runs HERE/`worker` over the `n` cases in `cases`, their results appended to `results`.
    A case TF does not finish within `case_seconds` (or that kills TF) is noted in
    report["hung"] and a new worker starts after it; report["error"] says why the run
    stopped short (`total_seconds` spent, or TF could not run at all)."""
    deadline = time.monotonic() + total_seconds
    start = 0
    err_path = results.with_name(results.stem + "-stderr.txt")
    while start < n:
        with open(err_path, "w") as err:
            proc = subprocess.Popen([TF_PYTHON, str(HERE / worker), str(cases), str(results),
                                     str(start)],
                                    stdout=subprocess.PIPE, stderr=err, text=True, env=TF_ENV)
        lines: queue.Queue = queue.Queue()
        threading.Thread(target=_pump, args=(proc.stdout, lines), daemon=True).start()
        current, ready = start, False
        while True:
            left = deadline - time.monotonic()
            wait = case_seconds if ready else START_SECONDS  # (importing TF is slow)
            try:
                line = lines.get(timeout=max(0.0, min(wait, left)))
            except queue.Empty:
                proc.kill()
                proc.wait()
                if not ready or left <= wait:
                    report["error"] = f"TF took over {total_seconds}s in all, or {wait}s " \
                                      f"to start (at case {current} of {n})"
                    return
                report["hung"].append(current)
                break
            if line == "ready\n":
                ready = True
            elif line is not None:
                current = int(line)
            else:  # the worker ended
                if proc.wait() == 0:
                    return
                if not ready:  # (no TF there, or it does not import)
                    report["error"] = err_path.read_text()[-3000:]
                    return
                report["hung"].append(current)  # TF died on this case
                break
        start = current + 1
