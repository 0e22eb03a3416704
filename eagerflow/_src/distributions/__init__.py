"""tf.compat.v1.distributions: TF 1's probability distributions, composed of eagerflow's
ops (sampling through its random ops, so seeded draws are TF's).

Sits above v1/ in the pipeline; `tf.compat.v1.distributions` loads it on first use.
"""
