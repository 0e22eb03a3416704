"""tf.matmul of DTensors over every pair of layouts on a (3, 2) mesh as TF 2.21's
(dtensor_matmul_cases.py, recorded by record_dtensor_matmul.py): rows and columns sharded
over one mesh dim are both unsharded (L[x,u] @ L[u,x] is L[u,u]; eagerflow kept the
rows'), a batch axis keeps its sharding unless the rows, columns or contraction take
its mesh dim (eagerflow dropped every batch sharding), two inputs' batch shardings over
different mesh dims keep the left's unless the right's shards another of the left's
axes; a batch of matrices whose contraction is sharded computes (it failed with NumPy's
broadcast error) and its refusal names BatchMatMulV2, as TF's."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
GOLDEN = json.loads((HERE / "dtensor_matmul_golden.json").read_text())
PROGRAM = ("import json\nimport eagerflow as tf\nimport dtensor_matmul_cases\n"
           "print(json.dumps(dtensor_matmul_cases.run(tf)))\n")


@pytest.fixture(scope="module")
def ours() -> dict:
    # (a process of its own: the CPU is split into six logical devices)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), str(HERE)]),
           "CUDA_VISIBLE_DEVICES": "", "EAGERFLOW_STANDIN_GPUS": ""}
    r = subprocess.run([sys.executable, "-c", PROGRAM], capture_output=True, text=True,
                       env=env, timeout=300)
    assert r.returncode == 0, r.stderr[-3000:]
    return json.loads(r.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("pair", sorted(GOLDEN))
def test_matmul_layouts_as_tf(ours: dict, pair: str) -> None:
    assert ours[pair] == GOLDEN[pair]
