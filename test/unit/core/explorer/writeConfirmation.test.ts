import assert from 'node:assert/strict';
import { readEnvironments } from '../../../../src/core/explorer/environments';
import { writeConfirmation } from '../../../../src/core/explorer/writeConfirmation';

describe('write confirmation (production guard)', () => {
  const [production, staging] = readEnvironments({
    production: { baseUrl: 'https://api.example.com/v1' },
    staging: { baseUrl: 'https://staging.example.com/v1' },
  });

  it('asks before a write to a protected environment, naming it and its address', () => {
    assert.deepEqual(writeConfirmation(production!, 'Create pet "Rex"'), {
      message: 'Create pet "Rex" in Production?',
      detail:
        'Production (https://api.example.com/v1) is a protected environment: this changes its data. Switch to a test environment to try things out.',
      confirm: 'Create pet "Rex" in Production',
    });
  });

  it('asks nothing for an environment that is not protected', () => {
    assert.equal(writeConfirmation(staging!, 'Create pet "Rex"'), undefined);
  });
});
