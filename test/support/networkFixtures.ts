import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, request as httpRequest, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface TestCertificates {
  /** The test CA's certificate (PEM) and where it is on disk. */
  caPem: string;
  caFile: string;
  serverKey: string;
  serverCert: string;
  remove(): void;
}

/** A throwaway certificate authority and a server certificate it signed for 127.0.0.1 (openssl). */
export async function makeTestCertificates(): Promise<TestCertificates> {
  const folder = mkdtempSync(join(tmpdir(), 'petstore-ca-'));
  const file = (name: string) => join(folder, name);
  await run('openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '2',
    '-subj',
    '/CN=Pet Store Test CA',
    '-keyout',
    file('ca.key'),
    '-out',
    file('ca.pem'),
  ]);
  writeFileSync(file('server.ext'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\n');
  await run('openssl', [
    'req',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-subj',
    '/CN=127.0.0.1',
    '-keyout',
    file('server.key'),
    '-out',
    file('server.csr'),
  ]);
  await run('openssl', [
    'x509',
    '-req',
    '-in',
    file('server.csr'),
    '-CA',
    file('ca.pem'),
    '-CAkey',
    file('ca.key'),
    '-CAcreateserial',
    '-days',
    '2',
    '-extfile',
    file('server.ext'),
    '-out',
    file('server.pem'),
  ]);
  return {
    caPem: readFileSync(file('ca.pem'), 'utf8'),
    caFile: file('ca.pem'),
    serverKey: readFileSync(file('server.key'), 'utf8'),
    serverCert: readFileSync(file('server.pem'), 'utf8'),
    remove: () => rmSync(folder, { recursive: true, force: true }),
  };
}

export interface TestHttpsApi {
  /** https://127.0.0.1:PORT/v1 */
  baseUrl: string;
  requests: number;
  close(): Promise<void>;
}

/** An HTTPS Pet Store stub whose certificate only the test CA vouches for; lists no pets. */
export async function startHttpsApi(certificates: TestCertificates): Promise<TestHttpsApi> {
  const api = { requests: 0 };
  const server = createHttpsServer(
    { key: certificates.serverKey, cert: certificates.serverCert },
    (req, res) => {
      api.requests++;
      req.resume();
      res.writeHead(200, { 'content-type': 'application/json' }).end('[]');
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    get requests() {
      return api.requests;
    },
    baseUrl: `https://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    close: () => closeServer(server),
  };
}

export interface TestProxy {
  url: string;
  /** "GET http://host/path" for forwarded requests, "CONNECT host:port" for tunnels. */
  seen: string[];
  /** Proxy-Authorization values received. */
  credentials: (string | undefined)[];
  close(): Promise<void>;
}

/**
 * A forward proxy: plain requests in absolute form are forwarded, CONNECT opens a tunnel. With
 * `requiredAuthorization`, anything without that Proxy-Authorization gets 407.
 */
export async function startForwardProxy(requiredAuthorization?: string): Promise<TestProxy> {
  const seen: string[] = [];
  const credentials: (string | undefined)[] = [];
  const allowed = (header: string | undefined) => {
    credentials.push(header);
    return !requiredAuthorization || header === requiredAuthorization;
  };
  const server = createHttpServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    if (!allowed(req.headers['proxy-authorization'])) {
      res.writeHead(407, { 'proxy-authenticate': 'Basic realm="test"' }).end();
      return;
    }
    const target = new URL(req.url ?? '');
    const headers = { ...req.headers };
    delete headers['proxy-authorization'];
    delete headers['proxy-connection'];
    const upstream = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        method: req.method,
        headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  server.on('connect', (req, clientSocket, head) => {
    seen.push(`CONNECT ${req.url}`);
    if (!allowed(req.headers['proxy-authorization'])) {
      clientSocket.end(
        'HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="test"\r\n\r\n',
      );
      return;
    }
    const [host, port] = (req.url ?? '').split(':');
    const upstream = connect(Number(port), host, () => {
      clientSocket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(clientSocket).pipe(upstream);
    });
    upstream.on('error', () => clientSocket.destroy());
    clientSocket.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    credentials,
    close: () => closeServer(server),
  };
}

function closeServer(server: Server | ReturnType<typeof createHttpsServer>): Promise<void> {
  return new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}
