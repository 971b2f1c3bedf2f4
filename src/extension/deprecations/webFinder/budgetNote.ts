import * as vscode from 'vscode';
import type {
  EditorScanLimits,
  ScanBudget,
} from '../../../core/deprecations/pipeline/editorScanLimits';

/** "Scanned 5,000 of 200,000 files: …", or undefined when the scan read every file. */
export function budgetNote(budget: ScanBudget, limits: EditorScanLimits): string | undefined {
  if (!budget.partial) return undefined;
  const count = (value: number) => value.toLocaleString('en-US');
  const read = budget.listed - budget.overBytes;
  return budget.overBytes > 0
    ? vscode.l10n.t(
        'Scanned {0} of {1} files: a scan in the browser reads at most {2} MB. The desktop editor or the command line scans them all.',
        count(read),
        count(budget.candidates),
        count(Math.round(limits.maxTotalBytes / (1024 * 1024))),
      )
    : vscode.l10n.t(
        'Scanned {0} of {1} files: a scan in the browser reads at most {2} files, the first by path. The desktop editor or the command line scans them all.',
        count(read),
        count(budget.candidates),
        count(limits.maxFiles),
      );
}
