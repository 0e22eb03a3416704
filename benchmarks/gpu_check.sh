#!/usr/bin/env bash
# Issue #17's GPU checks in one run, on a machine with CuPy and an NVIDIA GPU (the device
# tool's H100/H200: python3 has NumPy, CuPy and PyTorch, not all of eagerflow's test
# dependencies, and no network). Each step writes a log; summary.txt says what passed.
#
#   benchmarks/gpu_check.sh [--standin] [--quick] [--steps LIST] [--budget SECONDS]
#                           [--python PY] [--jobs N] [--out DIR]
#   benchmarks/gpu_check.sh --fetch-wheels    # here, with network: the wheels it installs
#
# Steps, in this order (--steps picks some, comma-separated; the default is all but `full`):
#   env       the machine: GPU, CuPy, Python packages, eagerflow's devices, import time
#   kernels   the device kernels' CUDA C compiled by NVRTC against the stand-in's reading
#             (test_launches' CuPy test), and the stand-in's API checked against CuPy's
#   bench     benchmarks/gpu.py: issue #17's four targets and ResNet-50, against PyTorch
#   fp32bench  the same rows with TF32 off on both sides (--tf32 off): full float32
#   numerics  TF32 and op determinism as a user sees them on the GPU (matmuls and cuDNN
#             convolutions with the switch on and off, the same bits from run to run
#             under determinism: tests/backend/test_math_switches_on_device.py)
#   graphs    CUDA graphs: tests/graph/test_cuda_graphs.py on the GPU (CuPy's capture:
#             training steps replayed as the ordinary path runs them)
#   graphbench  the tf.function rows of benchmarks/gpu.py without CUDA graphs
#             (EAGERFLOW_CUDA_GRAPHS=0: each op launched; bench replays them, the default)
#   backend   tests/backend with the op registry suites on the real GPU (the cupy backend:
#             EAGERFLOW_REGISTRY_ON=gpu), not the stand-in
#   suites    the Makefile's STANDIN_TESTS (what CI runs on the stand-in) and Keras fit
#             (tests/keras/test_trainer.py) with the real GPU as the default device
#   overhead  benchmarks/device_overhead.py --device cuda: host time per op of a call
#   reduce    benchmarks/gpu_reductions.py: the ways to sum an activation's leading axes
#   launch    benchmarks/gpu_launch.py: the host's cost of one small launch, CuPy's ways,
#             PyTorch's and eagerflow's eager ops (what bounds the `a + b` row), and the
#             `measure` row's product each way, host against device time; then
#             eagerflow's eager ops one by one (and a tiny tape step) on the GPU and on
#             CPU:0 side by side: what the device's path adds per op
#   profile   benchmarks/gpu.py --profile: where the CNN b32 eager and ResNet-50 steps
#             spend their time, by function and by op
#   devtime   benchmarks/gpu_kernels.py: the same steps' device time kernel by kernel as
#             the GPU ran them (CUPTI through PyTorch's profiler), eagerflow's and
#             PyTorch's: busy against waiting for the host, and by op (ResNet-50's
#             traced step too, its kernels as one CUDA graph replays them)
#   full      (only when named) the whole suite with GPU:0 as the default device
#
# --standin runs the same steps on the strict stand-in GPU (EAGERFLOW_STANDIN_GPUS=1; no
# CuPy needed: the kernels step is skipped, bench runs at small sizes): the script's own
# check on a machine without a GPU. --quick runs a few tests of each suite and the
# benchmarks at small sizes. Logs and summary.txt go to --out, else $OUT (the device
# tool's folder, fetched back), else ./gpu_check_out. The whole run keeps inside
# --budget seconds (default 540: the device tool stops a command at 600): each step's
# time limit is its share, cut to what is left (a step run alone has the whole budget:
# `backend` needs ~300 s). Exit status: 0 when every step passed.
set -u

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(dirname "$HERE")
WHEELS="$ROOT/.whl"
# Wheels the device image lacks (binary ones for CPython 3.12 on manylinux x86-64; the
# image has pytest, pytest-xdist and hypothesis); each is installed only where its
# distribution is missing. nvidia-cudnn-frontend (11 MB; the image has libcudnn beside
# PyTorch but no binding) turns on cuDNN convolutions: the tree and the wheels must stay
# under the tool's 64 MiB (docs/performance.md: what to leave out of the tree for a call).
WHEEL_PINS="pyfarmhash==0.5.1 siphashc==2.9.1 google-crc32c==1.9.0 simplejpeg==1.9.0
cramjam==2.14.0 nvidia-cudnn-frontend==1.32.0"
ALL_STEPS="env kernels numerics bench fp32bench graphs graphbench backend suites overhead reduce launch profile devtime"

