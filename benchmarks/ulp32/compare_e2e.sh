#!/bin/sh
# The e2e programs with TF and eagerflow (as it is, and with candidates.py's algorithms):
# per program, the steps from the first whose losses agree bit for bit.
# Run from the repository root: sh benchmarks/ulp32/compare_e2e.sh [TF python]
TFPY=${1:-${EAGERFLOW_TF_PYTHON:-.venv-peers/bin/python}}
for p in mlp mlp_softmax gru lstm cnn; do
  $TFPY benchmarks/ulp32/e2e.py tf $p > /tmp/ulp32_e2e_tf.json 2>/dev/null
  .venv/bin/python benchmarks/ulp32/e2e.py ef $p > /tmp/ulp32_e2e_ef.json
  .venv/bin/python benchmarks/ulp32/e2e.py ef $p --exact > /tmp/ulp32_e2e_ex.json
  .venv/bin/python - "$p" <<'PY'
import json, sys
t, e, x = (json.load(open(f"/tmp/ulp32_e2e_{k}.json")) for k in ("tf", "ef", "ex"))
first = lambda a: next((i for i, (u, v) in enumerate(zip(t, a)) if u != v), len(t))
print(f"{sys.argv[1]:12s} first steps bit for bit: now {first(e):2d}, with candidates {first(x):2d} (of {len(t)})")
PY
done
