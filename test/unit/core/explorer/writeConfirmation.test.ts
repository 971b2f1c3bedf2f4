import assert from 'node:assert/strict';
import { readEnvironments } from '../../../../src/core/explorer/environments';
import { writeConfirmation } from '../../../../src/core/explorer/writeConfirmation';

describe('write confirmation (production guard)', () => {
  const all = readEnvironments({
    production: { baseUrl: 'https://api.example.com/v1' },
    staging: { baseUrl: 'https://staging.example.com/v1' },
  });
  const [production, staging] = all;

  it('asks before a write to a protected environment, naming it, its address and the test environment that exists', () => {
    assert.deepEqual(writeConfirmation(production!, 'Create pet "Rex"', undefined, all), {
      message: 'Create pet "Rex" in Production?',
      detail:
        'Production (https://api.example.com/v1) is a protected environment: this changes its data. Switch to Staging to try things out.',
      confirm: 'Create pet "Rex" in Production',
    });
  });

  it('names every test environment there is, and never one without an address or protected', () => {
    const environments = readEnvironments({
      production: { baseUrl: 'https://api.example.com/v1' },
      staging: { baseUrl: 'https://staging.example.com/v1' },
      local: { baseUrl: 'http://127.0.0.1:8787/v1' },
      qa: { baseUrl: 'https://qa.example.com/v1', protected: true },
      broken: { baseUrl: 'ftp://example.com/v1' },
      empty: {},
    });
    assert.match(
      writeConfirmation(environments[0]!, 'Create pet "Rex"', undefined, environments)!.detail,
      /Switch to Staging or Local to try things out\.$/,
    );
  });

  it('offers to add a test environment when none exists, instead of advising one that does not', () => {
    const onlyProduction = readEnvironments({
      production: { baseUrl: 'https://api.example.com/v1' },
    });
    const confirmation = writeConfirmation(
      onlyProduction[0]!,
      'Create pet "Rex"',
      undefined,
      onlyProduction,
    )!;
    assert.doesNotMatch(confirmation.detail, /Switch to/);
    assert.match(
      confirmation.detail,
      /There is no test environment yet: add one to try things out\.$/,
    );
    assert.equal(confirmation.addTestEnvironment, 'Add a Test Environment…');
  });

  it('asks nothing for an environment that is not protected', () => {
    assert.equal(writeConfirmation(staging!, 'Create pet "Rex"', undefined, all), undefined);
  });
});
