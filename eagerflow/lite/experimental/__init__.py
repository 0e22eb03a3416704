"""tf.lite.experimental (re-exports only)."""

from eagerflow._src.lite.options import OpResolverType as OpResolverType
