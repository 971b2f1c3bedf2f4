/**
 * What the Java rewriters share: the helper's Javadoc, the JSON reading every helper without a
 * JSON library uses (a list's objects as text, an object's own "id" as written), and the place
 * of a helper in the class around the request with its imports.
 */
import { isFirstType, outermostType } from '../classMember';
import { styled, type FileStyle } from '../fileStyle';
import { helperDocLines } from '../helperDoc';
import type { Helper, RequestSite } from '../rewriter';
import { tokenIndexAt } from '../../model/tokenWalk';
import { importEdits } from './jvmImports';

export const NOT_FIRST =
  'the request is in a class after the file’s first, which holds the file’s one helper: add the snippet to its class';

/** Javadoc at member level: what it replaces, what it answers, its reach. */
export function javadoc(...answers: string[]): string[] {
  return ['/**', ...helperDocLines(answers).map((line) => ` * ${line}`), ' */'];
}

/**
 * A helper (lines written at member level, two spaces a level) as a member of the outermost class
 * around `at`, in the file's style, with the imports it needs; or why it cannot go there.
 */
export function classHelper(
  site: RequestSite,
  at: number,
  helper: { name: string; lines: readonly string[]; imports: readonly string[] },
): Helper | { problem: string } {
  const type = outermostType(site.text, site.tokens, tokenIndexAt(site.tokens, at));
  if (!type) return { problem: 'the request is not inside a class' };
  if (!isFirstType(site.tokens, type)) return { problem: NOT_FIRST };
  if (type.keyword === 'interface')
    return {
      problem: 'the request is in an interface, which cannot hold the helper’s private class',
    };
  const imports = importEdits(site.text, helper.imports, site.style.eol, false);
  if ('problem' in imports) return imports;
  return {
    name: helper.name,
    code: styled(helper.lines, site.style, { base: type.indent + site.style.indent }),
    definedIn: (text) =>
      new RegExp(`\\s${helper.name}\\(`).test(text.replace(/\/\*[\s\S]*?\*\//g, '')),
    insertAt: type.insertAt,
    imports: () => imports,
  };
}

/** The snippet of a helper left for a person: where it goes, then its code. */
export function javaSnippet(usage: string, lines: readonly string[], style: FileStyle): string {
  return styled([`// ${usage}`, ...lines], style);
}

/**
 * PetFromListJson's static methods: a JSON array's objects as their text, and an object's own
 * "id" as written (a number's digits, a string's content), so ids are compared exactly.
 */
export function jsonReadingLines(): string[] {
  return [
    '/** The objects of a JSON array, as their text. */',
    'static List<String> objects(String json) {',
    '  List<String> objects = new ArrayList<>();',
    '  int depth = 0;',
    '  int start = -1;',
    '  for (int i = 0; i < json.length(); i++) {',
    '    char c = json.charAt(i);',
    "    if (c == '\"') {",
    '      i = endOfString(json, i);',
    "    } else if (c == '{' || c == '[') {",
    "      if (depth == 1 && c == '{') {",
    '        start = i;',
    '      }',
    '      depth++;',
    "    } else if (c == '}' || c == ']') {",
    '      depth--;',
    '      if (depth == 1 && start >= 0) {',
    '        objects.add(json.substring(start, i + 1));',
    '        start = -1;',
    '      }',
    '    }',
    '  }',
    '  return objects;',
    '}',
    '',
    "/** The object's own \"id\" as written (a number's digits, a string's content), or null. */",
    'static String id(String object) {',
    '  int depth = 0;',
    '  for (int i = 0; i < object.length(); i++) {',
    '    char c = object.charAt(i);',
    "    if (c == '{' || c == '[') {",
    '      depth++;',
    "    } else if (c == '}' || c == ']') {",
    '      depth--;',
    "    } else if (c == '\"') {",
    '      int end = endOfString(object, i);',
    '      int colon = skipSpaces(object, end + 1);',
    "      if (depth == 1 && colon < object.length() && object.charAt(colon) == ':'",
    '          && object.substring(i + 1, end).equals("id")) {',
    '        int value = skipSpaces(object, colon + 1);',
    "        if (value < object.length() && object.charAt(value) == '\"') {",
    '          return object.substring(value + 1, endOfString(object, value));',
    '        }',
    '        int stop = value;',
    '        while (stop < object.length() && ",}] \\t\\r\\n".indexOf(object.charAt(stop)) < 0) {',
    '          stop++;',
    '        }',
    '        return object.substring(value, stop);',
    '      }',
    '      i = end;',
    '    }',
    '  }',
    '  return null;',
    '}',
    '',
    'private static int endOfString(String json, int quote) {',
    '  int i = quote + 1;',
    "  while (i < json.length() && json.charAt(i) != '\"') {",
    "    i += json.charAt(i) == '\\\\' ? 2 : 1;",
    '  }',
    '  return i;',
    '}',
    '',
    'private static int skipSpaces(String json, int from) {',
    '  int i = from;',
    '  while (i < json.length() && Character.isWhitespace(json.charAt(i))) {',
    '    i++;',
    '  }',
    '  return i;',
    '}',
  ];
}

/** A Java string literal of `text`. */
export function javaString(text: string): string {
  return JSON.stringify(text);
}
