"""tf.io: files, TFRecords and tf.train.Example parsing (re-exports only)."""

from eagerflow.io import gfile as gfile
from eagerflow._src.io.tfrecord import TFRecordOptions as TFRecordOptions
from eagerflow._src.io.tfrecord import TFRecordWriter as TFRecordWriter
from eagerflow._src.ops.csv_ops import decode_csv as decode_csv
from eagerflow._src.ops.image_codecs import (
    decode_bmp as decode_bmp,
    decode_gif as decode_gif,
    decode_image as decode_image,
    decode_jpeg as decode_jpeg,
    decode_jxl as decode_jxl,
    decode_png as decode_png,
    decode_webp as decode_webp,
    is_jpeg as is_jpeg,
)
from eagerflow._src.ops.image_encoders import (
    decode_and_crop_jpeg as decode_and_crop_jpeg,
    encode_jpeg as encode_jpeg,
    encode_png as encode_png,
    extract_jpeg_shape as extract_jpeg_shape,
)
from eagerflow._src.ops.io_ops import decode_raw as decode_raw
from eagerflow._src.ops.io_ops import match_filenames_once as match_filenames_once
from eagerflow._src.ops.io_ops import matching_files as matching_files
from eagerflow._src.ops.io_ops import read_file as read_file
from eagerflow._src.ops.io_ops import write_file as write_file
from eagerflow._src.ops.parsing_ops import FixedLenFeature as FixedLenFeature
from eagerflow._src.ops.proto_ops import decode_proto as decode_proto
from eagerflow._src.ops.proto_ops import encode_proto as encode_proto
from eagerflow._src.ops.parsing_ops import FixedLenSequenceFeature as FixedLenSequenceFeature
from eagerflow._src.ops.parsing_ops import VarLenFeature as VarLenFeature
from eagerflow._src.ops.parsing_features import RaggedFeature as RaggedFeature
from eagerflow._src.ops.parsing_features import SparseFeature as SparseFeature
from eagerflow._src.ops.parsing_features import parse_example as parse_example
from eagerflow._src.ops.parsing_features import parse_single_example as parse_single_example
from eagerflow._src.ops.parsing_sequence_v2 import parse_sequence_example as parse_sequence_example
from eagerflow._src.ops.parsing_sequence_v2 import (
    parse_single_sequence_example as parse_single_sequence_example,
)
from eagerflow._src.train.graph_io import write_graph as write_graph
from eagerflow._src.ops.serialization import (
    decode_base64 as decode_base64,
    decode_compressed as decode_compressed,
    decode_json_example as decode_json_example,
    encode_base64 as encode_base64,
    parse_tensor as parse_tensor,
    serialize_tensor as serialize_tensor,
)
from eagerflow._src.ops.sparse_serialization import (
    deserialize_many_sparse as deserialize_many_sparse,
    serialize_many_sparse as serialize_many_sparse,
    serialize_sparse as serialize_sparse,
)

# TF's __name__ for the functions above whose own is a factory's or an alias's
from eagerflow._src.core import api_names as _api_names  # noqa: E402

_api_names.adopt_tf_names("io", globals())
del _api_names
