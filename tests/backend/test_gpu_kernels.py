"""benchmarks/gpu_kernels.py without a GPU: how it reads a profiler's chrome trace (the
device's busy time, kernel families, each kernel's op through its launch), and its
refusal without PyTorch. On a GPU its figures come from CUPTI (gpu_check.sh's devtime)."""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))
import gpu_kernels as gk  # noqa: E402


def _kernel(name, ts, dur, corr=None, cat="kernel", stream=7):
    args = {"stream": stream} if corr is None else {"stream": stream, "correlation": corr}
    return {"ph": "X", "cat": cat, "name": name, "pid": 0, "tid": stream, "ts": ts,
            "dur": dur, "args": args}


def _launch(ts, corr, tid=1, cat="cuda_runtime"):
    return {"ph": "X", "cat": cat, "name": "cudaLaunchKernel", "pid": 9, "tid": tid,
            "ts": ts, "dur": 2.0, "args": {"correlation": corr}}


def _op(name, ts, dur, tid=1):
    return {"ph": "X", "cat": "user_annotation", "name": name, "pid": 9, "tid": tid,
            "ts": ts, "dur": dur, "args": {}}


@pytest.mark.parametrize("intervals, busy", [
    ([], 0), ([(0, 10), (5, 12), (20, 25)], 17),  # an overlap, then a gap
    ([(0, 10), (2, 3), (10, 11)], 11),  # one inside another, then one touching
    ([(30, 40), (0, 5)], 15),  # any order
])
def test_busy_time_is_the_union_of_the_device_intervals(intervals, busy):
    events = [_kernel("k", start, end - start) for start, end in intervals]
    assert gk.summarize(events, steps=1)["busy_us"] == busy


def test_a_trace_is_summed_per_step_by_kernel_and_family():
    events = [
        _kernel("eagerflow_bn_normalize", 0, 100),
        _kernel("sm90_xmma_fprop_implicit_gemm_tf32f32", 50, 200, stream=8),  # overlaps
        _kernel("Memcpy DtoD (Device -> Device)", 400, 10, cat="gpu_memcpy"),
        _kernel("eagerflow_bn_normalize", 500, 100),
        {"ph": "X", "cat": "cpu_op", "name": "aten::add", "pid": 9, "tid": 1, "ts": 0,
         "dur": 1000, "args": {}},  # host work is not the device's
        {"ph": "M", "name": "process_name", "pid": 0, "args": {"name": "GPU 0"}},
    ]
    s = gk.summarize(events, steps=2)
    assert s["busy_us"] == (250 + 10 + 100) / 2
    assert s["kernels"] == 2
    # [count, device time, the device's wait just before each] a step
    assert s["by_name"]["eagerflow_bn_normalize"] == [1, 100, 90 / 2]
    assert s["by_family"] == {"batch norm": [1, 100, 45], "convolutions": [0.5, 100, 0],
                              "copies and fills": [0.5, 5, 75]}
    assert s["by_op"] == {}  # (no annotated op in the trace)


def test_each_kernel_goes_to_the_innermost_op_around_its_launch():
    events = [
        _op("Conv2DBackpropInput", 0, 100), _op("Transpose", 10, 20),  # nested
        _op("AddV2", 0, 50, tid=2),  # another thread's op
        _launch(15, corr=1), _launch(40, corr=2), _launch(200, corr=3),
        _launch(20, corr=5, tid=2, cat="cuda_driver"),  # CuPy launches by the driver API
        _kernel("cupy_copy__float32_float32", 300, 4, corr=1),
        _kernel("cudnn_dgrad", 310, 30, corr=2),
        _kernel("cupy_subtract", 350, 2, corr=3),  # launched outside any op
        _kernel("unmatched", 360, 1, corr=4),  # its launch is not in the trace
        _kernel("cupy_add", 370, 3, corr=5),
    ]
    by_op = gk.summarize(events, steps=1)["by_op"]
    assert by_op == {"Transpose": [1, 4, 0], "Conv2DBackpropInput": [1, 30, 6],
                     gk.NOT_IN_AN_OP: [1, 2, 10], gk.UNTRACED: [1, 1, 8], "AddV2": [1, 3, 9]}


@pytest.mark.parametrize("name, cat, family", [
    ("void at::native::batch_norm_collect_statistics_channels_last_kernel<float>", "kernel",
     "batch norm"),
    ("eagerflow_bn_input_grad", "kernel", "batch norm"),
    ("sm90_xmma_wgrad_implicit_gemm_indexed_tf32f32", "kernel", "convolutions"),
    ("void cudnn::engines_precompiled::nchwToNhwcKernel<float>", "kernel", "convolutions"),
    ("void gemv2T_kernel_val<int, int, float, float, float>", "kernel", "matmuls"),
    ("ampere_sgemm_128x64_nn", "kernel", "matmuls"),
    ("sm90_xmma_gemm_f32f32_tf32f32_f32_nn_n_tilesize128x128x32", "kernel", "matmuls"),
    ("cupy_copy__float32_float32", "kernel", "copies and fills"),
    ("Memset (Device)", "gpu_memset", "copies and fills"),
    ("void at::native::max_pool_forward_nhwc<float>", "kernel", "pooling"),
    ("cupy_sum", "kernel", "reductions"),
    ("eagerflow_adam_update", "kernel", "optimizer"),
    ("cupy_add__float32_float32_float32", "kernel", "elementwise and other"),
])
def test_kernel_families(name, cat, family):
    assert gk.family(name, cat) == family


def test_the_report_says_when_the_device_recorded_nothing():
    s = gk.summarize([], steps=3)
    (line,) = gk.report("eagerflow", 0.012, s, top=5)
    assert line.startswith("eagerflow: 12.000 ms a step (wall), the device busy 0.000 ms")
    assert line.endswith("(no device activity recorded: no CUDA, or no CUPTI, here)")
    s = gk.summarize([_kernel("cupy_add", 0, 3000), _kernel("cupy_mul", 5000, 1000)], 1)
    lines = gk.report("PyTorch", 0.010, s, top=1)
    assert lines[0] == ("PyTorch: 10.000 ms a step (wall), the device busy 4.000 ms (40%), "
                        "idle 6.000 ms; 2 kernels, copies and fills a step")
    assert "      3.000     0.000     1.0  cupy_add" in lines
    assert "      1.000     2.000     1.0  (1 more)" in lines


def test_it_asks_for_pytorch_where_there_is_none():
    try:
        import torch  # noqa: F401
    except ImportError:
        pass
    else:
        pytest.skip("PyTorch is installed here")
    r = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "gpu_kernels.py"),
                        "--device", "standin", "--quick"],
                       capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert r.returncode == 2
    assert "needs PyTorch" in r.stderr


@pytest.mark.parametrize("args, message", [
    (["--steps", "0"], "argument --steps: 0 is below 1"),
    (["--top", "-2"], "argument --top: -2 is below 1"),
    (["--steps", "x"], "argument --steps: invalid"),
    (["-k", "nope"], "argument -k: invalid choice: 'nope'"),
])
def test_bad_arguments_are_refused_before_anything_runs(args, message):
    # (argparse's refusal comes before PyTorch is looked for: no device, no profiler)
    r = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "gpu_kernels.py"), *args],
                       capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert r.returncode == 2
    assert message in r.stderr, r.stderr
