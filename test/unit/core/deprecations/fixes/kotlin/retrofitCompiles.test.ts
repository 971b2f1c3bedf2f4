import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ensureSystemPackages } from '../../../../../host/systemPackages';

const FIXTURES = resolve(__dirname, '../../../../../fixtures');
const REWRITES = join(FIXTURES, 'rewrites');
const SUPPORT = join(FIXTURES, 'kotlin-retrofit-compile');
const JARS = ['/usr/share/java/okhttp.jar', '/usr/share/java/okio.jar'];

function filesUnder(folder: string, extension: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? filesUnder(join(folder, entry.name), extension)
      : entry.name.endsWith(extension)
        ? [join(folder, entry.name)]
        : [],
  );
}

describe('the Kotlin Retrofit rewrites compile (kotlinc, OkHttp 3, Okio 1)', function () {
  this.timeout(300_000);
  let work: string;
  before(() => {
    ensureSystemPackages((line) => console.log(line), ['kotlin', 'libokhttp-java', 'libokio-java']);
    work = mkdtempSync(join(tmpdir(), 'kotlin-retrofit-'));
  });
  after(() => rmSync(work, { recursive: true, force: true }));

  it('compiles every after.kt of a Retrofit interface, with the pet types beside them', () => {
    const cases = readdirSync(REWRITES).filter(
      (name) => name.startsWith('kotlin-retrofit-') && existsSync(join(REWRITES, name, 'after.kt')),
    );
    assert.ok(cases.length >= 3, `only ${cases.length} Kotlin Retrofit rewrites`);
    const classes = join(work, 'stubs');
    execFileSync('javac', ['-cp', JARS.join(':'), '-d', classes, ...filesUnder(SUPPORT, '.java')], {
      stdio: 'pipe',
    });
    const sources = cases.map((name) => {
      const copy = join(work, `${name.replace(/-/g, '_')}.kt`);
      copyFileSync(join(REWRITES, name, 'after.kt'), copy);
      return copy;
    });
    const compiled = spawnSync(
      'kotlinc',
      [
        '-cp',
        [classes, ...JARS].join(':'),
        '-d',
        join(work, 'out'),
        ...filesUnder(SUPPORT, '.kt'),
        ...sources,
      ],
      { encoding: 'utf8' },
    );
    const errors = `${compiled.stdout}${compiled.stderr}`
      .split('\n')
      .filter((line) => /error:/.test(line));
    assert.deepEqual(errors, []);
    assert.equal(compiled.status, 0);
  });
});
