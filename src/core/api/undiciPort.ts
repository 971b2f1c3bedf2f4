import { request, type Dispatcher } from 'undici';
import { responseTooLarge, type HttpPort, type HttpPortResponse } from './httpPort';

/**
 * The Node port: undici over a dispatcher (dispatcher.ts: the proxy settings and the trusted
 * certificates). Never part of the browser build.
 */
export function undiciPort(dispatcher: Dispatcher): HttpPort {
  return {
    async send(req): Promise<HttpPortResponse> {
      const response = await request(req.url, {
        method: req.method,
        headers: req.headers,
        body: req.body,
        signal: req.signal,
        dispatcher,
      });
      const text = await readCapped(
        response.body,
        req.maxResponseBytes,
        first(response.headers['content-length']),
      );
      return { status: response.statusCode, headers: response.headers, text };
    },
    close: () => dispatcher.close(),
  };
}

async function readCapped(
  body: Dispatcher.ResponseData['body'],
  maxBytes: number,
  declaredLength: string | undefined,
): Promise<string> {
  const tooLarge = () => {
    body.destroy();
    return responseTooLarge(maxBytes);
  };
  if (declaredLength !== undefined && Number(declaredLength) > maxBytes) throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) throw tooLarge();
    chunks.push(chunk);
  }
  return new TextDecoder().decode(Buffer.concat(chunks, size));
}

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
