"""Replays an API fuzz campaign's recorded calls in real TensorFlow 2.21 and lists where TF's
outcome differs from eagerflow's: the error class, the message, the structure, dtype, shape
or values of the result (api_codec.difference).

    EAGERFLOW_FUZZ_RECORD=/tmp/calls.pkl pytest tests/fuzz/test_api_fuzz.py ...
    python tests/fuzz/api_replay.py /tmp/calls.pkl [REPORT.txt]

With EAGERFLOW_REPLAY_CACHED=1, TF's results of an earlier replay (CALLS.tf.pkl) are read
again instead of running TF; with EAGERFLOW_REPLAY_OURS=1, eagerflow's outcomes are made
again by today's eagerflow (api_record.rerun) instead of read from the record: the two
measure what a fix changed.

Prints, per kind of difference and function, how many calls differ and the first one's
arguments and both outcomes; the report file lists every differing call. Needs TF's
interpreter (tests/tf_reference.py); a call TF never finishes counts as "TFHang".
"""

from __future__ import annotations

import collections
import os
import pickle
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parents[1])]

import api_codec as C  # noqa: E402
from tf_runner import run_workers  # noqa: E402

CACHED = bool(os.environ.get("EAGERFLOW_REPLAY_CACHED"))
OURS = bool(os.environ.get("EAGERFLOW_REPLAY_OURS"))
TOTAL_SECONDS = float(os.environ.get("EAGERFLOW_REPLAY_SECONDS", "3600"))
CALL_SECONDS = 30.0
# functions whose values come from a random stream (each framework's own) or the clock:
# their outcomes are compared by class, dtype and shape only
UNSEEDED = re.compile(r"^(random\.(?!stateless)|nn\.(dropout|.*candidate_sampler|"
                      r"(sampled_softmax|nce)_loss)|image\.(random|sample_distorted)|"
                      r"experimental\.numpy\.random|timestamp|.*uuid|.*shuffle)")


def _load(path: Path) -> list:
    out = []
    with open(path, "rb") as f:
        while True:
            try:
                out.append(pickle.load(f))
            except EOFError:
                return out


def _theirs(record: Path, n: int) -> dict:
    results = record.with_suffix(".tf.pkl")
    if CACHED:
        return dict(_load(results))
    results.unlink(missing_ok=True)
    report: dict = {"hung": [], "error": None}
    run_workers("tf_api_worker.py", record, results, n, report, TOTAL_SECONDS, CALL_SECONDS)
    if report["error"]:
        print(f"TF's run stopped short: {report['error']}")
    got = dict(_load(results)) if results.exists() else {}
    for i in report["hung"]:
        got[i] = [("E", "TFHang", f"TF did not finish in {CALL_SECONDS}s")]
    return got


def _ours_again(calls: list) -> list:
    """The calls made again by today's eagerflow, the process's state put back at each new
    function as tests/conftest.py puts it back at each test (imported only here: a replay
    of the record alone needs no eagerflow)."""
    import api_record

    from tests import global_state

    start, last, out = global_state.snapshot(), None, []
    for qual, args, kwargs, _ in calls:
        if qual != last:
            global_state.restore(start)
            global_state.reset_random()
            last = qual
        out.append((qual, args, kwargs, api_record.rerun(qual, args, kwargs)))
    return out


def _args(args: list, kwargs: dict) -> str:
    return " ".join(repr((args, kwargs)).split())[:600]


def main() -> None:
    record = Path(sys.argv[1])
    calls = _load(record)
    theirs = _theirs(record, len(calls))
    if OURS:
        calls = _ours_again(calls)
    groups: dict = collections.defaultdict(list)
    for i, (qual, args, kwargs, ours) in enumerate(calls):
        if i not in theirs:
            continue
        diff = C.difference(ours, theirs[i], values=not UNSEEDED.match(qual))
        if diff is not None:
            groups[(diff[0], qual)].append((i, diff[1], _args(args, kwargs)))
    order = ["class", "structure", "dtype", "shape", "values", "python", "message"]
    lines = [f"{len(calls)} calls recorded, {len(theirs)} replayed in TF, "
             f"{sum(len(v) for v in groups.values())} differ"]
    for (kind, qual), rows in sorted(groups.items(), key=lambda kv: (order.index(kv[0][0]),
                                                                     kv[0][1])):
        lines.append(f"[{kind}] {qual} x{len(rows)}: {rows[0][1]}\n    call {rows[0][0]}: "
                     f"{rows[0][2]}")
    print("\n".join(lines))
    if len(sys.argv) > 2:
        with open(sys.argv[2], "w") as f:
            for (kind, qual), rows in sorted(groups.items()):
                for i, detail, args in rows:
                    f.write(f"[{kind}] {qual} #{i}: {detail}\n    {args}\n")


if __name__ == "__main__":
    main()
