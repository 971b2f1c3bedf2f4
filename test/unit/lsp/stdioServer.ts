import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { resolve } from 'node:path';
import type { Diagnostic, PublishDiagnosticsParams } from 'vscode-languageserver';
import { PublishedDiagnostics } from './publishedDiagnostics';

const SERVER = resolve(__dirname, '../../../dist/lsp/server.js');

interface Message {
  id?: number;
  method?: string;
  params?: unknown;
  result?: unknown;
  error?: { code: number; message: string };
}

/**
 * The bundled language server as an editor runs it: a child process speaking LSP over real stdio.
 * Frames are written by hand, so a test can also send broken ones.
 */
export class StdioLanguageServer {
  private readonly published = new PublishedDiagnostics();
  readonly logs: string[] = [];
  stderr = '';
  readonly exited: Promise<number | null>;
  private readonly child: ChildProcessWithoutNullStreams;
  private received = Buffer.alloc(0);
  private nextId = 1;
  private readonly pending = new Map<number, (message: Message) => void>();

  constructor() {
    this.child = spawn(process.execPath, [SERVER, '--stdio'], { stdio: 'pipe' });
    this.exited = once(this.child, 'exit').then(([code]) => code as number | null);
    this.child.stdout.on('data', (chunk: Buffer) => this.onData(chunk));
    this.child.stderr.on('data', (chunk: Buffer) => {
      this.stderr += chunk.toString('utf8');
    });
    // Writes after the server died must not crash the test process.
    this.child.stdin.on('error', () => undefined);
  }

  /** Writes raw bytes, framed or not. */
  writeRaw(bytes: string | Buffer): void {
    this.child.stdin.write(bytes);
  }

  send(message: object): void {
    const body = Buffer.from(JSON.stringify({ jsonrpc: '2.0', ...message }), 'utf8');
    this.writeRaw(Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`), body]));
  }

  notify(method: string, params: unknown): void {
    this.send({ method, params });
  }

  request(method: string, params?: unknown): Promise<Message> {
    const id = this.nextId++;
    const answered = new Promise<Message>((resolve) => this.pending.set(id, resolve));
    this.send({ id, method, params });
    return answered;
  }

  /** Resolves when the server answers a request: it still reads and still writes. */
  async answers(): Promise<boolean> {
    const reply = await this.request('petstore/ping');
    return reply.error?.code === -32601; // method not found: an answer all the same
  }

  diagnostics(
    uri: string,
    predicate: (diagnostics: Diagnostic[]) => boolean,
  ): Promise<Diagnostic[]> {
    return this.published.diagnostics(uri, predicate);
  }

  async stop(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) {
      await this.request('shutdown');
      this.notify('exit', null);
    }
    await this.exited;
  }

  private onData(chunk: Buffer): void {
    this.received = Buffer.concat([this.received, chunk]);
    for (;;) {
      const headerEnd = this.received.indexOf('\r\n\r\n');
      if (headerEnd === -1) return;
      const length = Number(
        /Content-Length: (\d+)/i.exec(this.received.subarray(0, headerEnd).toString())?.[1],
      );
      if (this.received.length < headerEnd + 4 + length) return;
      const body = this.received.subarray(headerEnd + 4, headerEnd + 4 + length).toString('utf8');
      this.received = this.received.subarray(headerEnd + 4 + length);
      this.onMessage(JSON.parse(body) as Message);
    }
  }

  private onMessage(message: Message): void {
    if (message.method === undefined && message.id !== undefined) {
      this.pending.get(message.id)?.(message);
      this.pending.delete(message.id);
    } else if (message.method === 'textDocument/publishDiagnostics') {
      this.published.record(message.params as PublishDiagnosticsParams);
    } else if (message.method === 'window/logMessage') {
      this.logs.push((message.params as { message: string }).message);
    } else if (message.id !== undefined) {
      this.send({ id: message.id, result: null }); // requests from the server (progress, config)
    }
  }
}
