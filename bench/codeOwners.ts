/**
 * Owner matching for the progress report, measured in one run: 10,000 calls in 2,000 files
 * against 5,000 and 50,000 CODEOWNERS rules (anchored folders, extensions, names, `**` rules),
 * the report's matcher (segments, an index of the rules, each file matched once) against the
 * reference of the same process: each call tested against every rule's regular expression, last
 * rule first (what the report did before), timed on the first 1,000 calls (all of them would take
 * minutes) and scaled. Prints both times and their ratio; asserts nothing.
 * Run: npm run bench:codeowners
 */
import { CodeOwners } from '../src/core/deprecations/migration/codeOwners';

function rulesText(count: number): string {
  const lines: string[] = ['* @org/everyone'];
  for (let i = 0; lines.length < count; i++) {
    lines.push(`/services/s${i}/ @org/s${i}`);
    if (i % 5 === 0) lines.push(`*.ext${i % 300} @org/e${i}`);
    if (i % 9 === 0) lines.push(`docs${i % 100} @org/d${i}`);
    if (i % 17 === 0) lines.push(`/services/s${i}/**/generated/ @org/g${i}`);
  }
  return lines.slice(0, count).join('\n');
}

function calls(): string[] {
  const paths: string[] = [];
  for (let file = 0; file < 2000; file++) {
    const path = `services/s${(file * 37) % 20000}/src/module${file}/file${file}.ext${file % 300}`;
    for (let call = 0; call < 5; call++) paths.push(path);
  }
  return paths;
}

/** The former matcher: one regular expression per rule, every rule tried per call. */
function linearOwners(text: string): (path: string) => string[] {
  const rules = text.split('\n').map((line) => {
    const [pattern = '', ...owners] = line.split(' ');
    const directoryOnly = pattern.endsWith('/');
    let body = directoryOnly ? pattern.slice(0, -1) : pattern;
    const anchored = body.includes('/');
    if (body.startsWith('/')) body = body.slice(1);
    const source = body
      .split('**/')
      .map((part) => part.replace(/[.+^${}()|\\]/g, '\\$&').replace(/\*/g, '[^/]*'))
      .join('(?:.*/)?');
    const re = new RegExp(
      `${anchored ? '^' : '^(?:.*/)?'}${source}${directoryOnly ? '/.*$' : '(?:/.*)?$'}`,
    );
    return { re, owners };
  });
  return (path) => {
    for (let i = rules.length - 1; i >= 0; i--)
      if (rules[i]!.re.test(path)) return rules[i]!.owners;
    return [];
  };
}

function timed(run: () => void): number {
  const started = performance.now();
  run();
  return performance.now() - started;
}

const paths = calls();
for (const count of [5_000, 50_000]) {
  const text = rulesText(count);
  let indexedOwners: string[][] = [];
  let linearResult: string[][] = [];
  const indexed = timed(() => {
    const owners = CodeOwners.parse(text);
    indexedOwners = paths.map((path) => owners.ownersOf(path));
  });
  const sample = paths.slice(0, 1000);
  const linear =
    (timed(() => {
      const ownersOf = linearOwners(text);
      linearResult = sample.map((path) => ownersOf(path));
    }) *
      paths.length) /
    sample.length;
  const same = linearResult.every((owners, i) => owners.join(' ') === indexedOwners[i]!.join(' '));
  console.log(
    `${paths.length.toLocaleString('en')} calls × ${count.toLocaleString('en')} rules: report's matcher ${indexed.toFixed(0)} ms (parse included), every rule per call ${linear.toFixed(0)} ms (scaled from 1,000 calls), ratio ${(indexed / linear).toFixed(3)}; same owners: ${same}`,
  );
}
