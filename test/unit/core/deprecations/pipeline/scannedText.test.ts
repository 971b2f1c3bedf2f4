import assert from 'node:assert/strict';
import { DeprecationEngine, type Finding } from '../../../../../src/core/deprecations/engine';
import {
  languageName,
  languageOfPath,
  type LanguageSupport,
} from '../../../../../src/core/deprecations/lexers/languages';
import { CandidateScanner } from '../../../../../src/core/deprecations/pipeline/candidateScanner';
import {
  findingsIfUnchanged,
  scannedTextOf,
} from '../../../../../src/core/deprecations/pipeline/scannedText';

const TS = languageOfPath('client.ts')!;
const TWO_REQUESTS = [
  'export const load = (id: string) => fetch(`${BASE}/pets/${id}`);',
  'export const other = (id: string) => fetch(`${BASE}/pets/${id}`);',
  '',
].join('\n');

function scanned(text: string, language: LanguageSupport): Finding[] {
  return new DeprecationEngine().scan(text, language);
}

describe('what a scan found in a text, reused only for that very text', () => {
  it('gives the findings a second scan of the same text as the same language gives', () => {
    const findings = scanned(TWO_REQUESTS, TS);
    assert.equal(findings.length, 2);
    const record = scannedTextOf(TWO_REQUESTS, TS, findings)!;
    assert.deepEqual(findingsIfUnchanged(record, TWO_REQUESTS, TS), scanned(TWO_REQUESTS, TS));
  });

  it('gives nothing for a changed text, even one of the same length', () => {
    const record = scannedTextOf(TWO_REQUESTS, TS, scanned(TWO_REQUESTS, TS))!;
    const changed = TWO_REQUESTS.replace('/pets/', '/user/');
    assert.equal(changed.length, TWO_REQUESTS.length);
    assert.equal(findingsIfUnchanged(record, changed, TS), undefined);
    assert.equal(findingsIfUnchanged(record, `${TWO_REQUESTS} `, TS), undefined);
  });

  it('gives nothing for the same text read as another language, though of the same family', () => {
    // Markup's script blocks are JavaScript read by another lexer.
    const vue = languageOfPath('Pet.vue')!;
    assert.equal(vue.family, TS.family);
    const record = scannedTextOf(TWO_REQUESTS, TS, scanned(TWO_REQUESTS, TS))!;
    assert.equal(findingsIfUnchanged(record, TWO_REQUESTS, vue), undefined);
    assert.equal(
      findingsIfUnchanged(record, TWO_REQUESTS, languageOfPath('client.py')!),
      undefined,
    );
  });

  it('gives nothing without a record, and keeps none for a language made elsewhere', () => {
    assert.equal(findingsIfUnchanged(undefined, TWO_REQUESTS, TS), undefined);
    const made: LanguageSupport = { ...TS };
    assert.equal(languageName(made), undefined);
    assert.equal(scannedTextOf(TWO_REQUESTS, made, []), undefined);
  });

  it('names every language the finder reads, each apart', () => {
    const paths = ['a.ts', 'a.py', 'a.go', 'a.java', 'a.kt', 'a.cs', 'a.rb', 'a.php', 'a.rs'];
    paths.push('a.dart', 'a.swift', 'a.scala', 'a.ex', 'a.sh', 'a.http', 'a.vue');
    const names = paths.map((path) => languageName(languageOfPath(path)!));
    assert.ok(names.every((name) => typeof name === 'string'));
    assert.equal(new Set(names).size, paths.length);
  });
});

describe('the scanner keeps what each file was scanned as only when asked', () => {
  const settings = {
    minimum: 'likely' as const,
    maxFileBytes: 1_000_000,
    repository: '/repo',
    fingerprints: false,
    snippets: false,
    countRoutes: false,
  };
  const file = { path: '/repo/client.ts', text: TWO_REQUESTS, language: TS };

  it('keeps nothing by default', () => {
    assert.equal(new CandidateScanner(settings).scan(file)?.scannedText, undefined);
  });

  it("keeps the findings before a command's filter, so a second scan's are what it holds", () => {
    const scanner = new CandidateScanner({ ...settings, scannedTexts: true });
    const onlyFirstLine = (_path: string, finding: Finding) => finding.start.line === 0;
    const result = scanner.scan(file, onlyFirstLine)!;
    assert.equal(result.findings.length, 1);
    assert.deepEqual(result.scannedText?.findings, scanned(TWO_REQUESTS, TS));
    assert.deepEqual(
      findingsIfUnchanged(result.scannedText, TWO_REQUESTS, TS),
      result.scannedText?.findings,
    );
  });

  it('keeps the findings at the minimum confidence only', () => {
    const text = "const u = '/pets/' + id;\n";
    const all = scanned(text, TS);
    assert.ok(
      all.length > 0 && all.every((finding) => finding.confidence === 'possible'),
      JSON.stringify(all),
    );
    const likely = new CandidateScanner({ ...settings, scannedTexts: true });
    assert.equal(likely.scan({ ...file, text }), undefined);
    const possible = new CandidateScanner({ ...settings, minimum: 'possible', scannedTexts: true });
    assert.deepEqual(possible.scan({ ...file, text })?.scannedText?.findings, all);
  });
});