usage() { sed -n '2,/^set -u/p' "${BASH_SOURCE[0]}" | sed '$d' | sed 's/^# \{0,1\}//'; }
has_value() { [ $# -ge 2 ] && [ "${2:0:1}" != "-" ]; }  # an option's value, not the next option
die() { echo "gpu_check.sh: $*" >&2; echo "(benchmarks/gpu_check.sh --help: the options)" >&2; exit 2; }

STANDIN=0 QUICK=0 STEPS="" BUDGET=540 PY="" JOBS=8 OUTDIR="${OUT:-}" FETCH=0
while [ $# -gt 0 ]; do
  case "$1" in
    --standin) STANDIN=1 ;;
    --quick) QUICK=1 ;;
    --fetch-wheels) FETCH=1 ;;
    --steps) has_value "$@" || die "--steps needs a list"; STEPS="$2"; shift ;;
    --steps=*) STEPS="${1#*=}" ;;
    --budget) has_value "$@" || die "--budget needs seconds"; BUDGET="$2"; shift ;;
    --budget=*) BUDGET="${1#*=}" ;;
    --python) has_value "$@" || die "--python needs a path"; PY="$2"; shift ;;
    --python=*) PY="${1#*=}" ;;
    --jobs) has_value "$@" || die "--jobs needs a number"; JOBS="$2"; shift ;;
    --jobs=*) JOBS="${1#*=}" ;;
    --out) has_value "$@" || die "--out needs a folder"; OUTDIR="$2"; shift ;;
    --out=*) OUTDIR="${1#*=}" ;;
    -h|--help) usage; exit 0 ;;
    *) die "unknown argument '$1'" ;;
  esac
  shift
done
case "$BUDGET" in ''|*[!0-9]*) die "--budget takes whole seconds, not '$BUDGET'" ;; esac
case "$JOBS" in ''|*[!0-9]*) die "--jobs takes a number, not '$JOBS'" ;; esac
STEPS=${STEPS:-$ALL_STEPS}
STEPS=${STEPS//,/ }
NSTEPS=$(set -- $STEPS; echo $#)
for s in $STEPS; do
  case " $ALL_STEPS full " in *" $s "*) ;; *) die "unknown step '$s' (steps: $ALL_STEPS full)" ;; esac
done

if [ "$FETCH" = 1 ]; then  # here, where pip reaches PyPI: into .whl/, which git ignores
  mkdir -p "$WHEELS"
  if ! git -C "$ROOT" check-ignore -q "$WHEELS" 2>/dev/null; then  # (.gitignore has it)
    exclude="$(git -C "$ROOT" rev-parse --path-format=absolute --git-common-dir)/info/exclude"
    mkdir -p "$(dirname "$exclude")" && echo "/.whl/" >> "$exclude"
  fi
  # shellcheck disable=SC2086
  exec python3 -m pip download -q --no-deps --only-binary=:all: --python-version 3.12 \
    --implementation cp --platform manylinux_2_34_x86_64 --platform manylinux_2_28_x86_64 \
    --platform manylinux_2_27_x86_64 --platform manylinux_2_17_x86_64 \
    --platform manylinux2014_x86_64 --platform manylinux1_x86_64 -d "$WHEELS" $WHEEL_PINS
fi

PY=${PY:-$(command -v python3)}
[ -x "$PY" ] || die "no python3 (--python PY)"
OUTDIR=${OUTDIR:-$ROOT/gpu_check_out}
mkdir -p "$OUTDIR" || die "cannot make $OUTDIR"
SUMMARY="$OUTDIR/summary.txt"
cd "$ROOT" || exit 2
export PYTHONUNBUFFERED=1 PYTHONDONTWRITEBYTECODE=
if [ "$STANDIN" = 1 ]; then export EAGERFLOW_STANDIN_GPUS=1; else unset EAGERFLOW_STANDIN_GPUS; fi
unset EAGERFLOW_REGISTRY_ON  # (the backend step names the registry's device itself)

