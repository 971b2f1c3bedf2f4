import * as vscode from 'vscode';
import type { SecretRedactor } from '../../core/api/redact';

/**
 * The extension's one log, on a LogOutputChannel (levels chosen by the user). Every line, and
 * every message the extension shows (through `redact`), loses any API key seen in this session:
 * the one place no path can forget.
 */
export class Log implements vscode.Disposable {
  /** Also the language client's output channel, so everything is in one place. */
  readonly channel: vscode.LogOutputChannel;

  constructor(
    name: string,
    private readonly redactor: SecretRedactor,
  ) {
    this.channel = vscode.window.createOutputChannel(name, { log: true });
  }

  /** Text to show the user, without any key seen in this session. */
  redact(text: string): string {
    return this.redactor.redact(text);
  }

  trace(message: string): void {
    this.channel.trace(this.redact(message));
  }
  debug(message: string): void {
    this.channel.debug(this.redact(message));
  }
  info(message: string): void {
    this.channel.info(this.redact(message));
  }
  warn(message: string): void {
    this.channel.warn(this.redact(message));
  }
  error(message: string, error?: unknown): void {
    this.channel.error(
      this.redact(error instanceof Error ? `${message}: ${error.message}` : message),
    );
  }

  show(): void {
    this.channel.show(true);
  }

  dispose(): void {
    this.channel.dispose();
  }
}
