import assert from 'node:assert/strict';
import {
  defaultEnvironment,
  readEnvironments,
  sendsKeyInClear,
} from '../../../../src/core/explorer/environments';

describe('environments from settings', () => {
  it('always lists production and staging first, then the user’s own', () => {
    const environments = readEnvironments({
      local: { baseUrl: 'http://127.0.0.1:8787/v1/', label: 'My laptop' },
      production: { baseUrl: 'https://api.example.com/v1' },
    });
    assert.deepEqual(
      environments.map((e) => [e.id, e.label, e.baseUrl?.href]),
      [
        ['production', 'Production', 'https://api.example.com/v1'],
        ['staging', 'Staging', undefined],
        ['local', 'My laptop', 'http://127.0.0.1:8787/v1'],
      ],
    );
  });

  it('turns a broken entry into an environment with a problem, never an exception', () => {
    const [production, staging] = readEnvironments({
      production: { baseUrl: 'https://api.example.com/v2' },
      staging: 'nope',
    });
    assert.match(production!.problem!, /must end with \/v1/);
    assert.equal(production!.baseUrl, undefined);
    assert.equal(staging!.baseUrl, undefined);
    assert.equal(readEnvironments(undefined).length, 2);
    assert.equal(readEnvironments([1, 2]).length, 2);
  });

  it('flags plain http only when it leaves the machine', () => {
    assert.equal(sendsKeyInClear(new URL('http://api.example.com/v1')), true);
    assert.equal(sendsKeyInClear(new URL('https://api.example.com/v1')), false);
    for (const host of ['127.0.0.1', 'localhost', '[::1]', '127.8.9.10', 'app.localhost']) {
      assert.equal(sendsKeyInClear(new URL(`http://${host}:8787/v1`)), false, host);
    }
  });
});

describe('protected environments', () => {
  it('protects production unless its setting says false, and any environment that asks', () => {
    const protection = (setting: unknown) =>
      readEnvironments(setting).map((environment) => [environment.id, environment.protected]);
    assert.deepEqual(protection({}), [
      ['production', true],
      ['staging', false],
    ]);
    assert.deepEqual(
      protection({
        production: { baseUrl: 'https://api.example.com/v1', protected: false },
        staging: { protected: true },
        eu: { baseUrl: 'https://eu.example.com/v1', protected: 'yes' },
      }),
      [
        ['production', false],
        ['staging', true],
        ['eu', false],
      ],
    );
  });
});

describe('the environment a workspace starts on', () => {
  it('is a test environment when there is one, never production first', () => {
    const environments = readEnvironments({
      production: { baseUrl: 'http://127.0.0.1:8787/v1' },
      test: { baseUrl: 'http://127.0.0.1:8787/v1', label: 'Test', protected: false },
    });
    assert.equal(defaultEnvironment(environments).id, 'test');
  });

  it('is the first with an address otherwise, and the first of all without any', () => {
    const onlyProduction = readEnvironments({ production: { baseUrl: 'https://a.example/v1' } });
    assert.equal(defaultEnvironment(onlyProduction).id, 'production');
    assert.equal(defaultEnvironment(readEnvironments({})).id, 'production');
    const broken = readEnvironments({ staging: { baseUrl: 'ftp://x/v1' } });
    assert.equal(defaultEnvironment(broken).id, 'production');
  });
});
