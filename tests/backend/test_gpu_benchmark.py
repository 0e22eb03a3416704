"""benchmarks/gpu.py's code paths without a GPU: its rows run on the stand-in GPU at small
sizes (the figures mean nothing there; the ratios are taken on a GPU)."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_rows_run_on_the_standin():
    r = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "gpu.py"), "--device", "standin", "--quick",
         "--rounds", "1", "--repeat", "2", "-k", "a + b", "-k", "matmul",
         "-k", "batch 32, tf.function", "-k", "mixed_bfloat16, tf.function",
         "--peers-python", sys.executable],
        capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0].startswith("device: standin (quick sizes); PyTorch: ")
    rows = [ln.split("  ")[0] for ln in lines[1:]]
    assert rows == ["eager a + b", "measure: 1000x1000 matmul",
                    "guide CNN step, batch 32, tf.function",
                    "guide CNN step, batch 256, mixed_bfloat16, tf.function"]
    assert all(" ms" in ln for ln in lines[1:])


def test_the_device_overhead_benchmark_runs_on_the_standin():
    r = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "device_overhead.py"), "--ops", "8",
         "--calls", "3"], capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert r.returncode == 0, r.stderr
    line = r.stdout.strip()
    assert line.startswith("device /job:localhost/replica:0/task:0/device:GPU:0, 8 ops: "), line
    counts = dict(part.rsplit(" ", 1) for part in line.split("by where: ")[1][:-1].split(", "))
    assert set(counts) == {"generated", "stand-in", "eagerflow", "other"}
    assert int(counts["generated"]) > 0


def test_the_eager_steps_benchmark_runs_on_the_standin():
    r = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "eager_steps.py"), "--device", "standin",
         "-k", "cnn", "--ops", "--profile", "3", "--time", "1"],
        capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert r.returncode == 0, r.stderr
    row, by_op, *top = r.stdout.splitlines()
    assert row.startswith("cnn       standin ops ") and " us/op)" in row, row
    assert int(row.split(" launches ")[1].split()[0]) > 0, row  # (the stand-in's count)
    assert "_FusedConv2D 2" in by_op and "_FusedConv2DGrad 2" in by_op, by_op
    assert len(top) == 3 and all("/op  " in line for line in top), top


def test_the_reduction_benchmark_runs_on_the_standin():
    r = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "gpu_reductions.py"), "--device", "standin",
         "--quick", "--repeat", "1"], capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0].startswith("device: standin; PyTorch: absent")
    rows = [ln.strip().split("  ")[0] for ln in lines if ln.startswith("  ")]
    assert rows[:4] == ["one reduction (CuPy's sum)", "stages of 16 rows", "stages of 32 rows",
                        "ones @ x (sum_run's)"]
    assert all(float(ln.split("(")[-1].rstrip(")")) < 1e-6 for ln in lines[1:] if " ms " in ln)


def test_the_profile_runs_its_ops_on_the_standin_gpu():
    r = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "gpu.py"), "--profile", "--device",
         "standin", "--quick", "-k", "batch 32, eager"],
        capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert r.returncode == 0, r.stderr
    ops = r.stdout.split("-- ops: ", 1)[1].splitlines()
    conv = next(ln for ln in ops if ln.startswith("_FusedConv2D "))
    assert "soft placement" not in conv  # (the stand-in GPU ran it, not CPU:0)


def test_the_launch_benchmarks_cudnn_rows_run_on_the_standin():
    """gpu_launch.py's cuDNN rows call the engine's own API (backend/cudnn.py: it crashed
    on a GPU when that API changed): on the stand-in, through the tests' fake binding,
    the engine's forward and the graph it built run."""
    r = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "gpu_launch.py"), "--device", "standin",
         "--calls", "10"], capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert r.returncode == 0, r.stderr
    rows = {ln[:42].strip(): ln[42:] for ln in r.stdout.splitlines() if ln.endswith(" us")}
    for name in ("cuDNN eagerflow Engine.forward", "cuDNN execute({uid: pointer})",
                 "cuDNN filter copy (O, *K, C)", "cuDNN set_stream"):
        assert float(rows[name].split()[0]) > 0, (name, r.stdout)
    assert not any(name.startswith("cuDNN: ") for name in rows), r.stdout
    # the eager ops' rows: each timed on the stand-in GPU and on CPU:0
    ops = r.stdout.split("-- eagerflow's eager ops", 1)[1].split("-- cProfile", 1)[0]
    timed = {ln[:36].strip(): ln[36:].split() for ln in ops.splitlines()[1:]}
    assert set(timed) == {"a + b", "tf.nn.relu(a)", "tf.matmul(a, a)", "0.01 * c",
                          "tf.reduce_sum(c, axis=0)", "tf.nn.conv2d 2x8x8x4, 3x3x4x8",
                          "MLP 8-16-4 tape step, batch 4", "tf.random.normal([32, 128])",
                          "tf.nn.dropout(32x128, 0.5)", "keras Dropout(0.5) 32x128 training"}, \
        r.stdout
    for name, words in timed.items():
        assert float(words[0]) > 0 and float(words[2]) > 0, (name, r.stdout)
