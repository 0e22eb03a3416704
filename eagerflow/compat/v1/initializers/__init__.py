"""tf.compat.v1.initializers: TF 1's initializer classes (re-exports only)."""

from eagerflow._src.v1.initializers import (
    constant_initializer as constant,
    glorot_normal_initializer as glorot_normal,
    glorot_uniform_initializer as glorot_uniform,
    he_normal,
    he_uniform,
    identity_initializer as identity,
    lecun_normal,
    lecun_uniform,
    ones_initializer as ones,
    orthogonal_initializer as orthogonal,
    random_normal_initializer as random_normal,
    random_uniform_initializer as random_uniform,
    truncated_normal_initializer as truncated_normal,
    uniform_unit_scaling_initializer as uniform_unit_scaling,
    variance_scaling_initializer as variance_scaling,
    zeros_initializer as zeros,
)
from eagerflow._src.v1.variables import (
    global_variables_initializer as global_variables,
    local_variables_initializer as local_variables,
    tables_initializer,
    variables_initializer as variables,
)
