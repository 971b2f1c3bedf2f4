/**
 * `report --merge` on an organisation's results: 2,000 repositories, each a SARIF log of its calls
 * and a history of 24 monthly points with three owners (what each repository's CI keeps). Prints
 * the merge's wall time and the report's size; the goal is under 10 s for 2,000.
 * Run: npm run bench:merge [-- --repositories 2000]
 */
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { TOOL_VERSION } from '../src/core/deprecations/toolVersion';
import { CLI, timedCommand } from './cliTiming';

const { values } = parseArgs({ options: { repositories: { type: 'string', default: '2000' } } });
const REPOSITORIES = Number(values.repositories);

function sarif(calls: number): string {
  return JSON.stringify({
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'petstore-deprecations',
            version: TOOL_VERSION,
            rules: [{ id: 'petstore/deprecated-get-pet' }],
          },
        },
        results: Array.from({ length: calls }, (_, k) => ({
          ruleId: 'petstore/deprecated-get-pet',
          locations: [
            {
              physicalLocation: {
                artifactLocation: { uri: `src/module${k % 7}/file${k}.ts` },
                region: { startLine: 1 + k },
              },
            },
          ],
        })),
      },
    ],
  });
}

function history(repository: number): string {
  const owners = ['@org/web', '@org/api', `@org/team${repository % 50}`];
  const forecast = { verdict: 'on track', summary: 'on track', method: 'm', points: 6 };
  return JSON.stringify({
    tool: 'petstore-deprecations history',
    version: TOOL_VERSION,
    operation: 'GET /pets/{petId}',
    removalDate: '5 December 2030',
    every: 'month',
    points: Array.from({ length: 24 }, (_, k) => {
      const total = Math.max(0, 60 - 2 * k - (repository % 5));
      const date = new Date(Date.UTC(2025, k, 1)).toISOString().slice(0, 10);
      return {
        date,
        commit: 'a'.repeat(40),
        total,
        groupedBy: 'owner',
        owners: owners.map((name, o) => ({
          name,
          calls: Math.floor(total / 3) + (o === 0 ? total % 3 : 0),
        })),
        languages: [{ name: 'TypeScript', calls: total }],
      };
    }),
    forecast: { total: forecast, groups: owners.map((name) => ({ name, forecast })) },
    notes: [],
  });
}

const folder = mkdtempSync(join(tmpdir(), 'petstore-merge-bench-'));
try {
  for (let k = 0; k < REPOSITORIES; k++) {
    const dir = join(folder, `repo-${k}`);
    mkdirSync(dir);
    writeFileSync(join(dir, 'results.sarif'), sarif(10 + (k % 40)));
    writeFileSync(join(dir, 'history.json'), history(k));
  }
  const run = timedCommand(
    process.execPath,
    [CLI, 'report', '--merge', folder, '--out', join(folder, 'org.html')],
    folder,
  );
  if (run.status !== 0) throw new Error(run.stderr);
  process.stdout.write(
    `${REPOSITORIES} repositories (SARIF + 24-point history each): merged in ${run.ms.toFixed(0)} ms (goal < 10,000 ms); the page is ${(statSync(join(folder, 'org.html')).size / 1024).toFixed(0)} KB\n${run.stderr}`,
  );
} finally {
  rmSync(folder, { recursive: true, force: true });
}
