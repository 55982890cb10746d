#!/usr/bin/env python3
"""Checks Public/openapi.json: a valid OpenAPI document that describes every route the server has.

    pip install openapi-spec-validator
    python3 Tests/API/check_openapi.py

Validates the document, then reads the paths from Sources/UmbrellaAPI/APIRoute.swift and the methods
registered on them from the API controllers, and checks that the document has exactly those
operations. Also checks what applies to every operation (RequestOriginCheck: 421 `unknownHost` on
every operation, 403 `crossOrigin` on every state-changing one) and that the `MarkChangeOutcome`
schema lists the Swift enum's cases. Exits non-zero on any failure.
"""
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOCUMENT = ROOT / "Public" / "openapi.json"
ROUTES = ROOT / "Sources" / "UmbrellaAPI" / "APIRoute.swift"
CONTROLLERS = ROOT / "Sources" / "UmbrellaWeb" / "Controllers" / "API"
METHODS = {"get", "put", "post", "delete", "patch", "head", "options", "trace"}
SAFE_METHODS = {"get", "head", "options"}
OUTCOMES = ROOT / "Sources" / "Reading" / "Marking" / "WordMark.swift"


def route_paths():
    """APIRoute's paths by name, `:param` written `{param}`."""
    source = ROUTES.read_text(encoding="utf-8")
    definitions = re.findall(r"static let (\w+)\s*=\s*((?:prefix\s*\+\s*)?\[[^\]]*\])", source)
    prefix = []
    paths = {}
    for name, value in definitions:
        components = re.findall(r'"([^"]*)"', value)
        if name == "prefix":
            prefix = components
            continue
        if value.lstrip().startswith("prefix"):
            components = prefix + components
        paths[name] = "/" + "/".join("{" + c[1:] + "}" if c.startswith(":") else c for c in components)
    return paths


def registered_operations(paths):
    """(method, path) for every route the API controllers register."""
    operations = set()
    pattern = re.compile(r"routes\.(?:(get|post|put|delete|patch)\(\s*|on\(\s*\.(\w+),\s*)APIRoute\.(\w+)")
    for file in sorted(CONTROLLERS.glob("*.swift")):
        for method, on_method, name in pattern.findall(file.read_text(encoding="utf-8")):
            if name not in paths:
                raise SystemExit(f"{file.name}: APIRoute.{name} is not in APIRoute.swift")
            operations.add(((method or on_method).lower(), paths[name]))
    return operations


def mark_change_outcomes():
    """The cases of `enum MarkChangeOutcome`, in order."""
    source = OUTCOMES.read_text(encoding="utf-8")
    body = re.search(r"enum MarkChangeOutcome\b[^{]*\{(.*?)\n\}", source, re.S)
    return re.findall(r"^\s*case (\w+)", body.group(1), re.M) if body else []


def main():
    failures = []
    try:
        document = json.loads(DOCUMENT.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        print(f"FAIL: cannot read {DOCUMENT}: {error}")
        return 1

    try:
        from openapi_spec_validator import validate
    except ImportError:
        print("FAIL: openapi-spec-validator is not installed (pip install openapi-spec-validator)")
        return 1
    try:
        validate(document)
    except Exception as error:  # the validator raises several error types
        failures.append(f"invalid OpenAPI document: {error}")

    paths = route_paths()
    if not paths:
        failures.append(f"no routes found in {ROUTES}")
    documented = document.get("paths", {})
    for name, path in sorted(paths.items()):
        if path not in documented:
            failures.append(f"APIRoute.{name} ({path}) is missing from the document")
    for path in documented:
        if path not in paths.values():
            failures.append(f"{path} is documented but not in APIRoute.swift")

    registered = registered_operations(paths)
    described = {(m, p) for p, item in documented.items() for m in item if m in METHODS}
    for method, path in sorted(registered - described):
        failures.append(f"{method.upper()} {path} is served but not documented")
    for method, path in sorted(described - registered):
        failures.append(f"{method.upper()} {path} is documented but not served")

    operation_ids = [item[m].get("operationId") for p, item in documented.items() for m in item if m in METHODS]
    if None in operation_ids:
        failures.append("an operation has no operationId")
    duplicates = {i for i in operation_ids if i is not None and operation_ids.count(i) > 1}
    if duplicates:
        failures.append(f"duplicate operationIds: {sorted(duplicates)}")

    for path, item in documented.items():
        for method, operation in item.items():
            if method not in METHODS:
                continue
            responses = operation.get("responses", {})
            if "421" not in responses:
                failures.append(f"{method.upper()} {path} does not document 421 (unknownHost)")
            if method not in SAFE_METHODS and "403" not in responses:
                failures.append(f"{method.upper()} {path} does not document 403 (crossOrigin)")

    swift_outcomes = mark_change_outcomes()
    documented_outcomes = document.get("components", {}).get("schemas", {}).get("MarkChangeOutcome", {}).get("enum")
    if swift_outcomes != documented_outcomes:
        failures.append(f"MarkChangeOutcome is {documented_outcomes} in the document but {swift_outcomes} in Swift")

    for failure in failures:
        print(f"FAIL: {failure}")
    if failures:
        return 1
    print(f"OK: {DOCUMENT.relative_to(ROOT)} is valid and has all {len(registered)} operations on {len(paths)} paths")
    return 0


if __name__ == "__main__":
    sys.exit(main())
