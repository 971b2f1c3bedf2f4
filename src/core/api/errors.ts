/** What went wrong with a Pet Store request, in terms a UI can act on. */
export type PetStoreErrorKind =
  | 'missingKey' // no API key for the environment; nothing was sent
  | 'unauthorized' // 401
  | 'validation' // 400
  | 'notFound' // 404
  | 'rateLimited' // 429
  | 'server' // 5xx
  | 'unexpectedStatus' // any other status, or a redirect that is not followed
  | 'timeout'
  | 'cancelled' // the caller aborted; UIs stay silent
  | 'network'
  | 'blockedByBrowser' // the browser refused the request (CORS) or could not reach the API: no status
  | 'contract'; // a response that does not match the interface (schema, non-JSON, too large)

export interface PetStoreErrorDetails {
  /** HTTP status of the response, when there was one. */
  status?: number;
  /** The Error body's `code`, when the server sent a valid one. */
  code?: string;
  /** Seconds to wait, from a 429's Retry-After. */
  retryAfterSeconds?: number;
  /** When that wait ends (the server's date, or now plus its seconds). */
  retryAt?: Date;
  /** blockedByBrowser: the origin of the page the request was made from. */
  pageOrigin?: string;
  /** blockedByBrowser: the API's origin the page was not let read from. */
  apiOrigin?: string;
}

/** Marks a PetStoreError whichever copy of this module made it (see below). */
const PET_STORE_ERROR = Symbol.for('petstore.PetStoreError');

/**
 * Every failure of the client is one of these. Messages never contain the API key: server-supplied
 * text is redacted before it gets here.
 */
export class PetStoreError extends Error {
  override readonly name = 'PetStoreError';
  readonly [PET_STORE_ERROR] = true;

  /**
   * `instanceof` by brand, not by class identity: the extension's API chunk is a separate bundle
   * with its own copy of this class, and its errors must still be recognised by the views.
   */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return (
      typeof value === 'object' &&
      value !== null &&
      (value as { [PET_STORE_ERROR]?: unknown })[PET_STORE_ERROR] === true
    );
  }

  constructor(
    readonly kind: PetStoreErrorKind,
    message: string,
    readonly details: PetStoreErrorDetails = {},
  ) {
    super(message);
  }
}
