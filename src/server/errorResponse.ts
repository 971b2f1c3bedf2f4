import type { ServerResponse } from 'node:http';
import { stringifyJsonLossless } from '../core/json/losslessJson';

/** Error codes of the local server (the spec leaves the set open). */
export type ErrorCode =
  | 'invalid_request'
  | 'unauthorized'
  | 'not_found'
  | 'method_not_allowed'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'storage_failure'
  | 'store_full'
  | 'removed'
  | 'internal_error'
  | 'request_timeout'
  | 'headers_too_large'
  | 'expectation_failed'
  | 'bad_gateway'
  | 'gateway_timeout'
  | 'loop_detected';

/** Every error is the spec's Error body, with `status` equal to the HTTP status. */
export function sendError(
  response: ServerResponse,
  status: number,
  code: ErrorCode,
  message: string,
  headers: Record<string, string> = {},
): void {
  sendJson(response, status, { code, message, status }, headers);
}

export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  sendJsonText(response, status, stringifyJsonLossless(body), headers);
}

/** Sends JSON text that is already serialized. */
export function sendJsonText(
  response: ServerResponse,
  status: number,
  text: string,
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, {
    ...headers,
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  response.end(text);
}
