import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import {
  startPetStoreServer,
  type RunningPetStoreServer,
} from '../../../src/server/petStoreServer';
import { call } from '../../support/http';
import { SERVER_BIN } from '../../support/serverProcess';

const KEY = 'raw-key';

interface RawAnswer {
  status: number;
  headers: string;
  body: string;
}

/** Sends bytes on a raw socket and reads the answer until the server closes or has sent it whole. */
async function raw(port: number, ...chunks: string[]): Promise<RawAnswer> {
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  for (const chunk of chunks) socket.write(chunk);
  let text = '';
  socket.setEncoding('latin1');
  await new Promise<void>((resolve) => {
    socket.on('data', (data: string) => {
      text += data;
      const end = text.indexOf('\r\n\r\n');
      const length = /content-length: (\d+)/i.exec(text.slice(0, end))?.[1];
      if (end !== -1 && length !== undefined && text.length >= end + 4 + Number(length)) resolve();
    });
    socket.on('close', () => resolve());
  });
  socket.destroy();
  const end = text.indexOf('\r\n\r\n');
  return {
    status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]),
    headers: text.slice(0, end),
    body: text.slice(end + 4),
  };
}

function assertError(answer: RawAnswer, status: number, code: string): void {
  assert.equal(answer.status, status, answer.headers);
  assert.match(answer.headers, /content-type: application\/json/i);
  const body = JSON.parse(answer.body) as { code: string; message: string; status: number };
  assert.equal(body.code, code);
  assert.equal(body.status, status);
  assert.ok(body.message.length > 0);
}

describe('reference server on raw sockets: every error is a JSON Error body', () => {
  let server: RunningPetStoreServer;
  before(async () => {
    server = await startPetStoreServer({
      apiKeys: [KEY],
      seed: true,
      limits: { headersTimeoutMs: 400, requestTimeoutMs: 800 },
    });
  });
  after(() => server.close());
  const auth = `Authorization: Bearer ${KEY}\r\n`;

  it('treats a target starting with // as a path (404), never as another host', async () => {
    for (const target of ['//evil.example/v1/pets', '//', '//v1/pets']) {
      const answer = await raw(server.port, `GET ${target} HTTP/1.1\r\nHost: x\r\n${auth}\r\n`);
      assertError(answer, 404, 'not_found');
    }
    // The absolute form (RFC 9112 3.2.2) still names this server's own resource.
    const absolute = await raw(
      server.port,
      `GET http://127.0.0.1:${server.port}/v1/pets?limit=1 HTTP/1.1\r\nHost: x\r\n${auth}Connection: close\r\n\r\n`,
    );
    assert.equal(absolute.status, 200);
    assertError(
      await raw(server.port, `OPTIONS * HTTP/1.1\r\nHost: x\r\n\r\n`),
      400,
      'invalid_request',
    );
  });

  it('answers a malformed request line with 400', async () => {
    assertError(await raw(server.port, 'GET /v1/pets HTTP/9.Z\r\n\r\n'), 400, 'invalid_request');
    assertError(await raw(server.port, 'NOT A REQUEST\r\n\r\n'), 400, 'invalid_request');
  });

  it('answers headers that are too large with 431', async () => {
    const answer = await raw(
      server.port,
      `GET /v1/pets HTTP/1.1\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    assertError(answer, 431, 'headers_too_large');
  });

  it('answers a request that never finishes arriving with 408', async () => {
    assertError(
      await raw(server.port, 'GET /v1/pets HTTP/1.1\r\nHost: x\r\n'),
      408,
      'request_timeout',
    );
  });

  it('answers an Expect other than 100-continue with 417', async () => {
    const answer = await raw(
      server.port,
      `POST /v1/pets HTTP/1.1\r\nHost: x\r\n${auth}Expect: 200-ok\r\nContent-Length: 2\r\n\r\n`,
    );
    assertError(answer, 417, 'expectation_failed');
  });

  it('answers CONNECT with 405', async () => {
    const answer = await raw(
      server.port,
      'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n',
    );
    assertError(answer, 405, 'method_not_allowed');
  });
});

describe('reference server under a flood of idle connections', function () {
  this.timeout(30_000);
  // Torn down after the test whatever happens (a timeout abandons the test's own code, and open
  // sockets or a live server would keep the whole run from ending).
  let child: ChildProcess | undefined;
  const idle: Socket[] = [];
  afterEach(async () => {
    for (const socket of idle.splice(0)) socket.destroy();
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = once(child, 'exit');
      child.kill('SIGKILL');
      await exited;
    }
    child = undefined;
  });

  it('serves a normal client while 2,000 sockets sit idle, with the usual limit of 1,024 files', async () => {
    // The server's own process gets the common default limit of open files; the idle sockets
    // would take them all, and headers time out only after a minute here: room must come from the cap.
    const server = spawn(
      'bash',
      [
        '-c',
        `ulimit -n 1024 && exec "${process.execPath}" "${SERVER_BIN}" --api-key ${KEY} --port 0 --quiet --headers-timeout 60`,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child = server;
    const exited = once(server, 'exit');
    let output = '';
    const baseUrl = await new Promise<string>((resolve, reject) => {
      server.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /listening on (\S+)/.exec(output);
        if (match) resolve(match[1]!);
      });
      server.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      void exited.then(() => reject(new Error(`the server exited before listening:\n${output}`)));
    });
    const port = Number(new URL(baseUrl).port);
    for (let i = 0; i < 2000; i++) {
      const socket = connect(port, '127.0.0.1');
      socket.on('error', () => undefined); // closed by the server to make room
      idle.push(socket);
    }
    // Each socket settles one way or another: connected, refused or closed to make room.
    await Promise.all(
      idle.map(
        (socket) =>
          new Promise<void>((settled) => {
            socket.once('connect', () => settled());
            socket.once('close', () => settled());
          }),
      ),
    );
    const answer = await call(baseUrl, 'GET', '/pets', { key: KEY });
    assert.equal(answer.status, 200);
  });
});
