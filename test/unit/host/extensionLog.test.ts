import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { extensionLogTail } from '../../host/extensionLog';

describe('the launcher prints the extension log of a failed run', () => {
  let profile: string;
  beforeEach(() => {
    profile = mkdtempSync(join(tmpdir(), 'extension-log-'));
  });
  afterEach(() => rmSync(profile, { recursive: true, force: true }));

  const writeLog = (host: string, id: string, lines: string[]) => {
    const folder = join(profile, 'logs', '20261123T100000', host, id);
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'Pet Store.log'), `${lines.join('\n')}\n`);
  };

  it('gives the last lines of that extension only, with the test keys masked', () => {
    const key = 'test-staging-0123456789abcdef';
    writeLog(
      'exthost1',
      'acme.pets',
      Array.from(
        { length: 100 },
        (_, index) => `line ${index + 1}${index === 95 ? ` ${key}` : ''}`,
      ),
    );
    writeLog('exthost1', 'other.extension', ['not ours']);
    const tail = extensionLogTail(profile, 'acme.pets', [key], 10)!;
    const lines = tail.split('\n');
    assert.equal(lines.length, 10);
    assert.equal(lines[0], 'line 91');
    assert.equal(lines[5], 'line 96 [test key]');
    assert.ok(!tail.includes(key));
    assert.ok(!tail.includes('not ours'));
  });

  it('gives nothing when the profile has no log of it', () => {
    assert.equal(extensionLogTail(profile, 'acme.pets', []), undefined);
    writeLog('exthost1', 'other.extension', ['not ours']);
    assert.equal(extensionLogTail(profile, 'acme.pets', []), undefined);
  });
});
