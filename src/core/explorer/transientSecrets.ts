import type { SecretBackend } from './apiKeyStore';

/**
 * Secret storage where some names live in memory only: a rehearsal's key (a random one for the
 * local server, or a copy of the environment's for the proxy) is never written to the editor's
 * secret store, so nothing of it outlives the window, even after a crash.
 */
export class TransientSecrets implements SecretBackend {
  private readonly memory = new Map<string, string>();

  constructor(
    private readonly persistent: SecretBackend,
    private readonly isTransient: (name: string) => boolean,
  ) {}

  get(name: string): PromiseLike<string | undefined> {
    return this.isTransient(name)
      ? Promise.resolve(this.memory.get(name))
      : this.persistent.get(name);
  }

  store(name: string, value: string): PromiseLike<void> {
    if (!this.isTransient(name)) return this.persistent.store(name, value);
    this.memory.set(name, value);
    return Promise.resolve();
  }

  delete(name: string): PromiseLike<void> {
    if (!this.isTransient(name)) return this.persistent.delete(name);
    this.memory.delete(name);
    return Promise.resolve();
  }
}
