"""kprep's further snippets: each layer on channels-first images, on integer images, with
a seed of 0 and a fresh seeded SeedGenerator, and (for every layer) boxes in the other
formats; kprobe/record_golden.py kprep records them with cases.py's."""

from tests.keras.kprep.prelude import MORE, PRELUDE


def snippets(layers: dict) -> dict:
    """The further snippets of `layers` (name: constructor call, ending in a keyword
    argument or "()")."""
    out = {}
    for name, make in layers.items():
        cf = make[:-1] + (", " if not make.endswith("()") else "") + \
            "data_format='channels_first')"
        fmt = make[:-1] + (", " if not make.endswith("()") else "") + \
            "bounding_box_format=fmt)"
        out[f"channels_first_{name}"] = PRELUDE + MORE + f"channels_first(lambda: {cf})\n"
        out[f"integers_{name}"] = PRELUDE + MORE + f"integers(lambda: {make})\n"
        out[f"formats_{name}"] = PRELUDE + MORE + f"formats(lambda fmt: {fmt})\n"
    return out


def unseeded(layers: dict) -> dict:
    """Snippets drawing with the layers made without a seed (their generators seeded from
    Python's random module, which the snippet's keras.utils.set_random_seed(1) fixes):
    two layers made in turn, each drawing twice."""
    out = {}
    for name, make in layers.items():
        bare = make.replace(", seed=3)", ")").replace("(seed=3)", "()")
        if bare == make:
            continue
        out[f"unseeded_{name}"] = PRELUDE + f"""
first, second = {bare}, {bare}
for label, layer in (("first", first), ("second", second), ("first_again", first)):
    probe(label, layer, X4, True)
"""
    return out


def bad_ranks(layers: dict) -> dict:
    """Snippets giving each layer images of rank 2 and rank 5: get_random_transformation's
    and the call's errors (or results)."""
    out = {}
    for name, make in layers.items():
        out[f"bad_ranks_{name}"] = PRELUDE + f"""
for label, x in (("rank2", X4[0, :, :, 0]), ("rank5", X4[None])):
    probe(label, {make}, x)
    probe(label + "_dict", {make}, {{"images": x}})
    tryp(label + "_call", lambda: ({make})(x), values=False)
"""
    return out
