import { STATUS_CODES, type IncomingMessage, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Socket } from 'node:net';
import { stringifyJsonLossless } from '../core/json/losslessJson';
import type { ErrorCode } from './errorResponse';

export interface ConnectionLimits {
  /** Time for a request's headers to arrive, from the connection or the previous request. */
  headersTimeoutMs: number;
  /** Time for a whole request to arrive. */
  requestTimeoutMs: number;
  /** How long an idle keep-alive connection stays open. */
  keepAliveTimeoutMs: number;
  /** Open connections at most; past it, the oldest one not in a request makes room. */
  maxConnections: number;
}

export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  // Below the usual file-descriptor limit of 1,024, with room for the store's files.
  maxConnections: 512,
};

/**
 * Bounds what connections can hold: timeouts for headers, requests and idle keep-alive, and a cap
 * on open connections where the oldest connection without a request in progress is closed to make
 * room. Sockets that connect and never send a byte cannot lock clients out, however many come.
 */
export function applyConnectionLimits(server: Server, limits: ConnectionLimits): void {
  server.headersTimeout = limits.headersTimeoutMs;
  server.requestTimeout = limits.requestTimeoutMs;
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;
  const open = new Set<Socket>();
  /** Open and not in a request, oldest first (a Set iterates in insertion order). */
  const idle = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    open.add(socket);
    idle.add(socket);
    socket.once('close', () => {
      open.delete(socket);
      idle.delete(socket);
    });
    if (open.size <= limits.maxConnections) return;
    const oldest = idle.values().next().value;
    (oldest && oldest !== socket ? oldest : socket).destroy();
  });
  server.on('request', (request: IncomingMessage, response) => {
    const { socket } = request;
    idle.delete(socket);
    response.once('finish', () => {
      if (!socket.destroyed) idle.add(socket); // kept alive: idle again, now the newest
    });
  });
}

/**
 * Errors below the application get the spec's Error body too: a malformed request line or headers
 * (400), headers too large (431), a request that does not arrive in time (408), an `Expect` other
 * than 100-continue (417), and CONNECT (405).
 */
export function answerProtocolErrors(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    // Nothing sent, or the peer is gone: there is nobody to answer.
    if (error.code === 'ECONNRESET' || !socket.writable || (socket as Socket).bytesRead === 0) {
      socket.destroy();
      return;
    }
    if (error.code === 'HPE_HEADER_OVERFLOW')
      writeRawError(socket, 431, 'headers_too_large', 'The request headers are too large');
    else if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT')
      writeRawError(socket, 408, 'request_timeout', 'The request did not arrive in time');
    else writeRawError(socket, 400, 'invalid_request', 'The request is not valid HTTP/1.1');
  });
  server.on('checkExpectation', (request: IncomingMessage, response) => {
    const text = stringifyJsonLossless({
      code: 'expectation_failed',
      message: `Expect: ${String(request.headers.expect).slice(0, 100)} is not supported (only 100-continue)`,
      status: 417,
    });
    response.writeHead(417, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(text),
      connection: 'close',
    });
    response.end(text);
  });
  server.on('connect', (_request: IncomingMessage, socket: Duplex) => {
    writeRawError(
      socket,
      405,
      'method_not_allowed',
      'CONNECT is not allowed: this is not a proxy',
      {
        allow: 'GET, POST',
      },
    );
  });
}

function writeRawError(
  socket: Duplex,
  status: number,
  code: ErrorCode,
  message: string,
  headers: Record<string, string> = {},
): void {
  const body = stringifyJsonLossless({ code, message, status });
  const lines = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: close',
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  socket.end(`${lines.join('\r\n')}\r\n\r\n${body}`);
}
