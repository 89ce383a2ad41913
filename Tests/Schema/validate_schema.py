#!/usr/bin/env python3
"""Validates scenario files against scenarios/scenario.schema.json with a real JSON Schema
validator (python-jsonschema, Draft 7). YAML timestamps stay strings, as the YAML language
server reads them. Prints one line per problem and exits 1 when any file fails, 0 when all pass.
Usage: validate_schema.py SCHEMA FILE..."""
import json
import sys

import jsonschema
import yaml


class Loader(yaml.SafeLoader):
    pass


# Keep `clock: 2026-01-15T09:00:00Z` a string (YAML 1.2 core schema, as editors read it).
Loader.yaml_implicit_resolvers = {
    key: [(tag, regexp) for tag, regexp in resolvers if tag != "tag:yaml.org,2002:timestamp"]
    for key, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}


def main() -> int:
    schema = json.load(open(sys.argv[1], encoding="utf-8"))
    jsonschema.Draft7Validator.check_schema(schema)
    validator = jsonschema.Draft7Validator(schema)
    failed = 0
    for path in sys.argv[2:]:
        with open(path, encoding="utf-8") as handle:
            document = yaml.load(handle, Loader=Loader)
        errors = sorted(validator.iter_errors(document), key=lambda e: list(e.absolute_path))
        for error in errors:
            where = "/".join(str(p) for p in error.absolute_path) or "(top)"
            print(f"{path}: {where}: {error.message}")
        if errors:
            failed += 1
    print(f"{len(sys.argv) - 2 - failed} valid, {failed} invalid")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
