#!/usr/bin/env python3
"""Runs the browser tests: python3 Tests/Browser/run.py [pytest arguments].

Server: UMBRELLA_URL=http://host:port to use a running one; UMBRELLA_MOCK=1 for the Python mock;
otherwise .build/debug/umbrella (or UMBRELLA_BINARY) is started on a free port with a fresh data
directory. Installs the pinned requirements when they are missing.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main() -> int:
    if importlib.util.find_spec("selenium") is None or importlib.util.find_spec("pytest") is None:
        subprocess.check_call([sys.executable, "-m", "pip", "install", "-q", "-r", str(HERE / "requirements.txt")])
    import pytest

    arguments = sys.argv[1:]
    paths = [a for a in arguments if not a.startswith("-") and Path(a.split("::")[0]).exists()]
    return pytest.main(["-p", "no:cacheprovider", "-q", "-rfEs", *([] if paths else [str(HERE)]), *arguments])


if __name__ == "__main__":
    sys.exit(main())
