# Two commands: `make demo` and `make test`. Both create .venv on first use.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
DATA ?= $(abspath ../shared/data)
# Conformance: all 26 seed cases (set CONFORMANCE_CASES="-k 001_" to run a subset).
CONFORMANCE_CASES ?=

# Suites that `make test` runs a second time with the strict stand-in GPU as the default
# device (tests/backend runs the op registry there already); `make test-gpu` runs them all.
STANDIN_TESTS ?= tests/data tests/autodiff tests/function/test_tensor_array_grad.py \
	tests/function/test_control_flow.py tests/core/test_device.py \
	tests/distribute/test_graph_run.py tests/debugging/test_tfdbg.py \
	tests/function/test_graph_errors.py tests/v1/test_graph_mode.py \
	tests/v1/test_v1_data_iterators.py tests/ragged tests/structured tests/io tests/summary \
	tests/linear_operator tests/feature_column tests/ops/test_eager_errors.py \
	tests/ops/test_edges_vs_tf.py tests/ops/test_conv_transpose_errors.py \
	tests/v1/test_ref_variables.py
# Suites that `make test` runs a third time there with tf.function's calls replayed as CUDA
# graphs (EAGERFLOW_CUDA_GRAPHS=1): Keras training, its callbacks and optimizers.
GRAPH_TESTS ?= tests/keras/test_trainer.py tests/keras/test_fit_order.py \
	tests/keras/test_callbacks.py tests/keras/test_optimizers.py

# Python writes its bytecode caches (__pycache__, gitignored) even where the environment
# says not to: without them every interpreter the suite starts (each pytest worker, each
# subprocess test, each conformance case) compiles eagerflow again, about 2.5 s of CPU each,
# and pytest rewrites every test module's asserts again on every run.
unexport PYTHONDONTWRITEBYTECODE

# NumPy's OpenBLAS starts a thread per core in every process, and its idle threads spin:
# with the suite's workers (and their fork-server children, and mpiexec's workers) on every
# core already, they only take CPU from one another. A QR of an LSTM's recurrent kernel
# (Orthogonal, 768x256) cost 0.95 s of CPU with 2 threads on a loaded 2-core machine, 0.014 s
# with one; guide_keras_rnn 2.75 s -> 0.89 s. A caller's own setting is kept.
export OPENBLAS_NUM_THREADS ?= 1

# `make test` runs pytest in parallel with pytest-xdist: one worker per core (CI has 2), at
# most 4; PYTEST_JOBS=0 runs serially. Whole files go to one worker (--dist loadfile) so
# that a module's fixtures (a TensorFlow subprocess, a trained model) are built once.
PYTEST_JOBS ?= auto
PYTEST_PAR = -n $(PYTEST_JOBS) --maxprocesses=4 --dist loadfile $(PYTEST_GUARD)
# A worker that crashes ends the run, naming its test: xdist's replacement worker can wait
# forever under --dist loadfile (pytest-xdist issue #1378) and CI then ran out of time
# without a word of which test died. A test that hangs is dumped and exits the same way.
PYTEST_GUARD = --max-worker-restart=0 -o faulthandler_timeout=900 \
	-o faulthandler_exit_on_timeout=true

.PHONY: demo test test-gpu lint conformance bench bench-peers fuzz clean

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e ".[test]"
	touch $(STAMP)

demo: $(STAMP)
	EAGERFLOW_DATASETS=$${EAGERFLOW_DATASETS:-$(DATA)} MPLBACKEND=Agg $(BIN)/python examples/demo.py

test: $(STAMP)
	$(BIN)/python -m ruff check .
	$(BIN)/python -m pytest -x $(PYTEST_PAR)
	EAGERFLOW_STANDIN_GPUS=1 $(BIN)/python -m pytest -x -q $(PYTEST_PAR) $(STANDIN_TESTS)
	EAGERFLOW_STANDIN_GPUS=1 EAGERFLOW_CUDA_GRAPHS=1 $(BIN)/python -m pytest -x -q \
	  $(PYTEST_PAR) $(GRAPH_TESTS)
	@if [ -d ../shared/conformance ]; then \
	  $(BIN)/python ../shared/conformance/run.py --impl eagerflow --data $(DATA) -j 2 \
	    $(CONFORMANCE_CASES); \
	else echo "conformance suite not found (../shared/conformance): skipped"; fi

# The whole suite with the stand-in GPU as the default device (what a real GPU runs):
# long, not part of `make test`.
test-gpu: $(STAMP)
	EAGERFLOW_STANDIN_GPUS=1 $(BIN)/python -m pytest -q $(PYTEST_PAR)

lint: $(STAMP)
	$(BIN)/python -m ruff check .

conformance: $(STAMP)
	$(BIN)/python ../shared/conformance/run.py --impl eagerflow --data $(DATA) -j 2 -v

# Side-by-side benchmarks; writes BENCHMARKS.md. Peers (TensorFlow, PyTorch) come from
# PEERS_PYTHON (default: the .venv-peers that `make bench-peers` makes) and are skipped when
# absent. A quick subset: make bench BENCH_ARGS="-k 'eager add' --rounds 3" (no --write then).
PEERS_PYTHON ?= .venv-peers/bin/python
BENCH_ARGS ?= --write
bench: $(STAMP)
	$(BIN)/python benchmarks/run.py --peers-python $(PEERS_PYTHON) $(BENCH_ARGS)

# Long fuzz campaign (tests/fuzz): >= 110,000 calls over the op registry plus the public
# API, corrupt files and threads; once with a fixed seed, once with a random one (printed;
# FUZZ_SEED=n replays it). `make test` runs the same suites briefly. EAGERFLOW_FUZZ_ODD=1
# adds odd inputs (dims up to 1000, strings of many scripts, invalid UTF-8, a long one).
fuzz: $(STAMP)
	EAGERFLOW_FUZZ=long EAGERFLOW_FUZZ_MIN_CALLS=100000 $(BIN)/python -m pytest tests/fuzz -q \
	  --hypothesis-seed=20240611
	@seed=$${FUZZ_SEED:-$$($(BIN)/python -c 'import random; print(random.randrange(2**32))')}; \
	  echo "fuzz: random seed $$seed"; \
	  EAGERFLOW_FUZZ=long EAGERFLOW_FUZZ_MIN_CALLS=100000 $(BIN)/python -m pytest tests/fuzz -q \
	  --hypothesis-seed=$$seed

# TensorFlow (CPU, the reference version) and PyTorch in their own environment, for the
# side-by-side benchmarks and the interop tests (tests/tf_reference.py finds it).
bench-peers:
	$(PY) -m venv .venv-peers
	.venv-peers/bin/python -m pip install -q --upgrade pip
	.venv-peers/bin/python -m pip install -q tensorflow-cpu==2.21.0 tensorboard torch numpy imagecodecs pillow

clean:
	rm -rf $(VENV) build *.egg-info
