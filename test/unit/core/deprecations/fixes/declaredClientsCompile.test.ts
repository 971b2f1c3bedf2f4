import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ensureSystemPackages } from '../../../../host/systemPackages';
import { filesUnder } from '../../../../support/filesUnder';

const FIXTURES = resolve(__dirname, '../../../../fixtures');
const REWRITES = join(FIXTURES, 'rewrites');
const SUPPORT = join(FIXTURES, 'declared-clients-compile');
const JARS = [
  '/usr/share/java/okhttp.jar',
  '/usr/share/java/okio.jar',
  // Spring's web annotations, ResponseEntity and HttpHeaders, and Lombok for the projects' types.
  '/usr/share/java/spring3-web.jar',
  '/usr/share/java/spring3-core.jar',
  '/usr/share/java/lombok.jar',
];

describe('the declared clients’ rewrites compile (Retrofit and Feign; kotlinc and javac)', function () {
  this.timeout(300_000);
  let work: string;
  before(() => {
    ensureSystemPackages(
      (line) => console.log(line),
      ['kotlin', 'libokhttp-java', 'libokio-java', 'libspring-web-java', 'liblombok-java'],
    );
    work = mkdtempSync(join(tmpdir(), 'declared-clients-'));
  });
  after(() => rmSync(work, { recursive: true, force: true }));

  /** Retrofit's and RxJava's declarations, and the Java types the files name, compiled once. */
  const declarations = () => {
    const classes = join(work, 'stubs');
    if (!existsSync(classes))
      execFileSync(
        'javac',
        [
          '-cp',
          JARS.join(':'),
          '-d',
          classes,
          ...filesUnder(SUPPORT).filter((file) => file.endsWith('.java')),
        ],
        {
          stdio: 'pipe',
        },
      );
    return classes;
  };

  it('compiles every after.java of a Retrofit or Feign interface, with the types beside it', () => {
    const cases = readdirSync(REWRITES).filter(
      (name) =>
        /^java-(retrofit|openfeign|feign)/.test(name) &&
        existsSync(join(REWRITES, name, 'after.java')),
    );
    assert.ok(cases.length >= 12, `only ${cases.length} Java Retrofit and Feign rewrites`);
    const classes = declarations();
    for (const name of cases) {
      const folder = join(REWRITES, name);
      const copies = join(work, 'java-sources', name);
      mkdirSync(copies, { recursive: true });
      // javac wants a public type in a file of its name.
      const sources = readdirSync(folder)
        .filter((file) => file.endsWith('.java') && file !== 'before.java')
        .map((file) => {
          const text = readFileSync(join(folder, file), 'utf8');
          const type = /\bpublic\s+(?:final\s+)?(?:interface|class|record)\s+(\w+)/.exec(text)?.[1];
          const copy = join(copies, type ? `${type}.java` : file);
          writeFileSync(copy, text);
          return copy;
        });
      const compiled = spawnSync(
        'javac',
        [
          '-cp',
          [classes, ...JARS].join(':'),
          '-processorpath',
          '/usr/share/java/lombok.jar',
          '-d',
          join(work, 'java', name),
          ...sources,
        ],
        { encoding: 'utf8' },
      );
      assert.equal(compiled.status, 0, `${name}: ${compiled.stderr}`);
    }
  });

  it('compiles every after.kt of a Retrofit interface, with the pet types beside them', () => {
    const cases = readdirSync(REWRITES).filter(
      (name) => name.startsWith('kotlin-retrofit-') && existsSync(join(REWRITES, name, 'after.kt')),
    );
    assert.ok(cases.length >= 3, `only ${cases.length} Kotlin Retrofit rewrites`);
    const classes = declarations();
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
        ...filesUnder(SUPPORT).filter((file) => file.endsWith('.kt')),
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
