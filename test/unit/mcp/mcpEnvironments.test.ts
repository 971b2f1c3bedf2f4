import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { keyVariableOf } from '../../../src/core/agents/keyVariables';
import { readMcpEnvironments } from '../../../src/mcp/mcpEnvironments';

describe('petstore-mcp environments (config file and flags)', () => {
  let folder: string;
  beforeEach(() => (folder = mkdtempSync(join(tmpdir(), 'petstore-mcp-env-'))));
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  it('reads the setting-shaped file, lets flags win, and refuses plain http to a remote host', () => {
    const config = join(folder, 'petstore.json');
    writeFileSync(
      config,
      JSON.stringify({
        environments: {
          staging: { baseUrl: 'https://old.example/v1', label: 'Stage' },
          lan: { baseUrl: 'http://192.168.1.20:8787/v1' },
        },
      }),
    );
    const environments = readMcpEnvironments(config, [
      'staging=https://staging.example/v1',
      'local=http://127.0.0.1:8787/v1',
    ]);
    assert.ok(Array.isArray(environments));
    assert.deepEqual(
      environments.map((environment) => [
        environment.id,
        environment.label,
        environment.baseUrl?.href,
        environment.problem,
        environment.protected,
      ]),
      [
        ['production', 'Production', undefined, undefined, true],
        ['staging', 'Stage', 'https://staging.example/v1', undefined, false],
        [
          'lan',
          'Lan',
          undefined,
          'plain http to 192.168.1.20:8787 would send the API key readable on the network: use https',
          false,
        ],
        ['local', 'Local', 'http://127.0.0.1:8787/v1', undefined, false],
      ],
    );
  });

  it('names the key variable of any environment id', () => {
    assert.equal(keyVariableOf('staging'), 'PETSTORE_API_KEY_STAGING');
    assert.equal(keyVariableOf('eu-west.2'), 'PETSTORE_API_KEY_EU_WEST_2');
  });
});
