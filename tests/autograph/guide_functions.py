"""The AutoGraph guide's sample functions, shared by the eager (test_eager.py), graph
(test_graph.py) and API (test_api.py) tests so that each converts the same source."""


def square_if_positive(x):
    if x > 0:
        x = x * x
    else:
        x = 0.0
    return x


def sign(x):
    if x > 0:
        s = 1
    elif x < 0:
        s = -1
    else:
        s = 0
    return s


def sum_even(items):
    s = 0
    for c in items:
        if c % 2 > 0:
            continue
        s += c
    return s
