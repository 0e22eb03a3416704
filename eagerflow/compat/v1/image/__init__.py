"""tf.compat.v1.image: tf.image with TF 1's names for two of its functions
(`resize_image_with_crop_or_pad`, `transpose_image`)."""

import eagerflow.compat.v1 as _v1
import eagerflow.image as _tf2

# TF 1's name -> the tf.compat.v1 function it is
_V1 = {}
# TF 1's name -> the tf.compat.v1 submodule holding it
_SUB = {}
# TF 1's name -> its TF 2 name in this namespace
_TF2 = {'resize_image_with_crop_or_pad': 'resize_with_crop_or_pad', 'transpose_image': 'transpose'}


def __getattr__(name):
    if name in _V1:
        value = getattr(_v1, _V1[name])
    elif name in _SUB:
        value = getattr(getattr(_v1, _SUB[name]), name)
    else:
        try:
            value = getattr(_tf2, _TF2.get(name, name))
        except AttributeError:
            raise AttributeError(f"module 'eagerflow.compat.v1.image' has no attribute "
                                 f"{name!r}") from None
    globals()[name] = value
    return value


def __dir__():
    return sorted(set(dir(_tf2)) | set(_V1) | set(_SUB) | set(_TF2))
