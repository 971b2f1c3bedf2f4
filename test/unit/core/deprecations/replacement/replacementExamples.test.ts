import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  exampleLanguageOf,
  replacementExample,
  type ExampleLanguage,
} from '../../../../../src/core/deprecations/replacement/replacementExamples';
import { replacementPage } from '../../../../../src/core/deprecations/replacement/replacementPage';
import {
  startPetStoreServer,
  type RunningPetStoreServer,
} from '../../../../../src/server/petStoreServer';
import { ensureSystemPackages } from '../../../../host/systemPackages';

const ROOT = resolve(__dirname, '../../../../..');
const KEY = 'replacement-key-7Qz';
/** Two ids a double cannot tell apart (2^53 and 2^53 + 1): only an exact comparison finds "Exact". */
const ROUNDED = '9007199254740992';
const EXACT = '9007199254740993';
const STORE = `{"format":"petstore-data","version":1,"nextId":9007199254740994,"pets":[
{"id":5,"name":"Pending Pip","categoryId":1,"status":"pending"},
{"id":6,"name":"Available Ada","categoryId":2,"status":"available"},
{"id":${ROUNDED},"name":"Rounded","categoryId":1,"status":"sold"},
{"id":${EXACT},"name":"Exact","categoryId":1,"status":"sold"}]}`;

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}) {
  return new Promise<{ code: number; stdout: string }>((resolvePromise, reject) => {
    execFile(
      command,
      args,
      { cwd, env: { ...process.env, ...env }, encoding: 'utf8', timeout: 30_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        if (code === -1) reject(new Error(`${command} failed: ${error?.message}\n${stderr}`));
        else resolvePromise({ code, stdout: stdout.trim() });
      },
    );
  });
}

