#!/usr/bin/env bash
# The GitHub Action's scan step (action.yml): runs the CLI the install step put in
# PETSTORE_DEPRECATIONS, once, printing the chosen format and writing SARIF, then sets the step's
# outputs and decides its status.
set -uo pipefail

cli="${PETSTORE_DEPRECATIONS:?the install step names the CLI in PETSTORE_DEPRECATIONS}"

read -r -a paths <<<"${INPUT_PATHS:-.}"
((${#paths[@]})) || paths=(.)
args=(--format "${INPUT_FORMAT:-github}" --confidence "${INPUT_CONFIDENCE:-likely}")
[[ -n "${INPUT_BASELINE:-}" ]] && args+=(--baseline "$INPUT_BASELINE")
[[ -n "${INPUT_CHANGED_SINCE:-}" ]] && args+=(--changed-since "$INPUT_CHANGED_SINCE")
[[ -n "${INPUT_CATEGORY:-}" ]] && args+=(--category "$INPUT_CATEGORY")

# SARIF is always written (to the runner's temporary folder when not asked for): the call count
# comes from it.
sarif="${INPUT_SARIF:-}"
[[ -n "$sarif" ]] || sarif="${RUNNER_TEMP:-/tmp}/petstore-deprecations.$$.sarif"
args+=(--sarif "$sarif")

"$cli" scan "${paths[@]}" "${args[@]}"
status=$?
if ((status == 2)); then
  echo "::error title=petstore-deprecations::the scan could not run (see the log above)"
  exit 2
fi

history_file=""
if [[ "${INPUT_HISTORY:-false}" == "true" ]]; then
  # Beside the SARIF: name.sarif -> name.history.json.
  history_file="${INPUT_SARIF:-petstore-deprecations.sarif}"
  history_file="${history_file%.sarif}.history.json"
  history_args=(--format json --out "$history_file" --confidence "${INPUT_CONFIDENCE:-likely}")
  [[ -n "${INPUT_HISTORY_SINCE:-}" ]] && history_args+=(--since "$INPUT_HISTORY_SINCE")
  # The history is for people: when it cannot be counted, the scan's result still stands.
  if ! "$cli" history "${paths[@]}" "${history_args[@]}"; then
    echo "::warning title=petstore-deprecations::the history could not be counted (see the log above)"
    history_file=""
  # Whether the checkout is shallow comes from the CLI's own (hardened) git, as the note it
  # leaves in the history when a shallow clone cut points off: this script runs no git itself.
  elif node -e 'const h = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
process.exit((h.notes ?? []).some((note) => note.includes("git fetch --unshallow")) ? 0 : 1);' "$history_file"; then
    echo "::warning title=petstore-deprecations::the checkout is shallow: the history starts at its first commit. Check out with fetch-depth: 0 for the whole history."
  fi
fi

calls=$(node -e 'const log = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
process.stdout.write(String(log.runs[0].results.length));' "$sarif")
{
  echo "calls=$calls"
  echo "sarif=${INPUT_SARIF:-}"
  echo "history=$history_file"
} >>"${GITHUB_OUTPUT:-/dev/null}"
[[ -n "${INPUT_SARIF:-}" ]] || rm -f "$sarif"

if ((status == 1)) && [[ "${INPUT_FAIL_ON_NEW:-true}" == "true" ]]; then exit 1; fi
exit 0
