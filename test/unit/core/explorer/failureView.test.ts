import assert from 'node:assert/strict';
import { PetStoreError } from '../../../../src/core/api/errors';
import { AccessProblem } from '../../../../src/core/explorer/accessProblem';
import { describeFailure } from '../../../../src/core/explorer/failureView';

describe('failure view', () => {
  it('offers to set the key on 401 and on a missing key', () => {
    assert.deepEqual(
      describeFailure(new PetStoreError('unauthorized', 'bad key', { status: 401 }), 'Production'),
      {
        message: 'Production rejected the API key (401): bad key',
        actions: ['setKey', 'retry'],
      },
    );
    assert.deepEqual(describeFailure(new AccessProblem('noKey', 'No key'), 'Production').actions, [
      'setKey',
    ]);
  });

  it('says a missing key may have been set in the other editor: keys are not shared between desktop and browser', () => {
    const { message } = describeFailure(new PetStoreError('missingKey', 'none'), 'Production');
    assert.match(message, /^No API key is set for Production in this editor/);
    assert.match(
      message,
      /desktop editor is not seen in vscode\.dev or github\.dev, nor the reverse/,
    );
  });

  it('offers retry, the log and settings for network trouble', () => {
    assert.deepEqual(
      describeFailure(new PetStoreError('network', 'Could not reach x'), 'Staging').actions,
      ['retry', 'showLog', 'openSettings'],
    );
    assert.deepEqual(describeFailure(new PetStoreError('timeout', 'slow'), 'Staging').actions, [
      'retry',
      'showLog',
      'openSettings',
    ]);
  });

  it('says how long to wait when rate limited', () => {
    assert.equal(
      describeFailure(
        new PetStoreError('rateLimited', 'x', { retryAfterSeconds: 30 }),
        'Production',
      ).message,
      'Rate limited by Production; retry in 30 s',
    );
  });

  it('past the longest wait worth counting (a server may ask for days), says until when', () => {
    const retryAt = new Date(Date.UTC(2026, 11, 3, 14, 5, 30));
    const tenDays = new PetStoreError('rateLimited', 'x', { retryAfterSeconds: 864_000, retryAt });
    assert.equal(
      describeFailure(tenDays, 'Staging').message,
      'Rate limited by Staging; the server asks to wait until 2026-12-03 14:05 UTC',
    );
    assert.equal(
      describeFailure(tenDays, 'Staging', 1_000_000).message,
      'Rate limited by Staging; retry in 864000 s',
      'the cap is a setting',
    );
    const soon = new PetStoreError('rateLimited', 'x', { retryAfterSeconds: 60, retryAt });
    assert.match(describeFailure(soon, 'Staging').message, /retry in 60 s$/);
  });

  it('offers to trust a changed address, or to allow clear text, as the problem needs', () => {
    assert.equal(
      describeFailure(new AccessProblem('keyForOtherOrigin', 'moved'), 'P').actions[0],
      'trustAddress',
    );
    assert.equal(
      describeFailure(new AccessProblem('clearTextUnconfirmed', 'http'), 'P').actions[0],
      'allowClearText',
    );
    assert.deepEqual(describeFailure(new Error('boom'), 'P'), {
      message: 'boom',
      actions: ['retry', 'showLog'],
    });
  });
});
