import type * as vscode from 'vscode';

/** An AbortSignal that aborts when the token is cancelled (for the client and the bulk runner). */
export function abortSignalOf(token: vscode.CancellationToken): AbortSignal {
  const controller = new AbortController();
  if (token.isCancellationRequested) controller.abort();
  else token.onCancellationRequested(() => controller.abort());
  return controller.signal;
}
