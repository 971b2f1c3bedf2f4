import assert from 'node:assert/strict';
import { SecretRedactor } from '../../../../src/core/api/redact';
import { ApiKeyStore, type SecretBackend } from '../../../../src/core/explorer/apiKeyStore';

function mapBackend(): SecretBackend & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    get: (key) => Promise.resolve(map.get(key)),
    store: (key, value) => Promise.resolve(void map.set(key, value)),
    delete: (key) => Promise.resolve(void map.delete(key)),
  };
}

describe('ApiKeyStore', () => {
  const PROD = 'https://api.example.com';

  it('tells the redactor of every key it reads or stores, so no message can show one', async () => {
    const backend = mapBackend();
    const redactor = new SecretRedactor();
    await new ApiKeyStore(backend).set('staging', PROD, 'stored-Earlier-1');
    const store = new ApiKeyStore(backend, (key) => redactor.remember(key));
    await store.lookup('staging', 'https://elsewhere.example.com'); // read, though not released
    await store.set('production', PROD, ' typed-Now-2 ');
    assert.equal(
      redactor.redact(
        'a STORED-EARLIER-1 b typed-Now-2 c http://stored-earlier-1.localhost/ d typed-Now-2',
      ),
      'a [redacted] b [redacted] c http://[redacted].localhost/ d [redacted]',
    );
  });

  it('keeps one key per environment', async () => {
    const store = new ApiKeyStore(mapBackend());
    await store.set('production', PROD, ' prod-key ');
    await store.set('staging', 'https://staging.example.com', 'staging-key');
    assert.deepEqual(await store.lookup('production', PROD), { state: 'ready', key: 'prod-key' });
    assert.deepEqual(await store.lookup('staging', 'https://staging.example.com'), {
      state: 'ready',
      key: 'staging-key',
    });
    await store.clear('production');
    assert.deepEqual(await store.lookup('production', PROD), { state: 'none' });
    assert.equal((await store.lookup('staging', 'https://staging.example.com')).state, 'ready');
  });

  it('does not release a key for another origin than the one it was set for', async () => {
    const store = new ApiKeyStore(mapBackend());
    await store.set('production', PROD, 'prod-key');
    assert.deepEqual(await store.lookup('production', 'https://evil.example.net'), {
      state: 'otherOrigin',
      boundOrigin: PROD,
    });
    assert.equal(await store.rebind('production', 'https://new.example.com'), true);
    assert.deepEqual(await store.lookup('production', 'https://new.example.com'), {
      state: 'ready',
      key: 'prod-key',
    });
  });

  it('rejects empty keys and keys with spaces', async () => {
    const store = new ApiKeyStore(mapBackend());
    await assert.rejects(store.set('production', PROD, '   '), /non-empty/);
    await assert.rejects(store.set('production', PROD, 'two words'), /no spaces/);
  });

  it('reads an unreadable entry as no key', async () => {
    const backend = mapBackend();
    backend.map.set(ApiKeyStore.secretName('production'), 'not json');
    assert.deepEqual(await new ApiKeyStore(backend).lookup('production', PROD), { state: 'none' });
  });

  it('names secrets per environment and maps names back', () => {
    assert.equal(ApiKeyStore.environmentOfSecret(ApiKeyStore.secretName('local')), 'local');
    assert.equal(ApiKeyStore.environmentOfSecret('other.secret'), undefined);
  });
});
