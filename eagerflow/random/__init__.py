"""tf.random: seeds, random ops and tf.random.Generator."""

from eagerflow._src.ops.random import (  # noqa: F401
    categorical, normal, set_seed, shuffle, truncated_normal, uniform,
)
from eagerflow._src.ops.random_binomial import stateless_binomial  # noqa: F401
from eagerflow._src.ops.random_gamma import (  # noqa: F401
    gamma, poisson, stateless_gamma, stateless_poisson,
)
from eagerflow._src.ops.random_generator import (  # noqa: F401
    Generator, create_rng_state, get_global_generator, set_global_generator,
)
from eagerflow._src.ops.random_stateless import (  # noqa: F401
    Algorithm, fold_in, split, stateless_categorical, stateless_normal,
    stateless_truncated_normal, stateless_uniform,
)
from eagerflow._src.ops.random_truncated import (  # noqa: F401
    stateless_parameterized_truncated_normal,
)
from eagerflow._src.ops.candidate_sampling import (  # noqa: F401
    all_candidate_sampler, log_uniform_candidate_sampler, uniform_candidate_sampler,
)
from eagerflow.random import experimental  # noqa: F401,E402
from eagerflow._src.ops.candidate_unigram import (  # noqa: F401,E402
    fixed_unigram_candidate_sampler, learned_unigram_candidate_sampler,
)

# TF's __name__ for the functions above whose own is a factory's or an alias's
from eagerflow._src.core import api_names as _api_names  # noqa: E402

_api_names.adopt_tf_names("random", globals())
del _api_names
