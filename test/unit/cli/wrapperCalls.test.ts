import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { runNodeToExit } from '../../support/runToExit';
import { assertValidSarif } from '../../support/sarifSchema';

const BIN = resolve(__dirname, '../../../dist/cli/petstore-deprecations.js');
const PROJECT = resolve(__dirname, '../../fixtures/wrappers');

interface JsonFinding {
  file: string;
  line: number;
  kind: string;
  detail: string;
  message: string;
  via?: { name: string; file: string; line: number; column: number }[];
}

/** Files of the fixture project, '/'-separated from its root. */
function projectFiles(folder = PROJECT): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? projectFiles(join(folder, entry.name))
      : [relative(PROJECT, join(folder, entry.name)).split('\\').join('/')],
  );
}

/** `file:line kind` for every line the fixture marks: USE a request, CALL a call that reaches one. */
function markedLines(): string[] {
  const marked: string[] = [];
  for (const file of projectFiles()) {
    if (file === 'README.md') continue;
    readFileSync(join(PROJECT, file), 'utf8')
      .split('\n')
      .forEach((text, index) => {
        const mark = /(?:\/\/|#) (USE|CALL)\b/.exec(text)?.[1];
        if (mark) marked.push(`${file}:${index + 1} ${mark === 'USE' ? 'request' : 'wrapper'}`);
      });
  }
  return marked.sort();
}

describe('petstore-deprecations: calls through wrappers, across files', function () {
  this.timeout(60_000);

  it('finds every marked request and every marked call of a wrapper, and nothing else', async () => {
    const { code, stdout } = await runNodeToExit([BIN, 'scan', '--format', 'json', '.'], PROJECT);
    assert.equal(code, 1);
    const found = (JSON.parse(stdout) as JsonFinding[])
      .map((f) => `${f.file}:${f.line} ${f.kind === 'wrapper' ? 'wrapper' : 'request'}`)
      .sort();
    assert.ok(markedLines().length >= 12);
    assert.deepEqual(found, markedLines());
  });

  it('names the way from a call to the request, wrapper by wrapper, in JSON and in the message', async () => {
    const { stdout } = await runNodeToExit([BIN, 'scan', '--format', 'json', '.'], PROJECT);
    const card = (JSON.parse(stdout) as JsonFinding[]).find(
      (f) => f.file === 'web/src/components/PetCard.tsx',
    )!;
    assert.equal(card.detail, 'fetchPetById');
    assert.deepEqual(
      card.via!.map((step) => `${step.name} ${step.file}:${step.line}`),
      [
        'fetchPetById web/src/store/petSlice.ts:4',
        'getPetInfo web/src/services/petService.ts:11',
        '{…}/pets/{…} web/src/services/petService.ts:12',
      ],
    );
    assert.match(
      card.message,
      /`fetchPetById\(\)`, which reaches GET \/pets\/\{petId\} through fetchPetById \(web\/src\/store\/petSlice\.ts:4\) → getPetInfo \(web\/src\/services\/petService\.ts:11\) → \{…\}\/pets\/\{…\} \(web\/src\/services\/petService\.ts:12\)/,
    );
  });

  it('with --no-wrappers, reports the requests only', async () => {
    const { stdout } = await runNodeToExit(
      [BIN, 'scan', '--format', 'json', '--no-wrappers', '.'],
      PROJECT,
    );
    const kinds = new Set((JSON.parse(stdout) as JsonFinding[]).map((f) => f.kind));
    assert.deepEqual([...kinds].sort(), ['operation', 'url']);
  });

  it('takes the operation’s name from an OpenAPI document, and not with --no-openapi', async () => {
    const scan = async (...flags: string[]) => {
      const { stdout, stderr } = await runNodeToExit(
        [BIN, 'scan', '--format', 'json', ...flags, '.'],
        PROJECT,
      );
      const operations = (JSON.parse(stdout) as JsonFinding[])
        .filter((f) => f.kind === 'operation')
        .map((f) => f.detail)
        .sort();
      return { operations, stderr };
    };
    const withDocument = await scan();
    assert.deepEqual(withDocument.operations, [
      'ShowPetByIdWithResponse',
      'showPetById',
      'show_pet_by_id',
    ]);
    assert.match(
      withDocument.stderr,
      /GET \/pets\/\{petId\} is named showPetById in openapi\/petstore\.yaml/,
    );
    assert.deepEqual((await scan('--no-openapi')).operations, []);
  });

  it('counts requests and calls through a wrapper apart in the Markdown and HTML reports', async () => {
    const markdown = await runNodeToExit([BIN, 'report', '--format', 'markdown', '.'], PROJECT);
    const marked = markedLines();
    const wrappers = marked.filter((line) => line.endsWith('wrapper')).length;
    const requests = marked.length - wrappers;
    assert.match(
      markdown.stdout,
      new RegExp(
        `${requests} requests where they are written, ${wrappers} calls through a wrapper\\.`,
      ),
    );
    assert.match(
      markdown.stdout,
      /`return await getPetInfo\(id\); \/\/ CALL` through `getPetInfo`/,
    );
    const html = await runNodeToExit([BIN, 'report', '--format', 'html', '.'], PROJECT);
    assert.match(html.stdout, new RegExp(`<strong>${wrappers}</strong>|>${wrappers}<`));
    assert.match(html.stdout, /calls through a wrapper/);
  });

  it('gives SARIF results related locations and a code flow that validate against the schema', async () => {
    const { stdout } = await runNodeToExit([BIN, 'scan', '--format', 'sarif', '.'], PROJECT);
    const log = JSON.parse(stdout) as {
      runs: {
        results: {
          message: { text: string };
          relatedLocations?: { physicalLocation: { artifactLocation: { uri: string } } }[];
          codeFlows?: unknown[];
        }[];
      }[];
    };
    const results = log.runs[0]!.results;
    const card = results.find((result) => result.message.text.includes('fetchPetById()'))!;
    // URIs are relative to the repository's root (%SRCROOT%), this fixture's parents included.
    assert.deepEqual(
      card.relatedLocations!.map((location) =>
        location.physicalLocation.artifactLocation.uri.replace(/^.*fixtures\/wrappers\//, ''),
      ),
      [
        'web/src/store/petSlice.ts',
        'web/src/services/petService.ts',
        'web/src/services/petService.ts',
      ],
    );
    assert.equal(card.codeFlows!.length, 1);
    const direct = results.find((result) => result.message.text.includes('fetch_pet()'))!;
    assert.equal(direct.relatedLocations!.length, 2);
    assert.equal(direct.codeFlows, undefined); // one wrapper: related locations are enough
    assertValidSarif(log);
  });
});
