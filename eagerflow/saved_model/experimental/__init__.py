"""tf.saved_model.experimental: a SavedModel's fingerprint, the variable policy option, and
TrackableResource."""

from eagerflow._src.core.resource import TrackableResource as TrackableResource

from eagerflow._src.saved_model.fingerprinting import (
    Fingerprint as Fingerprint,
    read_fingerprint as read_fingerprint,
)
from eagerflow._src.saved_model.save import VariablePolicy as VariablePolicy
