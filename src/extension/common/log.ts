import * as vscode from 'vscode';

/**
 * The extension's one log, on a LogOutputChannel (levels chosen by the user). Callers pass
 * messages that never contain a key; request lines come from the client's exchange records.
 */
export class Log implements vscode.Disposable {
  /** Also the language client's output channel, so everything is in one place. */
  readonly channel: vscode.LogOutputChannel;

  constructor(name: string) {
    this.channel = vscode.window.createOutputChannel(name, { log: true });
  }

  trace(message: string): void {
    this.channel.trace(message);
  }
  debug(message: string): void {
    this.channel.debug(message);
  }
  info(message: string): void {
    this.channel.info(message);
  }
  warn(message: string): void {
    this.channel.warn(message);
  }
  error(message: string, error?: unknown): void {
    this.channel.error(error instanceof Error ? `${message}: ${error.message}` : message);
  }

  show(): void {
    this.channel.show(true);
  }

  dispose(): void {
    this.channel.dispose();
  }
}
