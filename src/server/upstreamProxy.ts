/**
 * The rehearsal proxy's forwarding: a request to this server's /v1 goes to the same path under the
 * upstream's base URL and its answer is relayed. The client's bearer key goes to that one origin
 * and nowhere else: redirects are never followed (a 502 says where one pointed), hop-by-hop
 * headers stay on their hop, and failures become the interface's Error body (502, 504).
 */
import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { errors, type Dispatcher } from 'undici';
import { sendError } from './errorResponse';

/** Marks requests this proxy sent: one that comes back is a loop (the upstream is the proxy). */
const HOP_HEADER = 'petstore-rehearsal-hop';

/**
 * Headers of one connection (RFC 9110 7.6.1), never forwarded; `expect` is answered here, and the
 * hop mark is this proxy's own (set afresh on each forwarded request, never relayed back).
 */
const HOP_BY_HOP = new Set([
  HOP_HEADER,
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
  'expect',
  'http2-settings',
]);

export interface UpstreamOptions {
  /** The environment's base URL (parseBaseUrl: http(s), ending in /v1, no credentials). */
  upstream: URL;
  /** Connections to the upstream, trusting what the client trusts (createDispatcher). */
  dispatcher: Dispatcher;
  /** Time for the upstream's headers, and then between chunks of its body. */
  timeoutMs: number;
}

export type Forward = (
  request: IncomingMessage,
  response: ServerResponse,
  /** The path below this server's /v1, with its query: `/pets?limit=5`. */
  below: string,
  /** Headers added to the relayed answer (a brownout's next window). */
  extraHeaders?: Record<string, string>,
) => Promise<void>;

export function createForwarder({ upstream, dispatcher, timeoutMs }: UpstreamOptions): Forward {
  const hop = randomUUID();
  const origin = upstream.origin;
  const basePath = upstream.pathname.replace(/\/+$/, '');
  return async (request, response, below, extraHeaders = {}) => {
    if (request.headers[HOP_HEADER] === hop)
      return sendError(
        response,
        508,
        'loop_detected',
        'The upstream is this proxy: the request came back to it',
      );
    const abort = new AbortController();
    // The client went away: so does the upstream request.
    const onClose = () => {
      if (!response.writableFinished) abort.abort();
    };
    response.once('close', onClose);
    let answer: Dispatcher.ResponseData;
    try {
      answer = await dispatcher.request({
        origin,
        path: `${basePath}${below}`,
        method: request.method ?? 'GET',
        headers: { ...endToEndHeaders(request.headers), [HOP_HEADER]: hop },
        body: hasBody(request) ? request : null,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
        signal: abort.signal,
      });
    } catch (error) {
      response.off('close', onClose);
      if (abort.signal.aborted) return;
      const failure = upstreamFailure(error, timeoutMs);
      return sendError(response, failure.status, failure.code, failure.message);
    }
    if (answer.statusCode >= 300 && answer.statusCode < 400 && answer.headers.location) {
      answer.body.resume();
      response.off('close', onClose);
      return sendError(
        response,
        502,
        'bad_gateway',
        `The upstream redirected (${answer.statusCode}) to ${redirectTarget(answer.headers.location, upstream)}: the proxy does not follow redirects, so the API key goes nowhere else`,
      );
    }
    response.writeHead(answer.statusCode, { ...endToEndHeaders(answer.headers), ...extraHeaders });
    try {
      await pipeline(answer.body, response);
    } catch {
      // The upstream stopped mid-body (or the client left): the client sees a cut answer, never a
      // whole-looking one.
      response.destroy();
    } finally {
      response.off('close', onClose);
    }
  };
}

function hasBody(request: IncomingMessage): boolean {
  return (
    request.headers['transfer-encoding'] !== undefined ||
    (request.headers['content-length'] !== undefined && request.headers['content-length'] !== '0')
  );
}

/** End-to-end headers, either way: without the hop-by-hop ones and those Connection names. */
function endToEndHeaders(
  headers: IncomingHttpHeaders | Record<string, string | string[] | undefined>,
): Record<string, string | string[]> {
  const named = connectionNamed(headers.connection);
  const kept: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers))
    if (value !== undefined && !HOP_BY_HOP.has(name) && !named.has(name)) kept[name] = value;
  return kept;
}

function connectionNamed(connection: string | string[] | undefined): Set<string> {
  const values = Array.isArray(connection) ? connection : connection ? [connection] : [];
  return new Set(
    values.flatMap((value) => value.split(',').map((name) => name.trim().toLowerCase())),
  );
}

/** Where a redirect pointed, said without its path (which may carry an id or a token). */
function redirectTarget(location: string | string[], upstream: URL): string {
  try {
    const target = new URL(Array.isArray(location) ? location[0]! : location, upstream);
    return target.origin === upstream.origin ? 'another path of the upstream' : target.origin;
  } catch {
    return 'an address that is not a URL';
  }
}

interface UpstreamFailure {
  status: 502 | 504;
  code: 'bad_gateway' | 'gateway_timeout';
  message: string;
}

function upstreamFailure(error: unknown, timeoutMs: number): UpstreamFailure {
  const seconds = `${timeoutMs / 1000} s`;
  if (
    error instanceof errors.HeadersTimeoutError ||
    error instanceof errors.BodyTimeoutError ||
    error instanceof errors.ConnectTimeoutError
  )
    return {
      status: 504,
      code: 'gateway_timeout',
      message: `The upstream did not answer within ${seconds}`,
    };
  const code = (error as { code?: unknown }).code;
  const reason =
    code === 'ECONNREFUSED'
      ? 'refused the connection'
      : code === 'ENOTFOUND' || code === 'EAI_AGAIN'
        ? 'has a name that does not resolve'
        : code === 'ECONNRESET' || error instanceof errors.SocketError
          ? 'closed the connection'
          : error instanceof errors.HTTPParserError ||
              (typeof code === 'string' && code.startsWith('HPE_'))
            ? 'sent an answer that is not HTTP'
            : typeof code === 'string' && /CERT|SELF_SIGNED|VERIFY|ISSUER|TLS|SSL/i.test(code)
              ? `is not trusted (${code}): give its CA with --upstream-ca`
              : `failed (${(error as Error).message})`;
  return { status: 502, code: 'bad_gateway', message: `The upstream ${reason}` };
}
