"""tf.saved_model.experimental: a SavedModel's fingerprint, and the variable policy option."""

from eagerflow._src.saved_model.fingerprinting import (
    Fingerprint as Fingerprint,
    read_fingerprint as read_fingerprint,
)
from eagerflow._src.saved_model.save import VariablePolicy as VariablePolicy
