import type { Diagnostic, PublishDiagnosticsParams } from 'vscode-languageserver';

/** What a language server published, per document, and a way to wait for it (no sleeps). */
export class PublishedDiagnostics {
  readonly latest = new Map<string, Diagnostic[]>();
  private waiters: (() => void)[] = [];

  record(params: PublishDiagnosticsParams): void {
    this.latest.set(params.uri, params.diagnostics);
    for (const wake of this.waiters.splice(0)) wake();
  }

  /** Resolves once the latest diagnostics of `uri` satisfy the predicate. */
  async diagnostics(
    uri: string,
    predicate: (diagnostics: Diagnostic[]) => boolean,
  ): Promise<Diagnostic[]> {
    for (;;) {
      const current = this.latest.get(uri);
      if (current && predicate(current)) return current;
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }
}
