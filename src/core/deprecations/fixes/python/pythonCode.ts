/**
 * What the Python rewriters share: the helper's docstring, its place (after the module's imports,
 * with PEP 8's two blank lines around it, so module-level code after the imports may call it),
 * the imports it needs added in sorted order, and the rewrite or the manual answer built from a
 * request.
 */
import { styled, type FileStyle } from '../fileStyle';
import { helperDocLines } from '../helperDoc';
import { LIST_LIMIT, notFoundBody, PET_STATUSES } from '../replacement';
import { dialectNote, type ApiDialect } from '../apiShape';
import type { Helper, Rewrite, RequestSite } from '../rewriter';
import { addImports, headerEnd, type ModuleImports } from './pythonImports';
import { pythonRequestOf, type PythonLibrary, type PythonRequest } from './pythonRequest';

/** The docstring's lines, two spaces in (one level, as `styled` reads it). */
export function docstring(answers: readonly string[]): string[] {
  const lines = helperDocLines(answers);
  return lines.map((line, i) => `  ${i === 0 ? '"""' : ''}${line}`).concat('  """');
}

/** `('available', 'pending', 'sold')`, in single quotes (`styled` swaps them for the file's). */
export const STATUS_TUPLE = `(${PET_STATUSES.map((status) => `'${status}'`).join(', ')})`;

export const LIST_URL = `f'{pets_url}?status={status}&limit=${LIST_LIMIT}'`;

/** `name = {…}`: the API's Error body for a pet no list holds, a Python dict over lines (`indent`). */
export function notFoundLines(name: string, indent: string): string[] {
  const body = notFoundBody();
  return [
    `${indent}${name} = {`,
    `${indent}  'code': '${body.code}',`,
    `${indent}  'message': '${body.message}',`,
    `${indent}  'status': ${body.status},`,
    `${indent}}`,
  ];
}

/** The comment on how ids are compared, in every Python helper. */
export const ID_COMPARISON = '# Python ints are exact at any size: ids compared as decimal text.';

/**
 * Lines after `indent` that set `found` to the pets of `listed` (the parsed list's expression)
 * whose id is `pet_id`. For an API in other shapes (`dialect`): the list bare or out of its
 * wrapper, the pet's id or else its MongoDB `_id`.
 */
export function foundLines(indent: string, listed: string, dialect?: ApiDialect): string[] {
  if (!dialect)
    return [
      ID_COMPARISON,
      `found = [pet for pet in ${listed} if str(pet.get('id')) == str(pet_id)]`,
    ].map((line) => indent + line);
  const wrapper = dialect.envelope === 'data' ? 'data' : 'pets';
  return [
    `listed = ${listed}`,
    `# This API's list may come bare or in {'${wrapper}': [...]}, its ids as numbers or MongoDB's _id.`,
    `pets = listed if isinstance(listed, list) else listed.get('${wrapper}') if isinstance(listed, dict) else None`,
    'if not isinstance(pets, list):',
    "  raise ValueError('GET /pets answered no list of pets')",
    "found = [pet for pet in pets if str(pet.get('id', pet.get('_id'))) == str(pet_id)]",
  ].map((line) => indent + line);
}

/** The pet found, answered as the file reads one: bare, or in its wrapper. */
export function foundPet(dialect: ApiDialect | undefined): string {
  return dialect?.envelope ? `{'${dialect.envelope}': found[0]}` : 'found[0]';
}

export interface PythonHelperSpec {
  library: PythonLibrary;
  /** The rewriter's name for reports. */
  name: string;
  /**
   * The helper's lines (two spaces a level, single quotes), given the module names to use and
   * what the file shows of an API in other shapes.
   */
  lines: (modules: Record<string, string>, dialect?: ApiDialect) => string[];
  /** Modules the helper names: each is used by its bound name, or imported. */
  modules: readonly string[];
  /** `requests.get` → the description of the rewrite. */
  describe: (callee: string) => string;
}

/**
 * The rewrite of `site` by the rewriter of `library`: undefined when the request is another
 * library's (or not one a Python library sends), a manual answer with the helper as a snippet
 * when it cannot be rewritten with confidence.
 */
export function pythonRewrite(
  site: RequestSite,
  library: PythonLibrary,
  specs: (request: { async: boolean; libraries: readonly PythonLibrary[] }) => PythonHelperSpec,
): Rewrite | undefined {
  const request = pythonRequestOf(site);
  if (!request || request.library !== library) return undefined;
  if ('problem' in request) {
    const spec = specs({ async: false, libraries: [] });
    return { manual: request.problem, snippet: snippet(site.style, spec) };
  }
  const spec = specs(request);
  const modules = moduleNames(request.imports, spec.modules);
  return {
    description: spec.describe(request.callee) + dialectNote(site.dialect),
    edits: request.edits(spec.name),
    helper: pythonHelper(site, request, spec, modules),
  };
}

/** The names the helper uses for its modules: the module's own binding (`import requests as rq`). */
function moduleNames(imports: ModuleImports, modules: readonly string[]): Record<string, string> {
  const names: Record<string, string> = {};
  for (const module of modules) {
    names[module] = module;
    if (module.includes('.')) continue;
    for (const statement of imports.statements)
      for (const binding of statement.bindings)
        if (statement.topLevel && statement.kind === 'import' && binding.target === module)
          names[module] = binding.name;
  }
  return names;
}

function pythonHelper(
  site: RequestSite,
  request: PythonRequest,
  spec: PythonHelperSpec,
  modules: Record<string, string>,
): Helper {
  const { style } = site;
  const code = styled(spec.lines(modules, site.dialect), style, { swapQuotes: true });
  const eol = style.eol;
  const missing = spec.modules.filter((module) => modules[module] === module);
  const helper: Helper = {
    name: spec.name,
    code,
    definedIn: (current) => new RegExp(`^(async )?def ${spec.name}\\(`, 'm').test(current),
    imports: (current) => addImports(current, request.imports, missing, eol),
  };
  return placedAfterImports(helper, site, request.imports);
}

/**
 * A top-level helper placed as PEP 8 wants it: after the module's imports (module-level code after
 * them may call it), two blank lines before and after. fixFile puts a line ending on each side of
 * the code; the blank lines already there count.
 */
export function placedAfterImports(
  helper: Helper,
  site: RequestSite,
  imports: ModuleImports,
): Helper {
  const { text } = site;
  const { eol } = site.style;
  const code = helper.code;
  const { at, blankLines, afterImports } = headerEnd(text, site.tokens, imports);
  if (text.slice(at).trim() === '') {
    helper.code = eol.repeat(Math.max(0, 1 - blankLines)) + code;
    return helper;
  }
  if (!afterImports) {
    helper.insertAt = at;
    helper.code = code + eol + eol;
    return helper;
  }
  const kept = Math.min(blankLines, 1);
  helper.insertAt = kept ? text.indexOf('\n', at) + 1 : at;
  helper.code = eol.repeat(1 - kept) + code + eol.repeat(Math.max(0, 2 - (blankLines - kept)));
  return helper;
}

function snippet(style: FileStyle, spec: PythonHelperSpec): string {
  const modules = Object.fromEntries(spec.modules.map((module) => [module, module]));
  const example =
    spec.library === 'urllib'
      ? `# response = ${spec.name}(Request(f'{BASE_URL}/pets', headers=headers), pet_id)`
      : `# response = ${spec.name}(session, f'{BASE_URL}/pets', pet_id, headers=headers)`;
  return styled(
    [example, ...spec.modules.map((module) => `import ${module}`), '', '', ...spec.lines(modules)],
    style,
    { swapQuotes: true },
  );
}
