"""tf.summary: TensorBoard summaries (re-exports only)."""

from eagerflow._src.summary.summary_ops import (
    audio as audio,
    histogram as histogram,
    image as image,
    record_if as record_if,
    scalar as scalar,
    should_record_summaries as should_record_summaries,
    text as text,
    write as write,
)
from eagerflow._src.summary.trace import (
    graph as graph,
    trace_export as trace_export,
    trace_off as trace_off,
    trace_on as trace_on,
)
from eagerflow._src.summary.writer import (
    SummaryWriter as SummaryWriter,
    create_file_writer as create_file_writer,
    create_noop_writer as create_noop_writer,
    flush as flush,
)
from eagerflow.summary import experimental as experimental
from eagerflow._src.core import api_names as _api_names  # noqa: E402

_api_names.adopt_tf_names("summary", globals())
del _api_names
