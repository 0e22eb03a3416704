"""TF 1's he/lecun initializers and uniform_unit_scaling_initializer in a graph seeded by
set_random_seed, run by TF 2.21 (record_initializers_v1_golden.py) or by eagerflow
(test_v1_initializers_more.py): `python initializers_v1_program.py tf|eagerflow` prints
one JSON line: each initializer's values (as float32 hex-free lists), configs, notices."""

import json
import os
import sys

if sys.argv[1] == "tf":
    os.environ["TF_CPP_MIN_LOG_LEVEL"] = "3"
    import tensorflow as tf
else:
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(
        os.path.abspath(__file__)))))
    import eagerflow as tf

v1 = tf.compat.v1
v1.disable_eager_execution()
out = {}
with tf.Graph().as_default():
    v1.set_random_seed(11)
    inits = {"he_normal": v1.initializers.he_normal(seed=3),
             "he_uniform": v1.initializers.he_uniform(seed=3),
             "lecun_normal": v1.initializers.lecun_normal(),
             "lecun_uniform": v1.initializers.lecun_uniform(seed=4),
             "uniform_unit_scaling": v1.initializers.uniform_unit_scaling(factor=2.0, seed=5),
             "uniform_unit_scaling_top": v1.uniform_unit_scaling_initializer(seed=6)}
    variables = {k: v1.get_variable(k, [4, 3, 2], initializer=i) for k, i in inits.items()}
    with v1.Session() as s:
        s.run(v1.global_variables_initializer())
        for k, v in variables.items():
            out[k] = [round(float(x), 6) for x in s.run(v).ravel()]
    out["configs"] = {k: i.get_config() for k, i in inits.items()}
    out["same"] = [v1.initializers.tables_initializer is v1.tables_initializer]
print(json.dumps(out, sort_keys=True))
