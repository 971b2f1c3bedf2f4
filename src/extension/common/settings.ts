import * as vscode from 'vscode';
import { LIST_LIMIT_DEFAULT, LIST_LIMIT_MAX, LIST_LIMIT_MIN } from '../../core/api/schemas';
import { readEnvironments, type Environment } from '../../core/explorer/environments';

export const SECTION = 'petstore';

export interface ExplorerSettings {
  environments: Environment[];
  listLimit: number;
  timeoutMs: number;
}

/** Reads the `petstore.*` settings, clamping numbers into their documented ranges. */
export function readSettings(): ExplorerSettings {
  const config = vscode.workspace.getConfiguration(SECTION);
  const limit = config.get<number>('listLimit', LIST_LIMIT_DEFAULT);
  const timeoutSeconds = config.get<number>('requestTimeoutSeconds', 10);
  return {
    environments: readEnvironments(config.get('environments')),
    listLimit: Number.isInteger(limit)
      ? Math.min(LIST_LIMIT_MAX, Math.max(LIST_LIMIT_MIN, limit))
      : LIST_LIMIT_DEFAULT,
    timeoutMs: Math.min(120, Math.max(1, Number(timeoutSeconds) || 10)) * 1000,
  };
}
