"""The types and numbers every Python entry point of stickslip checks, in one place (studies.py, models.py).

A value of the wrong Python type is a TypeError naming the argument, the value and what is allowed ("t_end='10': a
str; allowed: a number (int or float)"); a number the command line would refuse as a number (nan, inf, beyond a
double's range) is a ValueError with the command line's own message (core/parameters.cpp's parse_real, through
_core.parse_real), so that ``m=10**400`` here and ``--set m=1e400`` there say the same.
"""
from __future__ import annotations

import decimal
import numbers
import os
from collections.abc import Mapping
from typing import Any, Optional

import numpy as np

from . import _core


def kind(value: Any) -> str:
    """'a str', 'an int', 'a NoneType': the type of a value as a message names it."""
    t = type(value).__name__
    return ("an " if t[:1].lower() in "aeiou" else "a ") + t


def is_number(value: Any) -> bool:
    """An int or float (numpy's included), not a bool."""
    return isinstance(value, numbers.Real) and not isinstance(value, (bool, np.bool_))


def number_text(key: str, value: Any) -> str:
    """A number as the command line's text ("3", "0.1"); ValueError with the command line's message where it would
    refuse it (nan, inf, beyond a double's range)."""
    if isinstance(value, numbers.Integral):
        text = str(int(value))
        try:
            float(value)
        except OverflowError:  # 10**400: written as the command line would take it (1e400), and refused so
            text = format(decimal.Decimal(int(value)).normalize(), "e").replace("e+", "e")
    else:
        text = repr(float(value))
    _core.parse_real(key, text)
    return text


def number(key: str, value: Any) -> float:
    """A number argument: TypeError for another type (a str, a bool, None, a list), ValueError where the command
    line would refuse it as a number."""
    if not is_number(value):
        raise TypeError(f"{key}={value!r}: {kind(value)}; allowed: a number (int or float)")
    return _core.parse_real(key, number_text(key, value))


def optional_number(key: str, value: Any) -> Optional[float]:
    return None if value is None else number(key, value)


def flag(key: str, value: Any) -> bool:
    """A switch argument (resume, overwrite, events, ...): True or False."""
    if not isinstance(value, (bool, np.bool_)):
        raise TypeError(f"{key}={value!r}: {kind(value)}; allowed: True or False")
    return bool(value)


def optional_flag(key: str, value: Any) -> Optional[bool]:
    return None if value is None else flag(key, value)


def name(key: str, value: Any) -> str:
    """A name argument (a study, an observable, a solver spec): a str."""
    if not isinstance(value, str):
        raise TypeError(f"{key}={value!r}: {kind(value)}; allowed: a name (str)")
    return value


def mapping(key: str, value: Any, what: str) -> Mapping:
    """A dict argument (params=, axes=, fix=): None or a mapping."""
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise TypeError(f"{key}={value!r}: {kind(value)}; allowed: a dict of {what} (key -> value), or None")
    return value


def path(key: str, value: Any) -> str:
    """A folder argument (out=): a str or os.PathLike."""
    if not isinstance(value, (str, os.PathLike)):
        raise TypeError(f"{key}={value!r}: {kind(value)}; allowed: a folder (str or os.PathLike)")
    return os.fspath(value)
