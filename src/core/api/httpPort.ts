import { PetStoreError } from './errors';

/**
 * The one way the API client sends a request: a port, so the client itself names no HTTP library.
 * The Node build plugs in undici (undiciPort.ts: the editor's proxy and certificate settings), the
 * browser build the global fetch (fetchPort.ts). A port sends exactly one request, never follows a
 * redirect (exchange.ts decides that, within the request's own origin) and reads at most
 * `maxResponseBytes` of the body.
 */
export interface HttpPort {
  send(request: HttpPortRequest): Promise<HttpPortResponse>;
  /** Closes pooled connections, when the port keeps some. */
  close?(): Promise<void>;
}

export interface HttpPortRequest {
  method: 'GET' | 'POST';
  url: URL;
  /** Lower-case names. */
  headers: Record<string, string>;
  /** JSON text to send. */
  body?: string;
  signal: AbortSignal;
  maxResponseBytes: number;
}

export interface HttpPortResponse {
  status: number;
  /** Lower-case names. */
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** The failure of a body past the size cap, the same whichever port read it. */
export function responseTooLarge(maxBytes: number): PetStoreError {
  return new PetStoreError(
    'contract',
    `The response is larger than the ${formatBytes(maxBytes)} limit`,
  );
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(0)} MB` : `${bytes} bytes`;
}
