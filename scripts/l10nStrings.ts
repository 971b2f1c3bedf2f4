/**
 * The English strings the extension shows, for l10n/bundle.l10n.json: every vscode.l10n.t('…') in
 * src/extension, and every l10n.t('…') in src/core (core code is handed vscode.l10n as its
 * Translator). Extracted with @vscode/l10n-dev, the official extractor. `--write` rewrites the
 * bundle (npm run l10n:export); a unit test checks that it and every translation are complete.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { getL10nJson } from '@vscode/l10n-dev';

const ROOT = resolve(__dirname, '..');

function typescriptFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return typescriptFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

export async function extensionStrings(): Promise<Record<string, string>> {
  const files = [
    ...typescriptFiles(join(ROOT, 'src/extension')),
    ...typescriptFiles(join(ROOT, 'src/core')),
  ];
  const sources = files.map((path) => {
    const text = readFileSync(path, 'utf8');
    // Core code calls its Translator `l10n`; the extractor recognises vscode.l10n.t calls only.
    const contents = relative(ROOT, path).startsWith('src/core')
      ? `import * as vscode from 'vscode';\n${text.replace(/(?<![\w.])l10n\.t\(/g, 'vscode.l10n.t(')}`
      : text;
    return { extension: '.ts', contents };
  });
  const strings = (await getL10nJson(sources)) as Record<string, string>;
  return Object.fromEntries(
    Object.keys(strings)
      .sort()
      .map((key) => [key, strings[key]!]),
  );
}

if (require.main === module && process.argv.includes('--write')) {
  void extensionStrings().then((strings) => {
    writeFileSync(join(ROOT, 'l10n/bundle.l10n.json'), `${JSON.stringify(strings, null, 2)}\n`);
    console.log(`l10n/bundle.l10n.json: ${Object.keys(strings).length} strings`);
  });
}
