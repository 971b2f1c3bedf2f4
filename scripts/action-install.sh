#!/usr/bin/env bash
# The GitHub Action's install step (action.yml): the petstore-deprecations package of this
# Action's own version, from the npm registry (npm_config_registry, as the runner's npm is set
# up), into the runner's temporary folder. Nothing of this repository is built or installed.
# A runner that already has the CLI may name it in PETSTORE_DEPRECATIONS.
set -euo pipefail

if [[ -n "${PETSTORE_DEPRECATIONS:-}" && -x "$PETSTORE_DEPRECATIONS" ]]; then
  echo "petstore-deprecations: using $PETSTORE_DEPRECATIONS"
  exit 0
fi
version=$(node -p 'require(process.argv[1]).version' "$ACTION_PATH/package.json")
prefix="${RUNNER_TEMP:-/tmp}/petstore-deprecations-$version"
if [[ ! -x "$prefix/bin/petstore-deprecations" ]]; then
  npm install --global --prefix "$prefix" --no-audit --no-fund --loglevel error \
    "petstore-deprecations@$version"
fi
echo "PETSTORE_DEPRECATIONS=$prefix/bin/petstore-deprecations" >>"${GITHUB_ENV:-/dev/null}"
echo "petstore-deprecations $("$prefix/bin/petstore-deprecations" --version) installed"
