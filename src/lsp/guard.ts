/**
 * Keeps the language server alive whatever a client sends: an exception in a handler, a timer or a
 * promise started without waiting is logged and answered with a fallback, never left to end the
 * process (an editor user would lose every diagnostic).
 */
export class HandlerGuard {
  constructor(private readonly logError: (message: string) => void) {}

  /** Runs a handler; a throw or a rejection is logged and the fallback returned instead. */
  run<T>(what: string, fallback: T, handler: () => T): T;
  run<T>(what: string, fallback: T, handler: () => Promise<T>): Promise<T>;
  run<T>(what: string, fallback: T, handler: () => T | Promise<T>): T | Promise<T> {
    try {
      const result = handler();
      return result instanceof Promise
        ? result.catch((error: unknown) => this.failed(what, error, fallback))
        : result;
    } catch (error) {
      return this.failed(what, error, fallback);
    }
  }

  /** A promise nobody awaits: its rejection is logged. */
  detach(what: string, promise: PromiseLike<unknown>): void {
    Promise.resolve(promise).catch((error: unknown) => this.failed(what, error, undefined));
  }

  private failed<T>(what: string, error: unknown, fallback: T): T {
    const message = error instanceof Error ? error.message : String(error);
    this.logError(`petstore: ${what} failed: ${message}`);
    return fallback;
  }
}
