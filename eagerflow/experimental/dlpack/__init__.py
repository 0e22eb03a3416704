"""tf.experimental.dlpack: tensors shared with other array libraries as DLPack capsules."""

from eagerflow._src.core.dlpack import from_dlpack as from_dlpack, to_dlpack as to_dlpack
