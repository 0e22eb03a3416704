"""tf.compat.v1.dtypes: tf.dtypes with TF 1's `as_string`."""

import eagerflow.compat.v1 as _v1
import eagerflow.dtypes as _tf2
from eagerflow._src.v1.namespaces import aliased_namespace as _aliased_namespace

# TF 1's name -> the tf.compat.v1 function it is
_V1 = {'as_string': 'as_string'}
# TF 1's name -> the tf.compat.v1 submodule holding it
_SUB = {}
# TF 1's name -> its TF 2 name in this namespace
_TF2 = {}

__getattr__, __dir__ = _aliased_namespace(__name__, _v1, _tf2, _V1, _SUB, _TF2)
