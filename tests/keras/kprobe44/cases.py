"""Snippets of kprobe44: layers made with bad arguments and the errors each raises at
construction or build, keras.Variable's and add_weight's refused shapes (cases_bad.py);
losses, metrics, optimizers, schedules, callbacks, initializers, regularizers and
constraints made with bad arguments (cases_args.py);
each optimizer's variables once built and each metric's variables and results before any
update (cases_state.py); keras.utils' Config, small helpers and the data helpers' bad
arguments (cases_utils.py); compute_output_shape on odd shapes and summaries of unusual
models (cases_shapes.py); Keras 3.15's newer objects: MultiOptimizer, ScheduleFreeAdamW, Muon,
DTypePolicyMap, the quantized policies and configs and RemoteMonitor (cases_newer.py);
layers' configs with arguments other than the defaults and metrics on odd inputs
(cases_cfg.py); models built or used wrongly: Functional's and Sequential's refusals, calls,
predict/evaluate/fit with bad arguments (cases_models.py); layers called on inputs they
refuse, keras.random's bad arguments and saving's bad paths (cases_calls.py).
kprobe/record_golden.py kprobe44 records what real TF 2.21 +
Keras 3 prints for each, and the suite's test files check that eagerflow prints the same."""

from tests.keras.kprobe44.cases_args import SNIPPETS as ARGS_SNIPPETS
from tests.keras.kprobe44.cases_bad import SNIPPETS as BAD_SNIPPETS
from tests.keras.kprobe44.cases_calls import SNIPPETS as CALLS_SNIPPETS
from tests.keras.kprobe44.cases_cfg import SNIPPETS as CFG_SNIPPETS
from tests.keras.kprobe44.cases_models import SNIPPETS as MODELS_SNIPPETS
from tests.keras.kprobe44.cases_newer import SNIPPETS as NEWER_SNIPPETS
from tests.keras.kprobe44.cases_shapes import SNIPPETS as SHAPES_SNIPPETS
from tests.keras.kprobe44.cases_state import SNIPPETS as STATE_SNIPPETS
from tests.keras.kprobe44.cases_utils import SNIPPETS as UTILS_SNIPPETS

SNIPPETS: dict[str, str] = {**BAD_SNIPPETS, **ARGS_SNIPPETS, **STATE_SNIPPETS, **UTILS_SNIPPETS,
                            **SHAPES_SNIPPETS, **NEWER_SNIPPETS, **CFG_SNIPPETS,
                            **MODELS_SNIPPETS, **CALLS_SNIPPETS}
