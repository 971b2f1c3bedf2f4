import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ENGLISH } from '../../src/core/l10n';
import { petDescription } from '../../src/core/explorer/petPresentation';
import { extensionStrings } from '../../scripts/l10nStrings';

const ROOT = resolve(__dirname, '../..');
const readJson = (path: string) =>
  JSON.parse(readFileSync(resolve(ROOT, path), 'utf8')) as Record<string, string>;

/** `{0}`-style placeholders, and command links, which a translation must keep. */
const placeholders = (text: string) => (text.match(/\{\d+\}/g) ?? []).sort();
const commandLinks = (text: string) => (text.match(/\(command:[\w.]+\)/g) ?? []).sort();

describe('localisation (English and German)', () => {
  it('l10n/bundle.l10n.json holds exactly the strings the code passes to l10n.t (npm run l10n:export)', async function () {
    this.timeout(120_000); // the extractor parses every source file
    assert.deepEqual(readJson('l10n/bundle.l10n.json'), await extensionStrings());
  });

  it('German translates every runtime string, keeping its placeholders', () => {
    const english = readJson('l10n/bundle.l10n.json');
    const german = readJson('l10n/bundle.l10n.de.json');
    assert.deepEqual(Object.keys(german).sort(), Object.keys(english).sort());
    for (const [key, text] of Object.entries(german)) {
      assert.ok(text.trim(), `empty translation of "${key}"`);
      assert.deepEqual(placeholders(text), placeholders(key), key);
    }
  });

  it('every %key% of package.json is in package.nls.json, and German translates each', () => {
    const manifest = readFileSync(resolve(ROOT, 'package.json'), 'utf8');
    const used = new Set([...manifest.matchAll(/"%([^"%]+)%"/g)].map((match) => match[1]!));
    const english = readJson('package.nls.json');
    const german = readJson('package.nls.de.json');
    assert.deepEqual([...used].sort(), Object.keys(english).sort());
    assert.deepEqual(Object.keys(german).sort(), Object.keys(english).sort());
    for (const [key, text] of Object.entries(german)) {
      assert.ok(text.trim(), key);
      assert.deepEqual(commandLinks(text), commandLinks(english[key]!), key);
    }
  });

  it('core code speaks English by default and the given language when handed a translator', () => {
    const pet = {
      id: 9_007_199_254_740_993n,
      name: 'Rex',
      categoryId: 2n,
      status: 'sold' as const,
    };
    assert.equal(petDescription(pet), '#9007199254740993 · category 2');
    const german = readJson('l10n/bundle.l10n.de.json');
    const translator = {
      t: (message: string, ...args: (string | number | boolean)[]) =>
        ENGLISH.t(german[message] ?? message, ...args),
    };
    assert.equal(petDescription(pet, translator), '#9007199254740993 · Kategorie 2');
    assert.equal(ENGLISH.t('{0} of {1}, {2}', 1, 'b'), '1 of b, {2}');
  });
});
