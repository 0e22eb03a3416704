"""tf.io.gfile: TF's file API over the local filesystem (re-exports only)."""

from eagerflow._src.core import api_names as _api_names
from eagerflow._src.io.gfile import (  # noqa: F401
    GFile,
    copy,
    exists,
    get_registered_schemes,
    glob,
    isdir,
    join,
    listdir,
    makedirs,
    mkdir,
    remove,
    rename,
    rmtree,
    stat,
    walk,
)

_api_names.adopt_tf_names("io.gfile", globals())
del _api_names
