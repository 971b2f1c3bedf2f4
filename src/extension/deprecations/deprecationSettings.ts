import * as vscode from 'vscode';
import { DEFAULT_OPERATION_NAMES } from '../../core/deprecations/recognisers/operationCalls';
import type { DeprecationSettings } from '../../lsp/settings';

/** Our settings plus VS Code's files.exclude and search.exclude, as the language server takes them. */
export function readDeprecationSettings(): DeprecationSettings {
  const config = vscode.workspace.getConfiguration('petstore.deprecations');
  const enabledGlobs = (section: string) =>
    Object.entries(vscode.workspace.getConfiguration().get<Record<string, unknown>>(section) ?? {})
      .filter(([, enabled]) => enabled === true)
      .map(([glob]) => glob);
  return {
    enable: config.get<boolean>('enable', true),
    severity: config.get<DeprecationSettings['severity']>('severity', 'warning'),
    operationNames: config.get<string[]>('operationNames', DEFAULT_OPERATION_NAMES),
    exclude: [
      ...enabledGlobs('files.exclude'),
      ...enabledGlobs('search.exclude'),
      ...config.get<string[]>('exclude', []),
    ],
    scanWorkspace: config.get<boolean>('scanWorkspace', true),
    baseline: config.get<string>('baseline', ''),
    baselinedFindings: config.get<DeprecationSettings['baselinedFindings']>(
      'baselinedFindings',
      'hint',
    ),
    countRoutes: config.get<boolean>('countRoutes', false),
  };
}
