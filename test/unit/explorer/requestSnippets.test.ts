import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  API_KEY_VARIABLE,
  SNIPPET_FORMATS,
  requestSnippet,
  type RequestDescription,
  type SnippetFormat,
} from '../../../src/core/explorer/requestSnippets';
import { findPetRequest } from '../../../src/core/explorer/findPetRequest';
import {
  startPetStoreServer,
  type RunningPetStoreServer,
} from '../../../src/server/petStoreServer';
import { ensureSystemPackages } from '../../host/systemPackages';

const KEY = 'snippet-key-Qe91';
const HTTPYAC = join(__dirname, '../../../node_modules/.bin/httpyac');

/**
 * Runs a snippet as a user would, with the key in the environment; its output (status and body).
 * Asynchronously: the server answering it runs in this process.
 */
function run(format: SnippetFormat, snippet: string, folder: string): Promise<string> {
  const env = { ...process.env, [API_KEY_VARIABLE]: KEY };
  const file = join(
    folder,
    { curl: 'r.sh', httpie: 'r.sh', fetch: 'r.mjs', python: 'r.py', http: 'r.http' }[format],
  );
  writeFileSync(file, snippet);
  const [command, args] = {
    curl: ['bash', [file]],
    httpie: ['bash', [file]],
    fetch: [process.execPath, [file]],
    python: ['/usr/bin/python3', [file]],
    // httpYac runs `.http` files as REST Client does: {{$processEnv …}} and all.
    http: [HTTPYAC, ['send', file, '--all', '--output', 'body', '--raw', '--no-color']],
  }[format] as [string, string[]];
  return new Promise((resolve, reject) => {
    const child = execFile(
      command,
      args,
      { env, cwd: folder, encoding: 'utf8', timeout: 30_000 },
      (error, stdout, stderr) =>
        error
          ? reject(new Error(`${format} failed: ${error.message}\n${stderr}`))
          : resolve(stdout),
    );
    child.stdin?.end();
  });
}

describe('request snippets, run against the local server', function () {
  this.timeout(60_000);
  let server: RunningPetStoreServer;
  let folder: string;
  before(async function () {
    this.timeout(600_000); // a fresh machine installs curl, HTTPie and Python requests first
    ensureSystemPackages((line) => console.log(line), ['curl', 'httpie', 'python3-requests']);
    server = await startPetStoreServer({ apiKeys: [KEY], seed: true });
    folder = mkdtempSync(join(tmpdir(), 'petstore-snippets-'));
  });
  after(async () => {
    await server?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  const runnable = ['curl', 'fetch', 'python', 'httpie', 'http'] as const;

  for (const format of runnable) {
    it(`${format}: lists with the view's filter and limit, and creates a pet with an int64 category exactly`, async () => {
      const list: RequestDescription = {
        method: 'GET',
        url: `${server.baseUrl}/pets?status=sold&limit=2`,
      };
      const listed = await run(format, requestSnippet(list, format), folder);
      const names = [...listed.matchAll(/"status":"(\w+)"/g)].map((match) => match[1]);
      assert.ok(
        names.length > 0 && names.length <= 2 && names.every((status) => status === 'sold'),
        listed,
      );

      const name = `${format} O'Brien "quoted" $HOME \`x\``;
      const body = `{"name":${JSON.stringify(name)},"categoryId":9223372036854775807,"status":"pending"}`;
      const create: RequestDescription = { method: 'POST', url: `${server.baseUrl}/pets`, body };
      const created = await run(format, requestSnippet(create, format), folder);
      assert.ok(created.includes('"categoryId":9223372036854775807'), created);
      const stored = [...server.repository.list({ limit: 100 })].find((pet) => pet.name === name);
      assert.equal(
        stored?.categoryId,
        9223372036854775807n,
        'stored exactly, name untouched by the shell',
      );
    });
  }

  for (const format of runnable) {
    it(`${format}: a name that a client or shell would expand is sent as written, never the key`, async () => {
      const name = `{{$processEnv ${API_KEY_VARIABLE}}} $${API_KEY_VARIABLE} {{x}} }}{{ %41 \\u007b`;
      const body = `{"name":${JSON.stringify(name)},"categoryId":1}`;
      const create: RequestDescription = { method: 'POST', url: `${server.baseUrl}/pets`, body };
      const created = await run(format, requestSnippet(create, format), folder);
      assert.ok(!created.includes(KEY), created);
      const stored = [...server.repository.list({ limit: 1000 })].filter((pet) =>
        pet.name.includes('{{x}}'),
      );
      assert.ok(
        stored.some((pet) => pet.name === name),
        stored.map((pet) => pet.name).join('\n'),
      );
      assert.ok(stored.every((pet) => !pet.name.includes(KEY)));
    });
  }

  for (const format of runnable) {
    it(`${format}: a pet's request finds it the supported way (its status, limit 100), never GET /pets/{petId}`, async () => {
      const pet = [...server.repository.list({ status: 'pending', limit: 100 })][0]!;
      const request = findPetRequest(`${server.baseUrl}/`, pet);
      assert.equal(request.url, `${server.baseUrl}/pets?status=pending&limit=100`);
      const answer = await run(format, requestSnippet(request, format), folder);
      assert.ok(answer.includes(`"id":${pet.id},`), answer);
      assert.ok(!/\/pets\/\d/.test(requestSnippet(request, format)), 'never the deprecated path');
    });
  }

  it('a pet without a status is looked for in the unfiltered list, at the same limit', () => {
    assert.equal(
      findPetRequest('https://api.example.com/v1', {}).url,
      'https://api.example.com/v1/pets?limit=100',
    );
  });

  it('http: a URL with braces or a line break stays one inert request line', () => {
    const snippet = requestSnippet(
      { method: 'GET', url: 'https://api.example.com/v1/pets?name={{$processEnv HOME}}\nX-A: b' },
      'http',
    );
    const [requestLine, authorization, ...rest] = snippet.split('\n');
    assert.equal(
      requestLine,
      'GET https://api.example.com/v1/pets?name=%7B%7B$processEnv%20HOME%7D%7D%0AX-A:%20b',
    );
    assert.equal(authorization, `Authorization: Bearer {{$processEnv ${API_KEY_VARIABLE}}}`);
    assert.ok(!rest.join('\n').includes('{{'));
  });

  it('never holds the key: each reads it from PETSTORE_API_KEY when run', () => {
    for (const { format } of SNIPPET_FORMATS) {
      const snippet = requestSnippet(
        {
          method: 'POST',
          url: 'https://api.example.com/v1/pets',
          body: '{"name":"A","categoryId":1}',
        },
        format,
      );
      assert.ok(snippet.includes(API_KEY_VARIABLE), format);
      assert.ok(!snippet.includes(KEY), format);
    }
  });

  it('writes a REST Client block: request line, headers, a blank line, the body', () => {
    assert.equal(
      requestSnippet(
        {
          method: 'POST',
          url: 'https://api.example.com/v1/pets',
          body: '{"name":"A","categoryId":1}',
        },
        'http',
      ),
      [
        'POST https://api.example.com/v1/pets',
        'Authorization: Bearer {{$processEnv PETSTORE_API_KEY}}',
        'Accept: application/json',
        'Content-Type: application/json',
        '',
        '{"name":"A","categoryId":1}',
        '',
      ].join('\n'),
    );
  });
});
