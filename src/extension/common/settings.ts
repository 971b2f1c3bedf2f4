import * as vscode from 'vscode';
import { LIST_LIMIT_DEFAULT, LIST_LIMIT_MAX, LIST_LIMIT_MIN } from '../../core/api/vocabulary';
import { readEnvironments, type Environment } from '../../core/explorer/environments';
import { DEFAULT_MAX_RETRY_WAIT_SECONDS } from '../../core/explorer/failureView';
import { valueForTrust } from '../../core/explorer/restrictedSetting';

export const SECTION = 'petstore';

export interface ExplorerSettings {
  environments: Environment[];
  listLimit: number;
  timeoutMs: number;
  /** The longest Retry-After worth counting down; a later time is shown as a date. */
  maxRetryWaitSeconds: number;
  /** Creates in flight at most during a bulk creation. */
  bulkConcurrency: number;
}

/** Reads the `petstore.*` settings, clamping numbers into their documented ranges. */
export function readSettings(): ExplorerSettings {
  const config = vscode.workspace.getConfiguration(SECTION);
  const limit = config.get<number>('listLimit', LIST_LIMIT_DEFAULT);
  const timeoutSeconds = config.get<number>('requestTimeoutSeconds', 10);
  return {
    // Where keys are sent: a workspace's value counts only once it is trusted (package.json's
    // restrictedConfigurations says the same to VS Code).
    environments: readEnvironments(
      valueForTrust(
        config.get<unknown>('environments'),
        config.inspect<unknown>('environments'),
        vscode.workspace.isTrusted,
      ),
    ),
    listLimit: Number.isInteger(limit)
      ? Math.min(LIST_LIMIT_MAX, Math.max(LIST_LIMIT_MIN, limit))
      : LIST_LIMIT_DEFAULT,
    timeoutMs: Math.min(120, Math.max(1, Number(timeoutSeconds) || 10)) * 1000,
    maxRetryWaitSeconds: Math.min(
      3600,
      Math.max(0, Number(config.get('maxRetryWaitSeconds', DEFAULT_MAX_RETRY_WAIT_SECONDS)) || 0),
    ),
    bulkConcurrency: Math.min(
      16,
      Math.max(1, Math.trunc(Number(config.get('bulkCreate.concurrency', 4))) || 4),
    ),
  };
}
