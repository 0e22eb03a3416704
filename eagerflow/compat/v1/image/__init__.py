"""tf.compat.v1.image: tf.image with TF 1's names for two of its functions
(`resize_image_with_crop_or_pad`, `transpose_image`), TF 1's `draw_bounding_boxes`
(colours optional, after `name`), its `extract_glimpse` (TF's first ExtractGlimpse op)
TF 1's own resizing (`resize`/`resize_images`, `resize_bilinear`, ...,
`ResizeMethod`: v1/image_v1.py), crop_and_resize's `box_ind` and
sample_distorted_bounding_box's `seed2`, without TF 2's stateless_random_* and resize_with_pad."""

import eagerflow.compat.v1 as _v1
import eagerflow.image as _tf2
from eagerflow._src.v1.namespaces import aliased_namespace as _aliased_namespace

# TF 1's name -> the tf.compat.v1 function it is
_V1 = {'extract_image_patches': 'extract_image_patches'}
# TF 1's name -> the tf.compat.v1 submodule holding it
_SUB = {}
# TF 1's name -> its TF 2 name in this namespace
_TF2 = {'resize_image_with_crop_or_pad': 'resize_with_crop_or_pad', 'transpose_image': 'transpose'}
# TF 2's names that TF 1's tf.image lacks
_LACKS = ('resize_with_pad', 'stateless_random_brightness', 'stateless_random_contrast',
          'stateless_random_crop', 'stateless_random_flip_left_right',
          'stateless_random_flip_up_down', 'stateless_random_hue',
          'stateless_random_jpeg_quality', 'stateless_random_saturation',
          'stateless_sample_distorted_bounding_box')

from eagerflow._src.ops.image_boxes import (  # noqa: E402
    draw_bounding_boxes_v1 as draw_bounding_boxes,
)
from eagerflow._src.ops.image_boxes import extract_glimpse_v1 as extract_glimpse  # noqa: E402
from eagerflow._src.v1.image_v1 import ResizeMethod as ResizeMethod  # noqa: E402
from eagerflow._src.v1.image_v1 import crop_and_resize as crop_and_resize  # noqa: E402
from eagerflow._src.v1.image_v1 import resize_area as resize_area  # noqa: E402
from eagerflow._src.v1.image_v1 import (  # noqa: E402
    sample_distorted_bounding_box as sample_distorted_bounding_box,
)
from eagerflow._src.v1.image_v1 import resize_bicubic as resize_bicubic  # noqa: E402
from eagerflow._src.v1.image_v1 import resize_bilinear as resize_bilinear  # noqa: E402
from eagerflow._src.v1.image_v1 import (  # noqa: E402
    resize_image_with_pad as resize_image_with_pad,
)
from eagerflow._src.v1.image_v1 import resize_images as resize_images  # noqa: E402
from eagerflow._src.v1.image_v1 import (  # noqa: E402
    resize_nearest_neighbor as resize_nearest_neighbor,
)

resize = resize_images
__getattr__, __dir__ = _aliased_namespace(__name__, _v1, _tf2, _V1, _SUB, _TF2, _LACKS)
