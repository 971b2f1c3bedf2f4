import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import axios from 'axios';
import { DeprecationEngine } from '../../../../../../src/core/deprecations/engine';
import {
  axiosErrorKindOf,
  kindOfRanges,
} from '../../../../../../src/core/deprecations/fixes/javascript/axiosVersions';
import { migrateText } from '../../../../../../src/core/deprecations/fixes/migrateText';
import { languageOfPath } from '../../../../../../src/core/deprecations/lexers/languages';

const SOURCE = [
  "const axios = require('axios');",
  "const api = axios.create({ baseURL: 'https://petstore.example.com/v1' });",
  'async function loadPet(id) {',
  '  return (await api.get(`/pets/${id}`)).data;',
  '}',
  'module.exports = { loadPet };',
  '',
].join('\n');

describe('the axios versions a project allows, for the 404 the helper throws', () => {
  let root: string;
  before(() => {
    root = mkdtempSync(join(tmpdir(), 'axios-versions-'));
    mkdirSync(join(root, '.git'));
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  /** The file `src/pets.js` in a project whose package.json is `manifest` (at its root). */
  function projectFile(name: string, manifest: unknown): string {
    const folder = join(root, name);
    mkdirSync(join(folder, 'src'), { recursive: true });
    if (manifest !== undefined)
      writeFileSync(join(folder, 'package.json'), JSON.stringify(manifest));
    writeFileSync(join(folder, 'src/pets.js'), SOURCE);
    return join(folder, 'src/pets.js');
  }

  it('reads npm ranges: below 0.27 enhanced, from 0.27 the class, both or unreadable either', () => {
    for (const range of ['^0.21.4', '~0.26.1', '0.21.x', '<0.27.0', '>=0.19 <0.27', '0.26.1'])
      assert.equal(kindOfRanges([range]), 'enhanced', range);
    for (const range of ['^1.6.8', '~1.7.2', '>=0.27.0', '>0.26', '0.27.2', '1.x', '^0.27.2'])
      assert.equal(kindOfRanges([range]), 'class', range);
    for (const range of ['>=0.21.1', '*', '', '^0.21.4 || ^1.0.0', '0.21 - 1.2', 'latest'])
      assert.equal(kindOfRanges([range]), 'either', range);
    for (const range of ['workspace:*', 'github:axios/axios', 'file:../axios'])
      assert.equal(kindOfRanges([range]), 'either', range);
    assert.equal(kindOfRanges(['npm:axios@^0.21.1']), 'enhanced');
    // A peer range wider than the one developed against: the code must work with both.
    assert.equal(kindOfRanges(['^1.6.0', '>=0.21.1']), 'either');
  });

  it('from the nearest package.json above the file that names axios, in any dependency field', () => {
    const pinned = projectFile('pinned', { dependencies: { axios: '^0.21.4' } });
    assert.equal(axiosErrorKindOf(pinned), 'enhanced');
    const current = projectFile('current', { devDependencies: { axios: '^1.7.0' } });
    assert.equal(axiosErrorKindOf(current), 'class');
    assert.equal(axiosErrorKindOf(projectFile('none', { name: 'cli' })), 'either');
    // A workspace package without axios of its own: the monorepo root's (hoisted) range.
    const monorepo = projectFile('monorepo/packages/ui', { name: 'ui' });
    mkdirSync(join(root, 'monorepo/.git'));
    writeFileSync(
      join(root, 'monorepo/package.json'),
      JSON.stringify({ private: true, dependencies: { axios: '^0.24.0' } }),
    );
    assert.equal(axiosErrorKindOf(monorepo), 'enhanced');
    assert.equal(axiosErrorKindOf('no/such/file.js'), 'either');
  });

  /** The helper the rewrite adds to the file at `path`, as a function given `axiosModule`. */
  function helperOf(path: string, axiosModule: unknown) {
    const language = languageOfPath(path)!;
    const result = migrateText(
      { path, text: SOURCE, language },
      new DeprecationEngine().scan(SOURCE, language),
    );
    const helper = result.next.slice(result.next.indexOf('async function getPetFromList'));
    assert.ok(helper.startsWith('async function'), result.next);
    // eslint-disable-next-line @typescript-eslint/no-implied-eval
    const define = new Function('axios', `${helper}\nreturn getPetFromList;`) as (
      axiosModule: unknown,
    ) => unknown;
    return define(axiosModule) as (
      client: unknown,
      petsUrl: string,
      id: string,
      config?: object,
    ) => Promise<unknown>;
  }

  /** A client whose lists hold no pet. */
  const emptyLists = { get: () => Promise.resolve({ data: '[]', status: 200, headers: {} }) };
  /** axios before 0.27: no AxiosError class (its other members do not matter here). */
  const axios021 = { create: () => emptyLists };

  async function notFound(run: () => Promise<unknown>): Promise<Error & Record<string, unknown>> {
    try {
      await run();
    } catch (error) {
      return error as Error & Record<string, unknown>;
    }
    assert.fail('no error for a missing pet');
  }

  it('axios 0.21 to 0.26: an Error enhanced as enhanceError did, never a TypeError', async () => {
    const path = projectFile('run-pinned', { dependencies: { axios: '^0.21.4' } });
    const config = { headers: { 'X-Api-Key': 'k' } };
    const error = await notFound(() => helperOf(path, axios021)(emptyLists, '/pets', '7', config));
    assert.ok(!(error instanceof TypeError), String(error));
    assert.equal(error.message, 'Request failed with status code 404');
    assert.equal(error.isAxiosError, true);
    assert.equal(error.config, config);
    assert.equal((error.response as { status: number }).status, 404);
    assert.equal((error.response as { data: { code: string } }).data.code, 'not_found');
    assert.equal(error.code, undefined, 'axios before 0.27 gave a 404 no code');
    const json = JSON.parse(JSON.stringify(error)) as Record<string, unknown>;
    assert.equal(json.message, 'Request failed with status code 404');
    assert.equal(json.status, 404);
    // Today's check accepts it too.
    assert.ok(axios.isAxiosError(error));
  });

  it('a range allowing both: the AxiosError where the axios has it, the enhanced Error where not', async () => {
    const path = projectFile('run-either', { peerDependencies: { axios: '>=0.21.1' } });
    const current = await notFound(() => helperOf(path, axios)(emptyLists, '/pets', '7'));
    assert.ok(current instanceof axios.AxiosError);
    assert.equal(current.code, 'ERR_BAD_REQUEST');
    assert.equal((current.response as { status: number }).status, 404);
    const legacy = await notFound(() => helperOf(path, axios021)(emptyLists, '/pets', '7'));
    assert.equal(legacy.isAxiosError, true);
    assert.equal((legacy.response as { status: number }).status, 404);
  });
});
