import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { extensionLogBetween, extensionLogTail } from '../../host/extensionLog';

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

  it('gives the lines a failed test wrote, by their time, continuation lines included', () => {
    const at = (minute: number, second: number) => new Date(2026, 10, 24, 17, minute, second);
    const stamp = (time: Date) =>
      `2026-11-24 17:${String(time.getMinutes()).padStart(2, '0')}:${String(time.getSeconds()).padStart(2, '0')}.000`;
    writeLog('exthost1', 'acme.pets', [
      `${stamp(at(29, 1))} [info] before the test`,
      `${stamp(at(29, 10))} [info] GET /v1/pets 200`,
      `${stamp(at(29, 12))} [error] Loading failed`,
      '    at a stack line',
      `${stamp(at(29, 50))} [info] after the test`,
    ]);
    assert.equal(
      extensionLogBetween(profile, 'acme.pets', [], at(29, 5).getTime(), at(29, 40).getTime()),
      [
        `${stamp(at(29, 10))} [info] GET /v1/pets 200`,
        `${stamp(at(29, 12))} [error] Loading failed`,
        '    at a stack line',
      ].join('\n'),
    );
    const many = Array.from(
      { length: 10 },
      (_, index) => `${stamp(at(30, index))} [info] ${index}`,
    );
    writeLog('exthost1', 'acme.pets', many);
    const cut = extensionLogBetween(
      profile,
      'acme.pets',
      [],
      at(30, 0).getTime(),
      at(31, 0).getTime(),
      4,
    )!;
    assert.deepEqual(cut.split('\n'), [
      many[0],
      many[1],
      '... (6 lines left out)',
      many[8],
      many[9],
    ]);
  });
});
