import assert from 'node:assert/strict';

export interface CallOptions {
  key?: string | null;
  authorization?: string;
  body?: string | Uint8Array;
  contentType?: string | null;
  userAgent?: string;
}

export interface CallResult {
  status: number;
  headers: Headers;
  text: string;
  json: unknown;
}

/** One raw HTTP exchange with a server under test, nothing hidden. */
export async function call(
  baseUrl: string,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<CallResult> {
  const headers: Record<string, string> = {};
  const authorization =
    options.authorization ?? (options.key ? `Bearer ${options.key}` : undefined);
  if (authorization) headers.authorization = authorization;
  if (options.userAgent !== undefined) headers['user-agent'] = options.userAgent;
  if (options.contentType !== null && options.body !== undefined)
    headers['content-type'] = options.contentType ?? 'application/json';
  const response = await fetch(`${baseUrl}${path}`, { method, headers, body: options.body });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

/** Every error is the spec's Error body with `status` equal to the HTTP status, as JSON. */
export function assertErrorBody(result: CallResult, status: number, code?: string): void {
  assert.equal(result.status, status, result.text);
  assert.match(result.headers.get('content-type') ?? '', /^application\/json/);
  const body = result.json as { code: unknown; message: unknown; status: unknown };
  assert.equal(typeof body.code, 'string');
  assert.equal(typeof body.message, 'string');
  assert.ok((body.message as string).length > 0);
  assert.equal(body.status, status);
  if (code) assert.equal(body.code, code);
}
