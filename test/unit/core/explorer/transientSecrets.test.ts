import assert from 'node:assert/strict';
import { ApiKeyStore } from '../../../../src/core/explorer/apiKeyStore';
import { TransientSecrets } from '../../../../src/core/explorer/transientSecrets';

/** SecretStorage as a Map. */
function mapBackend(map: Map<string, string>) {
  return {
    get: (name: string) => Promise.resolve(map.get(name)),
    store: (name: string, value: string) => Promise.resolve(void map.set(name, value)),
    delete: (name: string) => Promise.resolve(void map.delete(name)),
  };
}

describe('TransientSecrets: a rehearsal’s key in memory only', () => {
  it('keeps the transient environment’s key out of the persistent store, and the others in it', async () => {
    const persistent = new Map<string, string>();
    const keys = new ApiKeyStore(
      new TransientSecrets(
        mapBackend(persistent),
        (name) => ApiKeyStore.environmentOfSecret(name) === 'rehearsal',
      ),
    );
    await keys.set('staging', 'https://staging.example', 'staging-key');
    await keys.set('rehearsal', 'http://127.0.0.1:4000', 'rehearsal-key');
    assert.deepEqual([...persistent.keys()], [ApiKeyStore.secretName('staging')]);
    assert.ok(![...persistent.values()].some((value) => value.includes('rehearsal-key')));
    assert.deepEqual(await keys.lookup('rehearsal', 'http://127.0.0.1:4000'), {
      state: 'ready',
      key: 'rehearsal-key',
    });
    // Bound to its origin like any key.
    assert.equal((await keys.lookup('rehearsal', 'http://127.0.0.1:4001')).state, 'otherOrigin');
    await keys.clear('rehearsal');
    assert.deepEqual(await keys.lookup('rehearsal', 'http://127.0.0.1:4000'), { state: 'none' });
    assert.equal((await keys.lookup('staging', 'https://staging.example')).state, 'ready');
  });
});
