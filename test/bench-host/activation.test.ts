import assert from 'node:assert/strict';
import { explorerApi } from '../integration/support/explorer';

/** The mark bench/activation.ts looks for in the host's output. */
export const ACTIVATION_MARK = 'PETSTORE-ACTIVATION';

describe('activation timing', () => {
  it('reports how long loading the bundle and activate() took', async () => {
    const { activation } = await explorerApi();
    assert.ok(activation.activateMs >= 0 && activation.bundleMs >= 0);
    console.log(`${ACTIVATION_MARK} ${JSON.stringify(activation)}`);
  });
});
