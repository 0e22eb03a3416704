"""Records TF 2.21's PreemptionCheckpointHandler runs of preemption_scenarios.py for
test_preemption.py: `.venv-peers/bin/python tests/distribute/record_preemption.py`.

Each scenario runs twice in a fresh directory: once receiving its termination notice at
step 3 (exiting through the handler), once more to restore and finish. Written:
preemption_golden.json, {scenario: [{"rc", "lines", "files"}, ...]}."""

import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", ".."))
from tests.golden_io import write_json  # noqa: E402

SCENARIOS = ["sigterm", "exit_fn", "watcher", "save_fn", "save_if_preempted",
             "checkpoint_dir", "grace"]


def _subprocess(argv, env, python=sys.executable):
    return subprocess.run([python, *argv], capture_output=True, text=True, timeout=300,
                          env=env)


def run_scenario(module, scenario, python=sys.executable, env=None, run=None):
    """The two runs of `scenario` under `module` ("tensorflow" or "eagerflow"), each by
    `run(argv, env)` (argv: the script and its arguments; it returns a CompletedProcess),
    by default a `python` subprocess."""
    run = run or (lambda argv, env: _subprocess(argv, env, python))
    out = []
    with tempfile.TemporaryDirectory() as root:
        directory = os.path.join(root, "ckpt")
        for attempt in range(2):
            if attempt:
                open(os.path.join(root, "restarted"), "w").close()
                if os.path.exists(os.path.join(root, "stop.txt")):
                    os.remove(os.path.join(root, "stop.txt"))
            proc = run([os.path.join(HERE, "preemption_scenarios.py"), module, scenario,
                        directory], env)
            lines = [ln for ln in proc.stdout.splitlines() if ln]
            files = sorted(os.listdir(directory)) if os.path.isdir(directory) else []
            out.append({"rc": proc.returncode, "lines": lines, "files": files})
    return out


def main():
    golden = {s: run_scenario("tensorflow", s) for s in SCENARIOS}
    write_json(os.path.join(HERE, "preemption_golden.json"), golden, end="\n", indent=1)


if __name__ == "__main__":
    main()
