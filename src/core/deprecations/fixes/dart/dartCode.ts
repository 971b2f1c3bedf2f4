/**
 * What the Dart rewriters share: the project's pubspec.yaml, the `dart:convert` import their
 * helpers need, and the lines that find the pet in a list's body with its id compared as sent.
 */
import { projectFilesOf } from '../projectFiles';
import type { RequestSite } from '../rewriter';
import type { TextEdit } from '../sourceEdit';

const CONVERT_IMPORT = /^import\s+['"]dart:convert['"]\s*;/m;

/** The nearest pubspec.yaml above the request's file, within its repository, or undefined. */
export function pubspecOf(site: RequestSite): string | undefined {
  const project = projectFilesOf(site.path);
  if (!project) return undefined;
  for (const folder of project.folders)
    if (project.names(folder).includes('pubspec.yaml'))
      return project.read(`${folder}/pubspec.yaml`) ?? '';
  return undefined;
}

/** `import 'dart:convert';` before the file's first import, when it has none. */
export function convertImport(text: string, eol: string): TextEdit[] {
  if (CONVERT_IMPORT.test(text)) return [];
  const first = /^import\s/m.exec(text);
  const at = first?.index ?? 0;
  return [{ start: at, end: at, newText: `import 'dart:convert';${eol}${first ? eol : ''}` }];
}

/**
 * `pets` parsed from `body` (a String expression), and the loop that runs `found` (lines at the
 * loop's depth + 2, `pets[i]` the pet) for the pet asked for (`petId`), at four spaces.
 */
export function petLookupLines(body: string, found: readonly string[]): string[] {
  return [
    `    final pets = jsonDecode(${body}) as List<dynamic>;`,
    '    // Ids compared as sent: a web build reads JSON numbers as doubles (inexact beyond 2^53).',
    `    final ids = RegExp(r'"id"\\s*:\\s*(-?\\d+)').allMatches(${body}).map((match) => match.group(1)).toList();`,
    '    for (var i = 0; i < pets.length; i++) {',
    "      final id = ids.length == pets.length ? ids[i] : '${(pets[i] as Map)['id']}';",
    "      if (id == '$petId') {",
    ...found.map((line) => `        ${line}`),
    '      }',
    '    }',
  ];
}
