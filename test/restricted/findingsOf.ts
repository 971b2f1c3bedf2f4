import * as vscode from 'vscode';
import { within } from '../integration/support/explorer';

/**
 * The finder's diagnostics of GET /pets/{petId} in a file, once there is at least one (waits on
 * `onDidChangeDiagnostics`, never on time; fails after `limitMs`, saying what it waited for).
 */
export function findingsOnceReported(
  file: vscode.Uri,
  limitMs = 90_000,
): Promise<vscode.Diagnostic[]> {
  const current = () =>
    vscode.languages
      .getDiagnostics(file)
      .filter((diagnostic) => diagnostic.message.includes('GET /pets/{petId}'));
  return within(
    new Promise<vscode.Diagnostic[]>((resolve) => {
      const check = () => {
        const found = current();
        if (found.length === 0) return;
        subscription.dispose();
        resolve(found);
      };
      const subscription = vscode.languages.onDidChangeDiagnostics(check);
      check();
    }),
    () => `a GET /pets/{petId} diagnostic in ${vscode.workspace.asRelativePath(file)}`,
    limitMs,
  );
}
