import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { promisify } from 'node:util';
import type { AddressInfo } from 'node:net';
import { DeprecationEngine } from '../../../../../src/core/deprecations/engine';
import { migrateText } from '../../../../../src/core/deprecations/fixes/migrateText';
import { languageOfPath } from '../../../../../src/core/deprecations/lexers/languages';

/**
 * An API in other shapes than the Pet Store API's, as real projects' own backends answer (an
 * Express app over MongoDB): its pets' ids are `_id` text, and it may wrap its answers. The
 * rewritten code must answer its callers as the removed request did, against that API.
 */
type Wrapping = 'bare' | 'pet' | 'data';

const PETS = [
  { _id: '65a1f0c2e4b0a1b2c3d4e5f6', name: 'Rex', status: 'available' },
  { _id: '65a1f0c2e4b0a1b2c3d4e5f7', name: 'Tom', status: 'sold' },
];
const MISSING = '65a1f0c2e4b0a1b2c3d4e5f8';

/** The app's routes: GET /api/pets (every pet; it knows no status), GET /api/pets/:id. */
function startApi(wrapping: Wrapping, log: string[]): Promise<Server> {
  const wrap = (value: unknown, many: boolean) =>
    wrapping === 'bare'
      ? value
      : { [wrapping === 'pet' ? (many ? 'pets' : 'pet') : 'data']: value };
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    log.push(`${request.method} ${url.pathname}`);
    const one = /^\/api\/pets\/([^/]+)$/.exec(url.pathname);
    const pet = one && PETS.find((candidate) => candidate._id === one[1]);
    const body =
      url.pathname === '/api/pets' ? wrap(PETS, true) : pet ? wrap(pet, false) : undefined;
    response.writeHead(body ? 200 : 404, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body ?? { message: 'Pet not found' }));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** The exports of CommonJS `source`, given the base URL as `API_URL`. */
function load(
  source: string,
  base: string,
): Record<string, (...args: unknown[]) => Promise<unknown>> {
  const module = { exports: {} as Record<string, (...args: unknown[]) => Promise<unknown>> };
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  const run = new Function('require', 'module', 'exports', 'API_URL', source) as (
    ...args: unknown[]
  ) => void;
  run(require, module, module.exports, base);
  return module.exports;
}

function migrated(path: string, source: string): string {
  const language = languageOfPath(path)!;
  const engine = new DeprecationEngine();
  const result = migrateText({ path, text: source, language }, engine.scan(source, language));
  assert.deepEqual(
    result.manual.map((left) => left.reason),
    [],
  );
  assert.equal(result.fixed.length, 1);
  assert.deepEqual(engine.scan(result.next, language), [], 'nothing left to find');
  return result.next;
}

/** What the caller prints for each id, run against the API in `wrapping`'s shapes. */
async function outputs(source: string, wrapping: Wrapping, show: string): Promise<string[]> {
  return served(wrapping, async (base) => {
    const exported = load(source, base);
    const lines: string[] = [];
    for (const id of IDS)
      lines.push(
        await exported[show]!(id).then(
          (answer) => String(answer),
          (error: { response?: { status?: number } }) => `error ${error.response?.status}`,
        ),
      );
    return lines;
  });
}

const IDS = [PETS[0]!._id, PETS[1]!._id, MISSING];

/**
 * `run`'s lines given the API's base URL, then the requests of one pet that reached the API (none
 * after a migration).
 */
async function served(
  wrapping: Wrapping,
  run: (base: string) => Promise<string[]>,
): Promise<string[]> {
  const log: string[] = [];
  const server = await startApi(wrapping, log);
  try {
    const lines = await run(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api`);
    return [...lines, ...log.filter((line) => /\/api\/pets\/./.test(line))];
  } finally {
    server.close();
  }
}

/** What a Python module's `show_pet` prints for each id, run by python3 against the API. */
function pythonOutputs(source: string, wrapping: Wrapping): Promise<string[]> {
  return served(wrapping, async (base) => {
    const program = `${source}\nimport sys\nfor pet_id in sys.argv[1:]:\n    print(show_pet(pet_id))\n`;
    const { stdout } = await promisify(execFile)('python3', ['-c', program, ...IDS], {
      env: { ...process.env, API_URL: base },
    });
    return stdout.trim().split('\n');
  });
}

describe('rewrites for an API in other shapes answer as the removed request did', () => {
  it('axios called as a function, the pet in { pet } and its list in { pets }, MongoDB ids', async () => {
    const source = [
      "const axios = require('axios');",
      'const getOnePet = (id) => axios(`${API_URL}/pets/${id}`);',
      "const updatePet = (pet) => axios({ url: `${API_URL}/pets/${pet._id}`, method: 'PATCH', data: { pet: pet } });",
      'const showPet = (id) => getOnePet(id).then((res) => `${res.data.pet.name} ${res.data.pet.status}`);',
      'module.exports = { showPet, updatePet };',
      '',
    ].join('\n');
    const before = await outputs(source, 'pet', 'showPet');
    assert.deepEqual(before.slice(0, 3), ['Rex available', 'Tom sold', 'error 404']);
    const after = await outputs(migrated('src/api/pets.js', source), 'pet', 'showPet');
    assert.deepEqual(after, before.slice(0, 3), 'the same answers, and no GET /api/pets/{id}');
  });

  it('axios.get with MongoDB ids, answers bare: the pet found by _id in a bare list', async () => {
    const source = [
      "const axios = require('axios');",
      'const showPet = (props) =>',
      '  axios.get(API_URL + "/pets/" + props._id).then((res) => res.data.name);',
      'module.exports = { showPet: (id) => showPet({ _id: id }) };',
      '',
    ].join('\n');
    const before = await outputs(source, 'bare', 'showPet');
    assert.deepEqual(before.slice(0, 3), ['Rex', 'Tom', 'error 404']);
    assert.deepEqual(
      await outputs(migrated('src/PetPage.js', source), 'bare', 'showPet'),
      before.slice(0, 3),
    );
  });

  it('fetch, every answer in a { data } envelope', async () => {
    const source = [
      'async function showPet(petId) {',
      '  const res = await fetch(`${API_URL}/pets/${petId}`);',
      '  if (!res.ok) throw { response: { status: res.status } };',
      '  const data = await res.json();',
      '  return data?.data.name;',
      '}',
      'module.exports = { showPet };',
      '',
    ].join('\n');
    const before = await outputs(source, 'data', 'showPet');
    assert.deepEqual(before.slice(0, 3), ['Rex', 'Tom', 'error 404']);
    assert.deepEqual(
      await outputs(migrated('src/pet.js', source), 'data', 'showPet'),
      before.slice(0, 3),
    );
  });

  it('Python urllib, the pet read out of { pet }: found in { pets } and answered in { pet }', async () => {
    const source = [
      'import json',
      'import os',
      'import urllib.error',
      'import urllib.request',
      '',
      'API_URL = os.environ["API_URL"]',
      '',
      '',
      'def show_pet(pet_id):',
      '    try:',
      '        with urllib.request.urlopen(f"{API_URL}/pets/{pet_id}") as response:',
      '            return json.load(response)["pet"]["name"]',
      '    except urllib.error.HTTPError as error:',
      '        return f"error {error.code}"',
      '',
    ].join('\n');
    const before = await pythonOutputs(source, 'pet');
    assert.deepEqual(before.slice(0, 3), ['Rex', 'Tom', 'error 404']);
    assert.deepEqual(await pythonOutputs(migrated('pets.py', source), 'pet'), before.slice(0, 3));
  });
});