describe('the replacement page', () => {
  it('states the reach: 100 pets a status, no other paging, a pet without status in no filtered list', () => {
    const page = replacementPage('python');
    assert.match(page, /GET \/pets\?status=S&limit=100/);
    assert.match(page, /at most 100 pets\*\* a request/);
    assert.match(page, /no other\s+paging\*\*: no cursor, offset or page number/);
    assert.match(page, /`available`, `pending` and `sold` in turn/);
    assert.match(page, /do what the code did when `GET \/pets\/\{petId\}` answered `404`/);
    assert.match(page, /A pet without a status is in no filtered list/);
  });

  it('shows the example in the language of the call', () => {
    assert.match(replacementPage('python'), /## In Python\n\n```python\nimport requests/);
    assert.match(replacementPage('go'), /## In Go\n\n```go\n/);
    assert.match(replacementPage(undefined), /## In HTTP\n\n```http\n/);
  });

  it('knows the language from the editor, else from the file name', () => {
    assert.equal(exampleLanguageOf('typescriptreact', '/a/b.tsx'), 'typescript');
    assert.equal(exampleLanguageOf('shellscript', '/a/fetch'), 'shell');
    assert.equal(exampleLanguageOf('plaintext', '/a/pets.http'), 'http');
    assert.equal(exampleLanguageOf('plaintext', '/a/Pets.kt'), 'kotlin');
    assert.equal(exampleLanguageOf(undefined, '/a/unknown.txt'), 'http');
  });
});

describe('the replacement examples, run against the local server', function () {
  this.timeout(60_000);
  let server: RunningPetStoreServer;
  let folder: string;
  before(async function () {
    this.timeout(600_000); // a fresh machine installs curl and Python requests first
    ensureSystemPackages((line) => console.log(line), ['curl', 'python3-requests', 'jq']);
    folder = mkdtempSync(join(tmpdir(), 'petstore-replacement-'));
    // The examples import lossless-json as a project would have it installed.
    symlinkSync(join(ROOT, 'node_modules'), join(folder, 'node_modules'));
    const dataFile = join(folder, 'pets.json');
    writeFileSync(dataFile, STORE);
    server = await startPetStoreServer({ apiKeys: [KEY], dataFile });
  });
  after(async () => {
    await server?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  /** Each example's findPet called from the same language: the name found, or "none". */
  const drivers: Partial<
    Record<ExampleLanguage, { file: string; main: (id: string, status?: string) => string[] }>
  > = {
    typescript: {
      file: 'example.mts',
      main: (id, status) => [
        process.execPath,
        '--import',
        'tsx',
        '-e',
        `import('${join('FOLDER', 'example.mts')}').then(async ({ findPet }) => console.log((await findPet(process.env.BASE, process.env.KEY, ${id}n${status ? `, '${status}'` : ''}))?.name ?? 'none'))`,
      ],
    },
    javascript: {
      file: 'example.mjs',
      main: (id, status) => [
        process.execPath,
        '--input-type=module',
        '-e',
        `import { findPet } from '${join('FOLDER', 'example.mjs')}'; console.log((await findPet(process.env.BASE, process.env.KEY, ${id}n${status ? `, '${status}'` : ''}))?.name ?? 'none');`,
      ],
    },
    python: {
      file: 'example.py',
      main: (id, status) => [
        '/usr/bin/python3',
        '-c',
        `import os, sys; sys.path.insert(0, '${'FOLDER'}'); from example import find_pet; pet = find_pet(os.environ['BASE'], os.environ['KEY'], ${id}${status ? `, '${status}'` : ''}); print(pet['name'] if pet else 'none')`,
      ],
    },
  };

  for (const [language, driver] of Object.entries(drivers)) {
    it(`${language}: finds a pet by int64 id exactly, with or without its status, and nothing where there is none`, async () => {
      writeFileSync(
        join(folder, driver.file),
        replacementExample(language as ExampleLanguage).code,
      );
      const find = async (id: string, status?: string) => {
        const [command, ...args] = driver
          .main(id, status)
          .map((part) => part.replaceAll('FOLDER', folder));
        const { code, stdout } = await run(command!, args, ROOT, {
          BASE: server.baseUrl,
          KEY,
        });
        assert.equal(code, 0, stdout);
        return stdout;
      };
      assert.equal(await find(EXACT), 'Exact');
      assert.equal(await find(ROUNDED, 'sold'), 'Rounded');
      assert.equal(await find('5', 'pending'), 'Pending Pip');
      assert.equal(await find('5', 'sold'), 'none', 'only the status it was asked for');
      assert.equal(await find('424242'), 'none');
    });
  }

  it('shell: prints the pet it finds, and fails as the 404 did where there is none', async () => {
    const script = join(folder, 'example.sh');
    writeFileSync(script, `${replacementExample('shell').code}\nfind_pet "$@"\n`);
    const env = { PETSTORE_BASE_URL: server.baseUrl, PETSTORE_API_KEY: KEY };
    const found = await run('bash', [script, '5'], folder, env);
    assert.equal(found.code, 0);
    assert.equal((JSON.parse(found.stdout) as { name: string }).name, 'Pending Pip');
    assert.equal((await run('bash', [script, '5', 'sold'], folder, env)).code, 1);
    assert.equal((await run('bash', [script, '424242'], folder, env)).code, 1);
  });

  it('http: the request runs as REST Client runs it and lists at most 100 pets of the status', async () => {
    const file = join(folder, 'example.http');
    writeFileSync(
      file,
      replacementExample('http')
        .code.replace(/^@baseUrl = .*$/m, `@baseUrl = ${server.baseUrl}`)
        .replace(/^(Authorization: Bearer) \{\{apiKey\}\}$/m, `$1 ${KEY}`),
    );
    const { code, stdout } = await run(
      join(ROOT, 'node_modules/.bin/httpyac'),
      ['send', file, '--all', '--output', 'body', '--raw', '--no-color'],
      folder,
    );
    assert.equal(code, 0);
    // httpYac heads the body with the request's title.
    const body = stdout.slice(stdout.indexOf('['), stdout.lastIndexOf(']') + 1);
    const pets = JSON.parse(body) as { status: string }[];
    assert.ok(pets.length > 0 && pets.every((pet) => pet.status === 'available'), stdout);
  });
});