# The wheels carried in .whl/ (see --fetch-wheels): each one whose distribution this
# Python lacks goes into a folder of its own, ahead on the path.
SITE=/tmp/eagerflow_gpu_check_site
if ls "$WHEELS"/*.whl >/dev/null 2>&1; then
  missing=$("$PY" - "$WHEELS" <<'EOF'
import importlib.metadata as md, pathlib, sys
for w in sorted(pathlib.Path(sys.argv[1]).glob("*.whl")):
    try:
        md.version(w.name.split("-")[0].replace("_", "-"))
    except md.PackageNotFoundError:
        print(w)
EOF
)
  if [ -n "$missing" ]; then
    # shellcheck disable=SC2086
    "$PY" -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade \
      --target "$SITE" $missing || echo "gpu_check.sh: installing the wheels failed" >&2
  fi
fi
export PYTHONPATH="$ROOT${SITE:+:$SITE}${PYTHONPATH:+:$PYTHONPATH}"
# cuDNN's library for the frontend binding (the cudnn extra, carried as a wheel), where
# an image keeps it beside PyTorch rather than where the frontend looks
CUDNN_LIB=$("$PY" -c 'import glob, site, sys
hits = [h for d in sys.path + site.getsitepackages() for h in
        glob.glob(d + "/nvidia/**/libcudnn.so.9", recursive=True)]
print(hits[0].rsplit("/", 1)[0] if hits else "")' 2>/dev/null)
[ -n "$CUDNN_LIB" ] && export LD_LIBRARY_PATH="$CUDNN_LIB${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"

START=$(date +%s)
DEADLINE=$((START + BUDGET))
FAILED=0
{
  echo "gpu_check.sh on $(hostname) at $(date -u +%Y-%m-%dT%H:%M:%SZ); commit $(git rev-parse --short HEAD 2>/dev/null || echo '?')"
  echo "mode: $([ "$STANDIN" = 1 ] && echo 'stand-in GPU' || echo 'real GPU (CuPy)')$([ "$QUICK" = 1 ] && echo ', quick'); steps: $STEPS; budget ${BUDGET}s"
} > "$SUMMARY"

# run_step NAME SHARE CMD...: CMD with a time limit of SHARE seconds (cut to what is left
# of the budget), its output in NAME.log, a line in the summary.
run_step() {
  local name=$1 share=$2; shift 2
  local now left limit log="$OUTDIR/$name.log" rc t0 status
  now=$(date +%s); left=$((DEADLINE - now))
  if [ "$left" -lt 15 ]; then
    printf '%-9s %-8s %5ss  %s\n' "$name" "skipped" 0 "no time left in the budget" >> "$SUMMARY"
    FAILED=1; return
  fi
  [ "$NSTEPS" = 1 ] && share=$left  # (a step run alone has the whole budget)
  limit=$(( share < left ? share : left ))
  echo "== $name (at most ${limit}s): $*" | tee "$log"
  t0=$(date +%s)
  timeout -k 10 "$limit" "$@" >> "$log" 2>&1
  rc=$?
  case $rc in 0) status=passed ;; 124|137) status=timeout ;; *) status=failed ;; esac
  if [ "${name%bench}" != "$name" ] && [ "$rc" = 1 ] && ! grep -q " ERROR (" "$log"; then
    status=ran  # every row timed; some target not met (benchmarks/gpu.py's status 1)
  fi
  [ "$status" = passed ] || [ "$status" = ran ] || FAILED=1
  printf '%-9s %-8s %5ss  %s\n' "$name" "$status" "$(( $(date +%s) - t0 ))" \
    "$(grep -v '^\s*$' "$log" | tail -1 | cut -c1-160)" >> "$SUMMARY"
  if [ "${name%bench}" != "$name" ] || [ "$name" = overhead ]; then  # the figures
    grep -E "^device|  eagerflow | ms|us CPU per call" "$log" | sed 's/^/    /' >> "$SUMMARY"
  elif [ "$name" = devtime ]; then
    grep -E "^== [a-z0-9_]+$|a step \(wall\)" "$log" | cut -c1-200 | sed 's/^/    /' >> "$SUMMARY"
  fi
  tail -3 "$log"
}

have() { "$PY" -c "import $1" >/dev/null 2>&1; }
XDIST=()
if have xdist && [ "$JOBS" -gt 1 ]; then XDIST=(-n "$JOBS" --dist loadfile); fi
PYTEST=("$PY" -m pytest -q -p no:cacheprovider -rfE --tb=short)

