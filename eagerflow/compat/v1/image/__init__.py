"""tf.compat.v1.image: tf.image with TF 1's names for two of its functions
(`resize_image_with_crop_or_pad`, `transpose_image`)."""

import eagerflow.compat.v1 as _v1
import eagerflow.image as _tf2
from eagerflow._src.v1.namespaces import aliased_namespace

# TF 1's name -> the tf.compat.v1 function it is
_V1 = {}
# TF 1's name -> the tf.compat.v1 submodule holding it
_SUB = {}
# TF 1's name -> its TF 2 name in this namespace
_TF2 = {'resize_image_with_crop_or_pad': 'resize_with_crop_or_pad', 'transpose_image': 'transpose'}

__getattr__, __dir__ = aliased_namespace(__name__, _v1, _tf2, _V1, _SUB, _TF2)
