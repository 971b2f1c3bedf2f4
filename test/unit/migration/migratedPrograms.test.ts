import assert from 'node:assert/strict';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join, resolve } from 'node:path';
import { ensureSystemPackages } from '../../host/systemPackages';
import { runNodeToExit, runToExit, type Exited } from '../../support/runToExit';
import { startServerProcess, type ServerProcess } from '../../support/serverProcess';

const ROOT = resolve(__dirname, '../../..');
const CASES = join(ROOT, 'test/fixtures/migration');
const CLI = join(ROOT, 'dist/cli/petstore-deprecations.js');
/** Inside the project (gitignored), so a program finds the project's node_modules (tsx, axios). */
const RUNS = join(ROOT, 'out/migration-runs');
const KEY = 'migration-key';

/** Pets in all three statuses, one id beyond 2^53 (exact in every language that can hold it). */
const PETS = [
  { id: 1, name: 'Biscuit', categoryId: 1, status: 'available' },
  { id: 2, name: 'Captain Feathers', categoryId: 3, status: 'pending' },
  { id: 3, name: 'Nemo', categoryId: 4, status: 'sold' },
  { id: '9007199254740993', name: 'Big Id', categoryId: 2, status: 'available' },
];
const MISSING = '424242';
const IDS = [...PETS.map((pet) => String(pet.id)), MISSING].join(',');

interface Case {
  /** The program, as a command run in its folder. */
  run: string[];
  /** A command that fails when the migrated files do not parse or type-check. */
  parse?: string[];
  /** Debian packages the program needs (installed by the suite as root). */
  packages?: string[];
}

/** `node` is this Node; `tsc` and other project tools come from node_modules/.bin. */
function command(words: readonly string[]): [string, string[]] {
  const [name, ...args] = words;
  if (name === 'node') return [process.execPath, args];
  if (name === 'tsc')
    return [process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), ...args]];
  return [name!, args];
}

function dataFile(folder: string): string {
  const file = join(folder, 'pets.json');
  // Lossless numbers: the big id is written as digits, not through a double.
  const pets = PETS.map(
    (pet) =>
      `{"id":${pet.id},"name":${JSON.stringify(pet.name)},"categoryId":${pet.categoryId},"status":"${pet.status}"}`,
  );
  writeFileSync(
    file,
    `{"format":"petstore-data","version":1,"nextId":9007199254741000,"pets":[${pets.join(',')}]}`,
  );
  return file;
}

async function withServer<T>(
  folder: string,
  args: string[],
  use: (server: ServerProcess) => Promise<T>,
): Promise<T> {
  const server = await startServerProcess(['--api-key', KEY, '--data', dataFile(folder), ...args]);
  try {
    return await use(server);
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
  }
}

async function runProgram(folder: string, spec: Case, baseUrl: string): Promise<Exited> {
  const [program, args] = command(spec.run);
  const result = await runToExit(
    program,
    args,
    folder,
    { ...process.env, PETSTORE_BASE_URL: baseUrl, PETSTORE_API_KEY: KEY, PET_IDS: IDS },
    60_000,
  );
  assert.equal(result.code, 0, `${spec.run.join(' ')} failed:\n${result.output}`);
  return result;
}

describe('migrated programs: the same answers before and after fix --write, also once GET /pets/{petId} is removed', function () {
  this.timeout(180_000);
  const cases = readdirSync(CASES, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const specs = new Map(
    cases.map((name) => [
      name,
      JSON.parse(readFileSync(join(CASES, name, 'case.json'), 'utf8')) as Case,
    ]),
  );
  before(() => {
    const packages = [...new Set([...specs.values()].flatMap((spec) => spec.packages ?? []))];
    if (packages.length) ensureSystemPackages((line) => console.log(line), packages);
    mkdirSync(RUNS, { recursive: true });
  });

  for (const name of cases)
    it(name, async () => {
      const spec = specs.get(name)!;
      const folder = mkdtempSync(join(RUNS, `${name}-`));
      try {
        cpSync(join(CASES, name), folder, { recursive: true });
        const state = mkdtempSync(join(RUNS, `${name}-server-`));
        const before = await withServer(state, [], (server) =>
          runProgram(folder, spec, server.baseUrl),
        );
        assert.match(before.stdout, new RegExp(`^${MISSING}: not found$`, 'm'), before.stdout);
        // Found pets too, the one beyond 2^53 with them: a program that finds none proves nothing.
        for (const pet of [PETS[0]!, PETS[3]!])
          assert.match(
            before.stdout,
            new RegExp(`^${pet.id}: ${pet.name} \\(${pet.status}\\)`, 'm'),
            before.stdout,
          );
        const found = await runNodeToExit([CLI, 'scan', '--format', 'json', '.'], folder);
        assert.equal(found.code, 1, `nothing to migrate in ${name}:\n${found.output}`);

        const fixed = await runNodeToExit([CLI, 'fix', '--write', '--format', 'json', '.'], folder);
        assert.equal(fixed.code, 0, `fix --write left something:\n${fixed.output}`);
        if (spec.parse) {
          const [parser, args] = command(spec.parse);
          const parsed = await runToExit(parser, args, folder, process.env, 120_000);
          assert.equal(parsed.code, 0, `the migrated files do not parse:\n${parsed.output}`);
        }

        const after = await withServer(state, [], (server) =>
          runProgram(folder, spec, server.baseUrl),
        );
        assert.equal(after.stdout, before.stdout);
        const record = join(state, 'removed-calls.ndjson');
        const removed = await withServer(
          state,
          ['--removed', '--record', record],
          async (server) => {
            const result = await runProgram(folder, spec, server.baseUrl);
            return result;
          },
        );
        assert.equal(
          removed.stdout,
          before.stdout,
          'answers differ once GET /pets/{petId} is removed',
        );
        assert.equal(readFileSync(record, 'utf8'), '', 'the removed operation was called');

        const left = await runNodeToExit([CLI, 'scan', '.'], folder);
        assert.equal(left.code, 0, `a call is left:\n${left.output}`);
        const again = await runNodeToExit([CLI, 'fix', '--write', '.'], folder);
        assert.equal(again.code, 0, again.output);
        assert.match(again.stderr, /0 requests rewritten in 0 files/);
        rmSync(state, { recursive: true, force: true });
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    });
});
