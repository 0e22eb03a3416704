"""tf.compat.v1.random: tf.random with TF 1's own functions (`multinomial`, `poisson`,
`get_seed`, `set_random_seed`, `stateless_multinomial`), without TF 2's `set_seed`."""

import eagerflow.compat.v1 as _v1
import eagerflow.random as _tf2
from eagerflow._src.v1.tf1_extras import stateless_multinomial as stateless_multinomial
from eagerflow._src.v1.namespaces import aliased_namespace as _aliased_namespace

# TF 1's name -> the tf.compat.v1 function it is
_V1 = {'get_seed': 'get_seed',
       'multinomial': 'multinomial',
       'poisson': 'random_poisson',
       'set_random_seed': 'set_random_seed'}
# TF 1's name -> the tf.compat.v1 submodule holding it
_SUB = {}
# TF 1's name -> its TF 2 name in this namespace
_TF2 = {}
# TF 2's names that TF 1's tf.random lacks
_LACKS = ('set_seed',)

__getattr__, __dir__ = _aliased_namespace(__name__, _v1, _tf2, _V1, _SUB, _TF2, _LACKS)
