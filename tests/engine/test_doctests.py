"""The examples in the engine's public docstrings are what a newcomer reads first: they must run."""

from __future__ import annotations

import doctest
import importlib

import pytest

PUBLIC_FACE = (
    "tdapp.engine.cards",
    "tdapp.engine.hands",
    "tdapp.engine.pots",
    "tdapp.engine.holdem",
    "tdapp.engine.pushed_chips",
)


@pytest.mark.parametrize("module_name", PUBLIC_FACE)
def test_public_module_examples_run(module_name: str) -> None:
    module = importlib.import_module(module_name)
    finder = doctest.DocTestFinder(exclude_empty=True)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    report: list[str] = []
    for test in finder.find(module, module_name):
        runner.run(test, out=report.append)
    results = runner.summarize(verbose=False)
    assert results.attempted > 0, f"{module_name} shows no example in its docstrings"
    assert results.failed == 0, "".join(report)
