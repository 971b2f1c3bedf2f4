import { isAbsolute, join } from 'node:path';
import * as vscode from 'vscode';
import { readBaselineFile } from '../../core/deprecations/migration/baseline';
import { writeFileAtomically } from '../../core/deprecations/migration/writeAtomically';
import type { Log } from '../common/log';
import type { EditorCall } from './deprecatedCalls';
import type { ReportFiles } from './exportReport';
import { repositoryCallPlaces } from './repositoryCallPlaces';

/**
 * The desktop's report files: a file on disk written atomically (anything else through the
 * editor's file system), measured against the baseline file the settings name.
 */
export function nodeReportFiles(): ReportFiles {
  return {
    places: repositoryCallPlaces(),
    write: async (destination, page) => {
      if (destination.scheme === 'file') writeFileAtomically(destination.fsPath, page);
      else await vscode.workspace.fs.writeFile(destination, new TextEncoder().encode(page));
    },
    baseline: baselineProgress,
  };
}

/** Against the baseline the settings name: its calls, and how many of them are no longer found. */
function baselineProgress(
  calls: readonly EditorCall[],
  log: Log,
): { recorded: number; gone: number } | undefined {
  const name = vscode.workspace
    .getConfiguration('petstore.deprecations')
    .get<string>('baseline', '')
    .trim();
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  const path = isAbsolute(name)
    ? name
    : folder?.scheme === 'file'
      ? join(folder.fsPath, name)
      : undefined;
  if (!name || !path) return undefined;
  try {
    const recorded = readBaselineFile(path).entries.length;
    const stillThere = calls.filter((call) => call.baselined).length;
    return { recorded, gone: Math.max(0, recorded - stillThere) };
  } catch (error) {
    log.warn(`The report leaves out the baseline: ${(error as Error).message}`);
    return undefined;
  }
}
