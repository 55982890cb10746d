#!/usr/bin/env python3
"""Fuzzes the JSON API against its OpenAPI document with schemathesis.

    python3 Tests/API/fuzz_api.py [--max-examples 30]

Starts the built server (.build/debug/umbrella, or UMBRELLA_BINARY) on a free port with a fresh
SQLite data directory, then runs schemathesis's example, coverage, fuzzing and stateful phases
with these checks: no 5xx answer, every status code and content type documented, every response
body matching its schema. The seed is fixed so a run is repeatable; pass --seed to explore.
"""

from __future__ import annotations

import argparse
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--max-examples", type=int, default=30)
    ap.add_argument("--seed", default="20261122")
    args = ap.parse_args()
    binary = Path(os.environ.get("UMBRELLA_BINARY", ROOT / ".build" / "debug" / "umbrella"))
    port = free_port()
    with tempfile.TemporaryDirectory() as data:
        env = dict(os.environ, PORT=str(port), UMBRELLA_DATA_PATH=data, LOG_LEVEL="error",
                   UMBRELLA_PUBLIC_DIR=str(ROOT / "Public"))
        env.pop("DATABASE_URL", None)
        server = subprocess.Popen([str(binary), "serve"], cwd=ROOT, env=env)
        try:
            base = f"http://127.0.0.1:{port}"
            for _ in range(300):
                try:
                    urllib.request.urlopen(base + "/health", timeout=1)
                    break
                except OSError:
                    time.sleep(0.1)
            command = [
                sys.executable, "-m", "schemathesis.cli", "run", f"{base}/api/v1/openapi.json", "--url", base,
                "--checks", "not_a_server_error,status_code_conformance,content_type_conformance,"
                "response_schema_conformance",
                "--max-examples", str(args.max_examples), "--seed", args.seed, "--workers", "1",
            ]
            return subprocess.run(command, cwd=ROOT).returncode
        finally:
            server.terminate()
            server.wait(timeout=10)


if __name__ == "__main__":
    sys.exit(main())
