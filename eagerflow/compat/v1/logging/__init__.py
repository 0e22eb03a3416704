"""tf.compat.v1.logging: TF 1's logging functions over the "tensorflow" logger
(re-exports only)."""

from eagerflow._src.core.tf_logging import DEBUG as DEBUG
from eagerflow._src.core.tf_logging import ERROR as ERROR
from eagerflow._src.core.tf_logging import FATAL as FATAL
from eagerflow._src.core.tf_logging import INFO as INFO
from eagerflow._src.core.tf_logging import WARN as WARN
from eagerflow._src.core.tf_logging import TaskLevelStatusMessage as TaskLevelStatusMessage
from eagerflow._src.core.tf_logging import debug as debug
from eagerflow._src.core.tf_logging import error as error
from eagerflow._src.core.tf_logging import fatal as fatal
from eagerflow._src.core.tf_logging import flush as flush
from eagerflow._src.core.tf_logging import get_verbosity as get_verbosity
from eagerflow._src.core.tf_logging import info as info
from eagerflow._src.core.tf_logging import log as log
from eagerflow._src.core.tf_logging import log_every_n as log_every_n
from eagerflow._src.core.tf_logging import log_first_n as log_first_n
from eagerflow._src.core.tf_logging import log_if as log_if
from eagerflow._src.core.tf_logging import set_verbosity as set_verbosity
from eagerflow._src.core.tf_logging import vlog as vlog
from eagerflow._src.core.tf_logging import warn as warn
from eagerflow._src.core.tf_logging import warning as warning
