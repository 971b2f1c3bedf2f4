import { PetStoreError } from './errors';
import type { HttpPort } from './httpPort';

export interface ExchangeRequest {
  method: 'GET' | 'POST';
  url: URL;
  /** JSON text to send. */
  body?: string;
}

export interface ExchangeResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  contentType: string;
  text: string;
}

/** One finished request, for the log. Contains no header values, so no key. */
export interface ExchangeRecord {
  method: string;
  url: string;
  status?: number;
  durationMs: number;
  error?: string;
}

export interface ExchangeSettings {
  /** How the request is sent: undici in Node, fetch in a browser (httpPort.ts). */
  http: HttpPort;
  apiKey: string;
  timeoutMs: number;
  maxResponseBytes: number;
  userAgent: string;
  signal?: AbortSignal;
  onExchange?: (record: ExchangeRecord) => void;
  /** Says which setting fixes a network failure (networkAdvice.ts), when one does. */
  networkAdvice?: (error: unknown, origin: string) => string | undefined;
}

const MAX_REDIRECTS = 5;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/**
 * Sends one API request with the bearer key and reads the whole response, within a deadline and
 * a size cap. Redirects are followed only within the request's own origin, so the key is never
 * sent anywhere else.
 */
export async function exchange(
  initial: ExchangeRequest,
  settings: ExchangeSettings,
): Promise<ExchangeResponse> {
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), settings.timeoutMs);
  const signal = settings.signal
    ? AbortSignal.any([deadline.signal, settings.signal])
    : deadline.signal;
  const origin = initial.url.origin;
  let current = initial;
  try {
    for (let redirects = 0; ; redirects++) {
      const response = await sendOnce(current, settings, signal);
      const location = headerValue(response.headers.location);
      if (!REDIRECT_STATUSES.has(response.status) || location === undefined) return response;
      current = nextHop(current, response.status, location, origin, redirects);
    }
  } catch (error) {
    if (error instanceof PetStoreError) throw error;
    if (settings.signal?.aborted) throw new PetStoreError('cancelled', 'The request was cancelled');
    if (deadline.signal.aborted) {
      throw new PetStoreError(
        'timeout',
        `No complete answer from ${origin} within ${settings.timeoutMs / 1000} s`,
      );
    }
    throw new PetStoreError(
      'network',
      settings.networkAdvice?.(error, origin) ??
        `Could not reach ${origin}: ${describeNetworkError(error)}`,
    );
  } finally {
    clearTimeout(timer);
  }
}

async function sendOnce(
  req: ExchangeRequest,
  settings: ExchangeSettings,
  signal: AbortSignal,
): Promise<ExchangeResponse> {
  const started = performance.now();
  const record: ExchangeRecord = {
    method: req.method,
    url: req.url.pathname + req.url.search,
    durationMs: 0,
  };
  try {
    const headers: Record<string, string> = {
      authorization: `Bearer ${settings.apiKey}`,
      accept: 'application/json',
      'user-agent': settings.userAgent,
    };
    if (req.body !== undefined) headers['content-type'] = 'application/json';
    const response = await settings.http.send({
      method: req.method,
      url: req.url,
      headers,
      body: req.body,
      signal,
      maxResponseBytes: settings.maxResponseBytes,
    });
    record.status = response.status;
    return {
      status: response.status,
      headers: response.headers,
      contentType: headerValue(response.headers['content-type']) ?? '',
      text: response.text,
    };
  } catch (error) {
    record.error = error instanceof PetStoreError ? error.kind : describeNetworkError(error);
    throw error;
  } finally {
    record.durationMs = Math.round(performance.now() - started);
    settings.onExchange?.(record);
  }
}

function nextHop(
  from: ExchangeRequest,
  status: number,
  location: string,
  origin: string,
  redirects: number,
): ExchangeRequest {
  let target: URL;
  try {
    target = new URL(location, from.url);
  } catch {
    throw new PetStoreError(
      'unexpectedStatus',
      `The server answered ${status} with an invalid Location`,
      { status },
    );
  }
  if (target.origin !== origin) {
    throw new PetStoreError(
      'unexpectedStatus',
      `The server redirected to another origin (${target.origin}); it was not followed, so the API key was sent only to ${origin}`,
      { status },
    );
  }
  if (redirects >= MAX_REDIRECTS) {
    throw new PetStoreError('unexpectedStatus', `Too many redirects (more than ${MAX_REDIRECTS})`, {
      status,
    });
  }
  const keepsMethod = status === 307 || status === 308;
  if (from.method !== 'GET' && !keepsMethod) {
    throw new PetStoreError(
      'unexpectedStatus',
      `The server answered ${status} to a ${from.method}; it was not repeated`,
      { status },
    );
  }
  return { ...from, url: target };
}

export function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function describeNetworkError(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    const cause = (error as { cause?: unknown }).cause;
    const causeCode = cause instanceof Error ? (cause as { code?: unknown }).code : undefined;
    const codes = [code, causeCode].filter((c): c is string => typeof c === 'string');
    return codes.length ? `${error.message} (${codes.join(', ')})` : error.message;
  }
  return String(error);
}
