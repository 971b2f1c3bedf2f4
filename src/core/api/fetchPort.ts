import { PetStoreError } from './errors';
import { responseTooLarge, type HttpPort, type HttpPortResponse } from './httpPort';

export interface FetchPortOptions {
  /** The fetch to use; the global one by default. */
  fetch?: typeof fetch;
  /**
   * The origin of the page the code runs in, when it runs in one (a browser checks CORS against
   * it); by default `location.origin` where there is a location, none in Node.
   */
  pageOrigin?: string;
}

/**
 * The browser's port: the global fetch, which needs no Node module. No cookies are sent, no
 * redirect is followed (the browser would not let the client see where it leads, so the key could
 * not be kept to its origin), and the body is read up to the size cap.
 *
 * A browser rejects a request its page's origin is not allowed to make (CORS) with a bare
 * TypeError, no status: that is a `blockedByBrowser` failure naming both origins, so the view can
 * say what to do instead of "network error".
 */
export function fetchPort(options: FetchPortOptions = {}): HttpPort {
  const send = options.fetch ?? ((input, init) => fetch(input, init));
  const pageOrigin = options.pageOrigin ?? currentPageOrigin();
  return {
    async send(req): Promise<HttpPortResponse> {
      // The browser sets its own User-Agent; asking for another only costs a preflight header.
      const headers = Object.fromEntries(
        Object.entries(req.headers).filter(([name]) => name !== 'user-agent'),
      );
      let response: Response;
      try {
        response = await send(req.url.href, {
          method: req.method,
          headers,
          body: req.body,
          signal: req.signal,
          redirect: 'manual',
          credentials: 'omit',
          mode: 'cors',
        });
      } catch (error) {
        if (
          error instanceof TypeError &&
          !req.signal.aborted &&
          pageOrigin !== undefined &&
          pageOrigin !== req.url.origin
        ) {
          throw new PetStoreError(
            'blockedByBrowser',
            `The browser did not let ${pageOrigin} read from ${req.url.origin}: the API does not allow this origin (CORS), or it could not be reached`,
            { pageOrigin, apiOrigin: req.url.origin },
          );
        }
        throw error;
      }
      if (response.type === 'opaqueredirect') {
        throw new PetStoreError(
          'unexpectedStatus',
          `The server answered with a redirect, which the browser does not let the client read; it was not followed, so the API key was sent only to ${req.url.origin}`,
        );
      }
      const text = await readCapped(response, req.maxResponseBytes);
      return { status: response.status, headers: headersOf(response.headers), text };
    },
  };
}

export function currentPageOrigin(): string | undefined {
  const location = (globalThis as { location?: { origin?: unknown } }).location;
  return typeof location?.origin === 'string' && location.origin !== 'null'
    ? location.origin
    : undefined;
}

function headersOf(headers: Headers): Record<string, string | string[] | undefined> {
  const record: Record<string, string | string[] | undefined> = {};
  headers.forEach((value, name) => {
    record[name.toLowerCase()] = value;
  });
  return record;
}

async function readCapped(response: Response, maxBytes: number): Promise<string> {
  const declared = response.headers.get('content-length');
  const body = response.body as ReadableStream<Uint8Array> | null;
  if (declared !== null && Number(declared) > maxBytes) {
    await body?.cancel().catch(() => undefined);
    throw responseTooLarge(maxBytes);
  }
  if (!body) return '';
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw responseTooLarge(maxBytes);
    }
    chunks.push(value);
  }
  const all = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    all.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(all);
}
