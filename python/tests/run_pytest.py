"""Run one test file of python/tests under pytest (ctest, label python).

Exit 77 (ctest's skip) with the reason where pytest or hypothesis is missing; else pytest's
exit code. The package is found through PYTHONPATH (the build tree's python/ folder).
"""
import sys

missing = []
for name in ("pytest", "hypothesis"):
    try:
        __import__(name)
    except ImportError:
        missing.append(name)
if missing:
    print(f"python: skipped: {sys.executable} cannot import {', '.join(missing)} "
          f"(Debian: {' '.join('python3-' + m for m in missing)})")
    sys.exit(77)

import pytest  # noqa: E402

sys.exit(pytest.main(["-q", "-p", "no:cacheprovider", *sys.argv[1:]]))
