import { readdirSync, statSync } from 'node:fs';
import { isSymbolicLink, realBoundary, staysWithin } from '../../core/files/boundary';
import { readFailure, readRegularText } from '../../core/files/regularFile';
import { basename, dirname, join, relative, resolve } from 'node:path';
import {
  MergeError,
  mergeResults,
  readResultsFile,
  type ResultsFile,
} from '../../core/deprecations/merge/mergedResults';
import { MAX_HISTORY_BYTES } from '../../core/deprecations/history/historyFile';
import { mergedHtml, mergedMarkdown } from '../../core/deprecations/reports/mergedReport';
import { fail, note } from './cliOutput';
import { TOOL_VERSION } from '../../core/deprecations/toolVersion';

/** Results files read at most: an organisation of thousands of repositories, with histories. */
const MAX_FILES = 20_000;
/** Folders looked into under a given folder: DIR/<repo>/results.sarif, DIR/<org>/<repo>/…. */
const MAX_DEPTH = 3;

/**
 * `report --merge PATH...`: the results files of many repositories (SARIF or JSON of scan, JSON
 * of history), given one by one or in folders, as one report. A repository is named by its SARIF's
 * repository URI, else by its file (`repo-a.sarif`, `repo-a.history.json`) or, in a folder of its
 * own, by that folder (`repo-a/results.sarif`).
 */
export function mergedReportText(paths: readonly string[], format: 'html' | 'markdown'): string {
  const found: { path: string; name: string }[] = [];
  for (const given of paths.length ? paths : ['.']) {
    const path = resolve(given);
    let stats;
    try {
      stats = statSync(path);
    } catch (error) {
      fail(`cannot read ${given}: ${(error as Error).message}`);
    }
    if (stats.isDirectory()) collect(path, path, 0, found);
    else found.push({ path, name: nameOf(basename(path)) });
  }
  if (found.length === 0) fail('no results files (.sarif or .json) to merge');
  const files: { source: string; file: ResultsFile }[] = [];
  try {
    for (const { path, name } of found) {
      const source = relative(process.cwd(), path) || path;
      let text: string;
      try {
        text = readRegularText(path, { maxBytes: MAX_HISTORY_BYTES });
      } catch (error) {
        throw new MergeError(`${source}: ${readFailure(error)}`);
      }
      files.push({ source, file: readResultsFile(text, source, name, TOOL_VERSION) });
    }
    const report = mergeResults(files, { toolVersion: TOOL_VERSION });
    for (const line of report.notes) note(`note: ${line}`);
    note(
      `${report.total} call${report.total === 1 ? '' : 's'} left in ${report.repositories.length} repositor${report.repositories.length === 1 ? 'y' : 'ies'}${report.forecast ? `; ${report.forecast.summary}` : ''}`,
    );
    return format === 'html' ? mergedHtml(report, TOOL_VERSION) : mergedMarkdown(report);
  } catch (error) {
    if (error instanceof MergeError) fail(`cannot merge: ${error.message}`);
    throw error;
  }
}

function collect(
  root: string,
  folder: string,
  depth: number,
  found: { path: string; name: string }[],
): void {
  let names: string[];
  try {
    names = readdirSync(folder).sort();
  } catch (error) {
    fail(`cannot read ${folder}: ${(error as Error).message}`);
  }
  for (const name of names) {
    if (found.length >= MAX_FILES) fail(`more than ${MAX_FILES} results files under ${root}`);
    const path = join(folder, name);
    if (isSymbolicLink(path) && !staysWithin(path, realBoundary([root]))) {
      note(`note: skipped a link that leads outside ${root}: ${path}`);
      continue;
    }
    let stats;
    try {
      stats = statSync(path);
    } catch {
      continue;
    }
    if (stats.isDirectory()) {
      if (depth < MAX_DEPTH && !name.startsWith('.')) collect(root, path, depth + 1, found);
      continue;
    }
    if (!/\.(sarif|json)$/.test(name)) continue;
    // In a folder of its own the folder names the repository; beside others, the file does.
    const repository =
      folder === root ? nameOf(name) : relative(root, dirname(path)).split('\\').join('/');
    found.push({ path, name: repository });
  }
}

/** `repo-a.sarif`, `repo-a.json`, `repo-a.history.json` → `repo-a`. */
function nameOf(file: string): string {
  return file.replace(/\.(sarif|json)$/, '').replace(/\.(history|results|petstore)$/, '');
}
