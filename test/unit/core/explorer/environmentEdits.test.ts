import assert from 'node:assert/strict';
import {
  baseUrlProblem,
  baseUrlWarning,
  nameProblem,
  newEnvironmentId,
  withEnvironment,
  withoutEnvironment,
} from '../../../../src/core/explorer/environmentEdits';
import { readEnvironments } from '../../../../src/core/explorer/environments';

describe('environment edits (the picker’s add, edit and remove)', () => {
  const environments = readEnvironments({
    production: { baseUrl: 'https://api.example.com/v1' },
    local: { baseUrl: 'http://127.0.0.1:8787/v1', label: 'My Local' },
  });

  it('checks a base URL as the client does, and warns (without refusing) about plain http to a remote host', () => {
    assert.equal(baseUrlProblem('http://127.0.0.1:8787/v1'), undefined);
    assert.equal(baseUrlProblem('https://staging.example.com/v1/'), undefined);
    assert.match(baseUrlProblem('https://staging.example.com/v2')!, /must end with \/v1/);
    assert.match(baseUrlProblem('ftp://example.com/v1')!, /http or https/);
    assert.match(baseUrlProblem('https://user:pw@example.com/v1')!, /user name or password/);
    assert.match(baseUrlProblem('not a url')!, /not a valid URL/);
    assert.match(baseUrlProblem('  ')!, /Enter the base URL/);
    assert.match(baseUrlWarning('http://qa.example.com/v1')!, /unencrypted/);
    assert.equal(baseUrlWarning('http://localhost:8787/v1'), undefined);
    assert.equal(baseUrlWarning('https://qa.example.com/v1'), undefined);
  });

  it('refuses an empty, too long or taken name; an edit may keep its own', () => {
    assert.match(nameProblem(' ', environments)!, /Enter a name/);
    assert.match(nameProblem('x'.repeat(61), environments)!, /At most 60 characters/);
    assert.equal(nameProblem('my local', environments), 'My Local already exists');
    assert.equal(nameProblem('PRODUCTION', environments), 'Production already exists');
    assert.equal(nameProblem('My Local', environments, 'local'), undefined);
    assert.equal(nameProblem('QA Berlin', environments), undefined);
  });

  it('makes a new id from the name, never a taken or reserved one', () => {
    assert.equal(newEnvironmentId('QA Berlin', ['production']), 'qa-berlin');
    assert.equal(newEnvironmentId('Local', ['local', 'local-2']), 'local-3');
    assert.equal(newEnvironmentId('Rehearsal', []), 'rehearsal-2');
    assert.equal(newEnvironmentId('Prüfung', []), 'prufung');
    assert.equal(newEnvironmentId('测试', []), 'environment');
  });

  it('writes one scope’s value: the entry normalized, its other fields and other entries kept', () => {
    const scope = { production: { baseUrl: 'https://api.example.com/v1' }, qa: { extra: 1 } };
    assert.deepEqual(
      withEnvironment(scope, 'qa', {
        label: ' QA ',
        baseUrl: 'https://qa.example.com/v1/',
        protected: false,
      }),
      {
        production: { baseUrl: 'https://api.example.com/v1' },
        qa: { extra: 1, label: 'QA', baseUrl: 'https://qa.example.com/v1', protected: false },
      },
    );
    assert.throws(
      () => withEnvironment(undefined, 'qa', { label: 'QA', baseUrl: 'x', protected: false }),
      /not a valid URL/,
    );
    assert.deepEqual(withoutEnvironment(scope, 'qa'), {
      production: { baseUrl: 'https://api.example.com/v1' },
    });
    assert.equal(withoutEnvironment({ qa: {} }, 'qa'), undefined);
  });
});
