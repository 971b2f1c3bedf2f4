import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * CORS for the origins the server was started with (--cors-origin), so an editor running in a
 * browser (vscode.dev, code-server's web worker extension host) can call it; none by default, as
 * a real API decides for itself whom it lets read. A request from an allowed origin gets its
 * origin back and the headers the client reads exposed; the preflight of the bearer key's
 * Authorization header is answered here. Any other origin gets no CORS header, so the browser
 * keeps its answer from the page.
 */
export interface Cors {
  /** Sets the headers of an allowed origin; true when the request was a preflight, now answered. */
  handle(request: IncomingMessage, response: ServerResponse): boolean;
}

/** What the client reads beyond the safelisted headers: the deprecation signals, Retry-After, Location. */
const EXPOSED = [
  'Deprecation',
  'Sunset',
  'Link',
  'Retry-After',
  'Location',
  'WWW-Authenticate',
  'Content-Length',
  'Petstore-Brownout-Until',
].join(', ');
const ALLOWED_METHODS = 'GET, POST';
const ALLOWED_HEADERS = 'Authorization, Content-Type';
const PREFLIGHT_MAX_AGE_SECONDS = '600';

/** The origins as given, checked: each must be exactly an origin (scheme, host, port). */
export function parseCorsOrigins(
  values: readonly string[],
): { origins: string[] } | { error: string } {
  const origins: string[] = [];
  for (const value of values) {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return { error: `"${value}" is not a URL` };
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      return { error: `"${value}" is not an http or https origin` };
    if (value.replace(/\/$/, '') !== url.origin)
      return {
        error: `"${value}" is not an origin (scheme://host[:port], no path): ${url.origin}?`,
      };
    origins.push(url.origin);
  }
  return { origins };
}

export function createCors(origins: readonly string[]): Cors | undefined {
  if (origins.length === 0) return undefined;
  const allowed = new Set(origins);
  return {
    handle(request, response) {
      // The answer depends on the Origin header: caches must keep them apart.
      response.setHeader('vary', 'Origin');
      const origin = request.headers.origin;
      if (origin === undefined || !allowed.has(origin)) return false;
      response.setHeader('access-control-allow-origin', origin);
      const preflight =
        request.method === 'OPTIONS' &&
        request.headers['access-control-request-method'] !== undefined;
      if (!preflight) {
        response.setHeader('access-control-expose-headers', EXPOSED);
        return false;
      }
      response.writeHead(204, {
        'access-control-allow-methods': ALLOWED_METHODS,
        'access-control-allow-headers': ALLOWED_HEADERS,
        'access-control-max-age': PREFLIGHT_MAX_AGE_SECONDS,
        'content-length': '0',
      });
      response.end();
      return true;
    },
  };
}