# gpu_pytest NAME SHARE ARGS...: a run_step of pytest on the GPU the device tests target
# (tests/gpu_target.py): CuPy's GPU:0, or the stand-in under --standin.
gpu_pytest() {
  local name=$1 share=$2; shift 2
  if [ "$STANDIN" = 1 ]; then
    run_step "$name" "$share" "${PYTEST[@]}" "$@"
  else
    run_step "$name" "$share" env EAGERFLOW_REGISTRY_ON=gpu "${PYTEST[@]}" "$@"
  fi
}

# The suites CI runs on the stand-in GPU, read from the Makefile (one list, kept there).
standin_tests() {
  awk '/^STANDIN_TESTS \?=/ {on=1; sub(/^STANDIN_TESTS \?=/, "")}
       on {line=$0; sub(/\\$/, "", line); printf "%s ", line; if ($0 !~ /\\$/) exit}' \
    "$ROOT/Makefile"
}

env_step() {
  command -v nvidia-smi >/dev/null && nvidia-smi --query-gpu=name,memory.total,driver_version \
    --format=csv,noheader
  # (the tree arrives without __pycache__: a first import compiles eagerflow's bytecode,
  # ~1.3 s there; the figure below is a warm import's, as a user's second run)
  "$PY" -c "import eagerflow" >/dev/null 2>&1
  "$PY" - <<'EOF'
import importlib, importlib.metadata as md, os, subprocess, sys, time
print("python", sys.version.split()[0], sys.executable)
for name in ("numpy", "cupy-cuda13x", "cupy-cuda12x", "torch", "pytest", "pytest-xdist",
             "hypothesis", "ml_dtypes", "protobuf", "scipy", "h5py", "pyfarmhash", "siphashc",
             "nvidia-cudnn-frontend"):
    try:
        print(f"  {name} {md.version(name)}")
    except md.PackageNotFoundError:
        print(f"  {name} -")
t = time.perf_counter()
import eagerflow as tf
took = time.perf_counter() - t
print(f"import eagerflow {took:.3f} s, cupy imported: {'cupy' in sys.modules}")
print("physical:", tf.config.list_physical_devices())
x = tf.constant([1.0, 2.0])
print("tf.constant(...).device:", x.device, type(x._arr).__module__)
gpus = tf.config.list_physical_devices("GPU")
if gpus:
    print("details:", tf.config.experimental.get_device_details(gpus[0]))
    print("memory:", tf.config.experimental.get_memory_info("GPU:0"))
    import numpy as np
    from eagerflow._src import backend as B
    from eagerflow._src.core import device as D
    engine = B.conv_engine(D.default_device().xp, np.float32, 2, 1)
    print("cuDNN convolutions:", "yes, cuDNN " + str(engine.cudnn.backend_version())
          if engine is not None else "no (im2col and cuBLAS)")
out = subprocess.run([sys.executable, "-c", "import sys, eagerflow; "
                      "print('cupy' in sys.modules)"],
                     env={**os.environ, "CUDA_VISIBLE_DEVICES": "-1"},
                     capture_output=True, text=True)
print("CUDA_VISIBLE_DEVICES=-1: cupy imported:", out.stdout.strip() or out.stderr[-300:])
if not gpus:
    sys.exit("no GPU seen by eagerflow")
EOF
}

