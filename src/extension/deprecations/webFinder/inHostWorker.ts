/**
 * One port of a MessageChannel as the browser's LanguageClient takes a Worker: it posts to it and
 * listens on it (vscode-languageclient/browser builds its BrowserMessageReader and Writer on what
 * it is given, and never calls more than postMessage, addEventListener and onmessage). The other
 * port serves the language server in this same extension host, where no Worker can be started
 * (a web extension served by a VS Code server, code-server included). `terminate` closes both.
 */
export interface WorkerShaped {
  postMessage(message: unknown): void;
  addEventListener(type: string, listener: (event: unknown) => void): void;
  removeEventListener(type: string, listener: (event: unknown) => void): void;
  onmessage: ((event: unknown) => void) | null;
  terminate(): void;
}

export function inHostWorker(channel: InstanceType<typeof MessageChannel>): WorkerShaped {
  // A browser's MessagePort (Node's type, which this project compiles against, lacks onmessage).
  const port = channel.port2 as unknown as WorkerShaped & { close(): void };
  return {
    postMessage: (message) => port.postMessage(message),
    addEventListener: (type, listener) => port.addEventListener(type, listener),
    removeEventListener: (type, listener) => port.removeEventListener(type, listener),
    get onmessage() {
      return port.onmessage;
    },
    // Setting it starts the port, as a Worker's needs no start.
    set onmessage(listener) {
      port.onmessage = listener;
    },
    terminate: () => {
      port.close();
      channel.port1.close();
    },
  };
}
