#!/usr/bin/env bash
# The pre-commit hook (.pre-commit-hooks.yaml): the staged files pre-commit passes, scanned by the
# petstore-deprecations package of this hook's version, run with npx (kept in npm's cache after
# the first run). Nothing of this repository is installed or built.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
version=$(node -p 'require(process.argv[1]).version' "$here/package.json")
# The second -- ends the scan's options: a staged file named like an option stays a file.
exec npx --yes --package="${PETSTORE_DEPRECATIONS_PACKAGE:-petstore-deprecations@$version}" -- \
  petstore-deprecations scan -- "$@"
