/** Reading and adding a module's import in JavaScript and TypeScript, as the file already does it. */
import type { FileStyle } from '../fileStyle';
import type { TextEdit } from '../sourceEdit';

/** The local name of `module`'s default export: `import axios from 'axios'`, `const a = require('axios')`. */
export function defaultImportOf(text: string, module: string): string | undefined {
  // Both forms name the module: a text that never does is not searched (each rewrite asks, and
  // the searches try every identifier in the text).
  if (!text.includes(module)) return undefined;
  const quoted = `['"]${module.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}['"]`;
  const esm = new RegExp(
    `import\\s+([A-Za-z_$][\\w$]*)\\s*(?:,\\s*\\{[^}]*\\})?\\s*from\\s*${quoted}`,
  );
  const cjs = new RegExp(`([A-Za-z_$][\\w$]*)\\s*=\\s*require\\(\\s*${quoted}\\s*\\)`);
  return esm.exec(text)?.[1] ?? cjs.exec(text)?.[1];
}

/**
 * Whether a file is a classic script: no import or export statement, no require or CommonJS
 * export. Such a file uses a library as the page's global (`axios` from a CDN's script tag), and
 * an import added to it would make it a module the page cannot load as it does.
 */
export function isClassicScript(text: string): boolean {
  return (
    !/^[ \t]*(?:import|export)\b(?!\s*\()/m.test(text) &&
    !/\brequire\s*\(|\bmodule\.exports\b|^[ \t]*exports\.[\w$]+\s*=/m.test(text)
  );
}

/** A shebang line, then comments and a 'use strict' directive on a line of its own. */
const PROLOGUE =
  /^(?:#![^\n]*\n)?(?:(?:[ \t]*(?:\/\/[^\n]*|\/\*[\s\S]*?\*\/)?[ \t]*\r?\n)*[ \t]*(['"])use strict\1;?[ \t]*(?:\r?\n|$))?/;

/**
 * The edit that imports `module`'s default export as `name`: after the last import (or require)
 * at the top, else after a shebang and a 'use strict' directive, in the file's form (ESM, or
 * CommonJS when it requires or assigns `module.exports`/`exports.x` and never imports).
 */
export function addedImport(
  text: string,
  name: string,
  module: string,
  style: FileStyle,
): TextEdit[] {
  const quote = style.quote;
  const end = style.semicolons ? ';' : '';
  const esm =
    /^\s*import\s/m.test(text) ||
    !/\brequire\(|\bmodule\.exports\b|^[ \t]*exports\.[\w$]+\s*=/m.test(text);
  const line = esm
    ? `import ${name} from ${quote}${module}${quote}${end}`
    : `const ${name} = require(${quote}${module}${quote})${end}`;
  const statements = esm
    ? /^import\s[^;]*?from\s*['"][^'"]+['"];?[ \t]*$|^import\s*['"][^'"]+['"];?[ \t]*$/gm
    : /^(?:const|let|var)\s+[^=]+=\s*require\([^)]*\);?[ \t]*$/gm;
  let after = -1;
  for (const match of text.matchAll(statements)) after = match.index + match[0].length;
  if (after < 0) {
    // Before a shebang the script no longer runs; before 'use strict' it is no directive.
    const prologue = PROLOGUE.exec(text)![0].length;
    return [{ start: prologue, end: prologue, newText: `${line}${style.eol}` }];
  }
  return [{ start: after, end: after, newText: `${style.eol}${line}` }];
}

/**
 * The module specifier `name` is imported from: `import name from 'x'`, `import { name } from 'x'`,
 * `import { other as name } from 'x'`, `const name = require('x')`, `const { name } = require('x')`.
 */
export function importedFrom(text: string, name: string): string | undefined {
  const escaped = name.replace(/[$]/g, '\\$');
  const patterns = [
    new RegExp(`import\\s+${escaped}\\s*(?:,\\s*\\{[^}]*\\})?\\s*from\\s*['"]([^'"]+)['"]`),
    new RegExp(
      `import\\s*(?:[\\w$]+\\s*,\\s*)?\\{[^}]*\\b(?:[\\w$]+\\s+as\\s+)?${escaped}\\b[^}]*\\}\\s*from\\s*['"]([^'"]+)['"]`,
    ),
    new RegExp(`(?:const|let|var)\\s+${escaped}\\s*=\\s*require\\(\\s*['"]([^'"]+)['"]`),
    new RegExp(
      `(?:const|let|var)\\s*\\{[^}]*\\b${escaped}\\b[^}]*\\}\\s*=\\s*require\\(\\s*['"]([^'"]+)['"]`,
    ),
  ];
  for (const pattern of patterns) {
    const match = pattern.exec(text);
    if (match) return match[1];
  }
  return undefined;
}
