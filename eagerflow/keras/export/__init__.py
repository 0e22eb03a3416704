"""tf.keras.export (re-exports only)."""

from eagerflow._src.keras.export import ExportArchive as ExportArchive
