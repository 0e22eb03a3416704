"""tf.train: checkpoints, and the tf.train.Example protos (re-exports only)."""

# -- data: Example protos --
from eagerflow._src.io.example_pb import BytesList as BytesList
from eagerflow._src.io.example_pb import Example as Example
from eagerflow._src.io.example_pb import Feature as Feature
from eagerflow._src.io.example_pb import FeatureList as FeatureList
from eagerflow._src.io.example_pb import FeatureLists as FeatureLists
from eagerflow._src.io.example_pb import Features as Features
from eagerflow._src.io.example_pb import FloatList as FloatList
from eagerflow._src.io.example_pb import Int64List as Int64List
from eagerflow._src.io.example_pb import SequenceExample as SequenceExample
# -- end data --
