"""ImageSummary's `bad_color` attr, case by case: the value (eagerflow's attr: Python ints
are the uint8 proto's values, floats a float proto's, bools a bool proto's) and whether
the image is float with every pixel NaN (so each takes bad_color) or uint8 zeros.
record_image_bad_color_golden.py runs them in TF 2.21 (a graph: its eager op cannot take
the attr), test_image_bad_color.py in eagerflow."""

CASES = {
    "default": ((255, 0, 0, 255), "float"),
    "over_255": ((300, 0, 0, 255), "float"),
    "negative": ((-1, 0, -200, 255), "float"),
    "over_255_uint8_image": ((300, 0, 0, 255), "uint8"),
    "int32_max": ((2**31 - 1, 256, 511, 0), "float"),
    "out_of_int32": ((2**31, 0, 0, 0), "float"),
    "below_int32": ((-2**31 - 1, 0, 0, 0), "float"),
    "short": ((255, 0), "float"),
    "short_uint8_image": ((255, 0), "uint8"),
    "long": ((1, 2, 3, 4, 5), "float"),
    "empty": ((), "float"),
    "float": ((1.0, 0.0, 0.0, 1.0), "float"),
    "float_uint8_image": ((1.0, 0.0, 0.0, 1.0), "uint8"),
    "bool": ((True, False, True, True), "float"),
    "matrix": (((1, 0), (0, 1)), "float"),
    "scalar": (7, "float"),
    "matrix_uint8_image": (((1, 0), (0, 1)), "uint8"),
}