for step in $STEPS; do
  case $step in
    env) export -f env_step; export PY; run_step env 40 bash -c env_step ;;
    kernels)
      if [ "$STANDIN" = 1 ]; then
        printf '%-9s %-8s %5ss  %s\n' kernels skipped 0 "--standin: needs CuPy and a GPU" >> "$SUMMARY"
        continue
      fi
      run_step kernels 240 "${PYTEST[@]}" "${XDIST[@]}" \
        tests/backend/test_launches.py::test_the_device_kernels_agree_with_cupy \
        tests/backend/test_strict.py tests/backend/test_standin_capture.py \
        tests/backend/test_cudnn_layout.py tests/backend/test_cuda_toolchain.py ;;
    numerics) gpu_pytest numerics 60 tests/backend/test_math_switches_on_device.py ;;
    backend)
      sel=(tests/backend --ignore=tests/backend/test_cuda_toolchain.py)  # (kernels runs it)
      [ "$QUICK" = 1 ] && sel=(tests/backend/test_standin_registry.py -k "AddV2 or MatMul or Relu")
      gpu_pytest backend 200 "${XDIST[@]}" "${sel[@]}" ;;
    suites)
      # shellcheck disable=SC2046
      if [ "$QUICK" = 1 ]; then
        run_step suites 120 "${PYTEST[@]}" tests/core/test_device.py \
          tests/keras/test_trainer.py::test_fit_separable_problem_reaches_high_accuracy
      else
        run_step suites 110 "${PYTEST[@]}" "${XDIST[@]}" $(standin_tests) \
          tests/keras/test_trainer.py
      fi ;;
    bench)
      if [ "$STANDIN" = 1 ] || [ "$QUICK" = 1 ]; then
        dev=cuda; [ "$STANDIN" = 1 ] && dev=standin
        run_step bench 120 "$PY" benchmarks/gpu.py --device "$dev" --quick --rounds 1 \
          --repeat 2
      else
        run_step bench 180 "$PY" benchmarks/gpu.py --rounds 3
      fi ;;
    fp32bench)
      if [ "$STANDIN" = 1 ] || [ "$QUICK" = 1 ]; then
        dev=cuda; [ "$STANDIN" = 1 ] && dev=standin
        run_step fp32bench 120 "$PY" benchmarks/gpu.py --device "$dev" --quick --rounds 1 \
          --repeat 2 --tf32 off
      else
        run_step fp32bench 150 "$PY" benchmarks/gpu.py --rounds 2 --tf32 off
      fi ;;
    overhead)
      dev=cuda; [ "$STANDIN" = 1 ] && dev=standin
      run_step overhead 40 "$PY" benchmarks/device_overhead.py --device "$dev" \
        --calls "$([ "$QUICK" = 1 ] && echo 20 || echo 300)" ;;
    reduce)
      dev=cuda; [ "$STANDIN" = 1 ] && dev=standin
      if [ "$STANDIN" = 1 ] || [ "$QUICK" = 1 ]; then
        run_step reduce 40 "$PY" benchmarks/gpu_reductions.py --device "$dev" --quick
      else
        run_step reduce 40 "$PY" benchmarks/gpu_reductions.py --device "$dev"
      fi ;;
    launch)
      dev=cuda; [ "$STANDIN" = 1 ] && dev=standin
      run_step launch 40 "$PY" benchmarks/gpu_launch.py --device "$dev" \
        --calls "$([ "$QUICK" = 1 ] || [ "$STANDIN" = 1 ] && echo 200 || echo 20000)" ;;
    profile)
      dev=cuda; [ "$STANDIN" = 1 ] && dev=standin
      q=(); [ "$STANDIN" = 1 ] || [ "$QUICK" = 1 ] && q=(--quick)
      run_step profile 90 "$PY" benchmarks/gpu.py --profile --device "$dev" "${q[@]}" \
        -k "batch 32, eager" -k ResNet ;;
    devtime)
      if ! have torch; then
        printf '%-9s %-8s %5ss  %s\n' devtime skipped 0 "needs PyTorch" >> "$SUMMARY"
        continue
      fi
      dev=cuda; [ "$STANDIN" = 1 ] && dev=standin
      q=(); [ "$STANDIN" = 1 ] || [ "$QUICK" = 1 ] && q=(--quick)
      run_step devtime 180 "$PY" benchmarks/gpu_kernels.py --device "$dev" "${q[@]}" \
        -k cnn32 -k resnet50 -k resnet50_fn ;;
    graphs) gpu_pytest graphs 60 tests/graph/test_cuda_graphs.py ;;
    graphbench)
      if [ "$STANDIN" = 1 ] || [ "$QUICK" = 1 ]; then
        dev=cuda; [ "$STANDIN" = 1 ] && dev=standin
        run_step graphbench 90 env EAGERFLOW_CUDA_GRAPHS=0 "$PY" benchmarks/gpu.py \
          --device "$dev" --quick --rounds 1 --repeat 2 -k tf.function
      else
        run_step graphbench 120 env EAGERFLOW_CUDA_GRAPHS=0 "$PY" benchmarks/gpu.py \
          --rounds 3 -k tf.function
      fi ;;
    full) run_step full 540 "${PYTEST[@]}" "${XDIST[@]}" ;;
  esac
done

echo "total $(( $(date +%s) - START ))s; $([ "$FAILED" = 0 ] && echo 'every step passed' || echo 'some step did not pass')" >> "$SUMMARY"
echo; cat "$SUMMARY"
exit "$FAILED"
