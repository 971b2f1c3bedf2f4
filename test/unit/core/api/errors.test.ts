import assert from 'node:assert/strict';
import { PetStoreError } from '../../../../src/core/api/errors';
import { isCancellation } from '../../../../src/core/cancellation';

const ERRORS_MODULE = require.resolve('../../../../src/core/api/errors');

/** A second, separate copy of the errors module, as the extension's API chunk bundles one. */
function secondCopy(): typeof PetStoreError {
  const cached = require.cache[ERRORS_MODULE];
  delete require.cache[ERRORS_MODULE];
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return (require(ERRORS_MODULE) as { PetStoreError: typeof PetStoreError }).PetStoreError;
  } finally {
    if (cached) require.cache[ERRORS_MODULE] = cached;
  }
}

describe('PetStoreError across bundles', () => {
  it('is recognised by instanceof when made by another copy of its module (the API chunk)', () => {
    const OtherCopy = secondCopy();
    assert.notEqual(OtherCopy, PetStoreError, 'a distinct class');
    const fromChunk = new OtherCopy('unauthorized', 'Production rejected the API key (401)');
    assert.ok(fromChunk instanceof PetStoreError);
    assert.ok(new PetStoreError('cancelled', 'stopped') instanceof OtherCopy);
    assert.equal(isCancellation(new OtherCopy('cancelled', 'stopped')), true);
  });

  it('is not claimed by other errors, or by values that are not objects', () => {
    assert.equal(new Error('plain') instanceof PetStoreError, false);
    assert.equal(
      Object.assign(new Error('x'), { name: 'PetStoreError' }) instanceof PetStoreError,
      false,
    );
    // Symbol.hasInstance is what instanceof calls, also for primitives.
    for (const value of [undefined, null, 'PetStoreError', 42])
      assert.equal(PetStoreError[Symbol.hasInstance](value), false);
  });
});
