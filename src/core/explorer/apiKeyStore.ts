/** The minimal secret storage this needs: VS Code's SecretStorage, or a Map in tests. */
export interface SecretBackend {
  get(key: string): PromiseLike<string | undefined>;
  store(key: string, value: string): PromiseLike<void>;
  delete(key: string): PromiseLike<void>;
}

/** A key as stored: bound to the origin it was entered for, so it is never sent anywhere else. */
interface StoredKey {
  key: string;
  origin: string;
}

export type KeyLookup =
  | { state: 'none' }
  | { state: 'ready'; key: string }
  /** A key exists, but for another address than the environment has now. */
  | { state: 'otherOrigin'; boundOrigin: string };

const PREFIX = 'petstore.apiKey.';

/**
 * API keys, one per environment, in secret storage. Each remembers the origin it was set for: when
 * settings point the environment somewhere else (a workspace can change settings), the key is not
 * released until the user confirms the new address.
 */
export class ApiKeyStore {
  /** `onKeySeen` hears every key read or stored (to redact it from everything shown). */
  constructor(
    private readonly secrets: SecretBackend,
    private readonly onKeySeen: (key: string) => void = () => undefined,
  ) {}

  static secretName(environmentId: string): string {
    return `${PREFIX}${environmentId}`;
  }

  static environmentOfSecret(secretName: string): string | undefined {
    return secretName.startsWith(PREFIX) ? secretName.slice(PREFIX.length) : undefined;
  }

  async lookup(environmentId: string, origin: string): Promise<KeyLookup> {
    const stored = await this.read(environmentId);
    if (!stored) return { state: 'none' };
    return stored.origin === origin
      ? { state: 'ready', key: stored.key }
      : { state: 'otherOrigin', boundOrigin: stored.origin };
  }

  async set(environmentId: string, origin: string, key: string): Promise<void> {
    const trimmed = key.trim();
    this.onKeySeen(trimmed);
    if (!isPlausibleKey(trimmed))
      throw new Error('An API key must be non-empty and contain no spaces');
    await this.secrets.store(
      ApiKeyStore.secretName(environmentId),
      JSON.stringify({ key: trimmed, origin } satisfies StoredKey),
    );
  }

  /** Binds an existing key to a new origin, after the user confirmed the environment's new address. */
  async rebind(environmentId: string, origin: string): Promise<boolean> {
    const stored = await this.read(environmentId);
    if (!stored) return false;
    await this.set(environmentId, origin, stored.key);
    return true;
  }

  async clear(environmentId: string): Promise<void> {
    await this.secrets.delete(ApiKeyStore.secretName(environmentId));
  }

  private async read(environmentId: string): Promise<StoredKey | undefined> {
    const text = await this.secrets.get(ApiKeyStore.secretName(environmentId));
    if (!text) return undefined;
    try {
      const value = JSON.parse(text) as Partial<StoredKey>;
      if (typeof value.key === 'string' && typeof value.origin === 'string') {
        this.onKeySeen(value.key);
        return { key: value.key, origin: value.origin };
      }
    } catch {
      // unreadable entry: treated as no key
    }
    return undefined;
  }
}

export function isPlausibleKey(key: string): boolean {
  return /^\S+$/.test(key);
}
