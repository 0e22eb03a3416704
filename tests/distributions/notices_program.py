"""The deprecation notices of tf.compat.v1.distributions, run by TF 2.21
(record_distributions_golden.py) or eagerflow (test_distributions.py): `python
notices_program.py tf|eagerflow` builds distributions, some twice, and a KL divergence;
the notices it logs (once per class's __init__ and function, naming this file's line)
are what the golden keeps. It prints one JSON line: the distributions' reprs."""

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

D = tf.compat.v1.distributions
made = [D.Normal(0.0, 1.0), D.Normal(1.0, 2.0), D.Exponential(1.0), D.Gamma(1.0, 1.0),
        D.Categorical(logits=[1.0, 2.0]), D.Dirichlet([1.0, 2.0])]
kl = D.kl_divergence(made[0], made[1])
made[0].kl_divergence(made[1])
print(json.dumps([repr(d) for d in made] + [float(kl)]))
