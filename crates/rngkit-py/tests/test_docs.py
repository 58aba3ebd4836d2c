"""The docstring examples of the package run and hold."""

import doctest

import rngkit


def test_docstring_examples():
    result = doctest.testmod(rngkit)
    assert result.attempted > 5
    assert result.failed == 0


def test_every_public_function_has_a_docstring():
    for name in rngkit.__all__:
        obj = getattr(rngkit, name)
        if callable(obj):
            assert obj.__doc__ and len(obj.__doc__) > 20, name
