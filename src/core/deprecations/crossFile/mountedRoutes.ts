/**
 * Routers mounted on the pets collection, followed into their modules: `app.use('/pets',
 * petsRouter)` in one file (petsRouter from `require('./routes/pets')` or an import; Fastify's
 * `app.register(petRoutes, { prefix: '/pets' })` alike), and
 * `router.get('/:id', handler)` in that module, serve GET /pets/{id} together, though neither file
 * holds the whole path. The mounting file names the module; the module's item routes are the
 * findings (kind `serves`, a hint unless routes are counted), each saying where it is mounted.
 */
import { dirname, resolve } from 'node:path';
import { ignoresFile, isSuppressed, suppressedLines, type Finding } from '../engine';
import { hasRouterReceiver } from '../judges/serves';
import { languageOfPath, type LanguageSupport } from '../lexers/languages';
import { LineIndex } from '../model/lineIndex';
import { literalText, tokenEnd, type Token } from '../model/tokens';
import {
  chainStart,
  matchingCloser,
  nextSignificant,
  previousSignificant,
} from '../model/tokenWalk';

/** A router module mounted on the pets collection: where, and the files the module may be. */
export interface RouterMount {
  /** The mounting file and its path as mounted (`/api/v1/pets`). */
  from: string;
  line: number;
  character: number;
  mountPath: string;
  /** The mount as the message names it: `use('/pets')`, `register(…, { prefix: '/pets' })`. */
  call: string;
  /** The module's possible files, most likely first (`./routes/pets` → `routes/pets.js`, …). */
  modules: string[];
}

/** A collection path ending in the pets segment: `/pets`, `/api/v1/pets/`. */
const PETS_COLLECTION = /^(?:\/?[\w.-]+)*\/?pets\/?$/i;
/** An item path of one parameter, as a mounted router writes it: `/:id`, `:petId`, FastAPI's `/{pet_id}`. */
const ITEM_PATH = /^\/?(?::[A-Za-z_$][\w$]*|\{[A-Za-z_]\w*(?::[^{}]*)?\})\/?$/;
const MODULE_EXTENSIONS = ['', '.js', '.ts', '.mjs', '.cjs', '.jsx', '.tsx'];
const INDEX_FILES = ['/index.js', '/index.ts', '/index.mjs'];

/** Whether a file's text may mount a router on the pets collection (a look before it is lexed). */
export function mayMountRouters(text: string): boolean {
  return (
    (text.includes('.use(') || text.includes('.register(') || text.includes('.include_router(')) &&
    /pets\/?['"`]/i.test(text)
  );
}

/** The routers a JavaScript, TypeScript or Python (FastAPI) file mounts on the pets collection. */
export function routerMountsIn(
  path: string,
  text: string,
  language: LanguageSupport,
): RouterMount[] {
  const family = language.family;
  if ((family !== 'javascript' && family !== 'python') || !language.lex || !mayMountRouters(text))
    return [];
  const { tokens, comments } = language.lex(text);
  if (ignoresFile(comments)) return [];
  const lines = new LineIndex(text);
  if (family === 'python') return includedRouters(path, tokens, lines);
  const mounts: RouterMount[] = [];
  for (let i = 1; i < tokens.length - 2; i++) {
    const mounted =
      tokens[i - 1]!.text !== '.'
        ? undefined
        : tokens[i]!.text === 'use'
          ? expressMount(tokens, i)
          : tokens[i]!.text === 'register'
            ? fastifyMount(tokens, i)
            : undefined;
    if (!mounted) continue;
    const { mountPath } = mounted;
    const specifier = mountedModule(tokens, mounted.module);
    if (!specifier || !specifier.startsWith('.')) continue;
    mounts.push({
      from: path,
      ...lines.position(tokens[i]!.start),
      mountPath,
      call:
        tokens[i]!.text === 'use'
          ? `use('${mountPath}')`
          : `register(…, { prefix: '${mountPath}' })`,
      modules: moduleFiles(resolve(dirname(path), specifier)),
    });
  }
  return mounts;
}

/**
 * FastAPI's `app.include_router(pets.router, prefix="/pets")`: the router's module from the file's
 * imports (`from .routers import pets`, `from app.routers.pets import router`), its files tried
 * from the file's folder (relative imports) or its ancestors (absolute ones).
 */
function includedRouters(path: string, tokens: readonly Token[], lines: LineIndex): RouterMount[] {
  const mounts: RouterMount[] = [];
  for (let i = 1; i < tokens.length - 2; i++) {
    if (tokens[i]!.text !== 'include_router' || tokens[i - 1]!.text !== '.') continue;
    const open = nextSignificant(tokens, i + 1);
    if (open < 0 || tokens[open]!.text !== '(') continue;
    const close = matchingCloser(tokens, open, 200);
    const argument = nextSignificant(tokens, open + 1);
    let mountPath: string | undefined;
    for (let k = argument + 1; k < close - 2; k++) {
      if (tokens[k]!.text !== 'prefix' || tokens[k + 1]?.text !== '=') continue;
      const value = literalText(tokens[nextSignificant(tokens, k + 2)]);
      if (value && PETS_COLLECTION.test(value)) mountPath = value;
    }
    if (!mountPath || tokens[argument]?.kind !== 'ident') continue;
    // `pets.router`: the module is what `pets` was imported as; `router`: what it was imported from.
    const modules = pythonModuleFiles(path, tokens, tokens[argument].text);
    if (!modules.length) continue;
    mounts.push({
      from: path,
      ...lines.position(tokens[i]!.start),
      mountPath,
      call: `include_router(…, prefix='${mountPath}')`,
      modules,
    });
  }
  return mounts;
}

/**
 * The files a name imported in a Python file may be defined in: `from .routers import pets`
 * (the submodule `routers/pets.py`, or the package's `__init__.py`), `from .routers.pets import
 * router`, `import app.routers.pets as pets`.
 */
function pythonModuleFiles(path: string, tokens: readonly Token[], name: string): string[] {
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const lineStart = i === 0 || tokens[i - 1]!.kind === 'newline';
    if (!lineStart || (token.text !== 'from' && token.text !== 'import')) continue;
    let end = i;
    while (end < tokens.length && tokens[end]!.kind !== 'newline') end++;
    const line = tokens.slice(i, end).map((t) => t.text);
    if (token.text === 'from') {
      const importAt = line.indexOf('import');
      if (importAt < 2) continue;
      const module = line.slice(1, importAt).join('');
      const names = line
        .slice(importAt + 1)
        .join(' ')
        .replace(/[()]/g, '')
        .split(',');
      for (const entry of names) {
        const [imported, alias] = entry.trim().split(/\s+as\s+/);
        if ((alias ?? imported) !== name || !imported) continue;
        const base = pythonModuleBases(path, module);
        return base.flatMap((folder) => [
          `${folder}/${imported}.py`,
          `${folder}/${imported}/__init__.py`,
          `${folder}.py`,
          `${folder}/__init__.py`,
        ]);
      }
    } else {
      const text = line.slice(1).join('');
      const [module, alias] = text.split('as');
      if (!module || (alias ?? module.split('.').pop()) !== name) continue;
      return pythonModuleBases(path, module).flatMap((folder) => [
        `${folder}.py`,
        `${folder}/__init__.py`,
      ]);
    }
  }
  return [];
}

/** A module's path without its extension: relative to the file's package, else to its ancestors. */
function pythonModuleBases(path: string, module: string): string[] {
  const dots = /^\.*/.exec(module)![0].length;
  const parts = module.slice(dots).split('.').filter(Boolean);
  if (dots > 0) {
    let folder = dirname(path);
    for (let k = 1; k < dots; k++) folder = dirname(folder);
    return [resolve(folder, ...parts)];
  }
  const bases: string[] = [];
  let folder = dirname(path);
  for (let k = 0; k < 4; k++) {
    bases.push(resolve(folder, ...parts));
    const parent = dirname(folder);
    if (parent === folder) break;
    folder = parent;
  }
  return bases;
}

/** Express's `app.use('/pets', router)`: the path, and the token where the router is named. */
function expressMount(
  tokens: readonly Token[],
  use: number,
): { mountPath: string; module: number } | undefined {
  const open = nextSignificant(tokens, use + 1);
  if (open < 0 || tokens[open]!.text !== '(') return undefined;
  const pathToken = nextSignificant(tokens, open + 1);
  const mountPath = pathToken < 0 ? undefined : literalText(tokens[pathToken]);
  if (tokens[pathToken]?.kind !== 'string' || !mountPath || !PETS_COLLECTION.test(mountPath))
    return undefined;
  const comma = nextSignificant(tokens, pathToken + 1);
  if (comma < 0 || tokens[comma]!.text !== ',') return undefined;
  return { mountPath, module: nextSignificant(tokens, comma + 1) };
}

/** Fastify's `app.register(petRoutes, { prefix: '/pets' })`: the prefix, and the plugin's token. */
function fastifyMount(
  tokens: readonly Token[],
  register: number,
): { mountPath: string; module: number } | undefined {
  const open = nextSignificant(tokens, register + 1);
  if (open < 0 || tokens[open]!.text !== '(') return undefined;
  const module = nextSignificant(tokens, open + 1);
  const close = matchingCloser(tokens, open, 200);
  for (let k = module + 1; k < close - 2; k++) {
    if (tokens[k]!.text !== 'prefix' || tokens[k + 1]?.text !== ':') continue;
    const value = nextSignificant(tokens, k + 2);
    const mountPath = literalText(tokens[value]);
    if (tokens[value]?.kind === 'string' && mountPath && PETS_COLLECTION.test(mountPath))
      return { mountPath, module };
  }
  return undefined;
}

/** The module a mount's argument names: `require('./x')` there, or a name bound to one. */
function mountedModule(tokens: readonly Token[], at: number): string | undefined {
  if (at < 0) return undefined;
  const required = requiredAt(tokens, at);
  if (required !== undefined) return required;
  const name = tokens[at]!;
  if (name.kind !== 'ident') return undefined;
  for (let i = 0; i < tokens.length - 2; i++) {
    if (tokens[i]!.text !== name.text || i === at) continue;
    const next = nextSignificant(tokens, i + 1);
    // `const petsRouter = require('./routes/pets')`
    if (next >= 0 && tokens[next]!.text === '=') {
      const value = requiredAt(tokens, nextSignificant(tokens, next + 1));
      if (value !== undefined) return value;
    }
    // `import petsRouter from './routes/pets'`
    const before = previousSignificant(tokens, i - 1);
    if (before >= 0 && tokens[before]!.text === 'import' && tokens[next]?.text === 'from') {
      const source = nextSignificant(tokens, next + 1);
      if (tokens[source]?.kind === 'string') return literalText(tokens[source]);
    }
  }
  return undefined;
}

function requiredAt(tokens: readonly Token[], at: number): string | undefined {
  if (at < 0 || tokens[at]!.text !== 'require') return undefined;
  const open = nextSignificant(tokens, at + 1);
  const source = open < 0 ? -1 : nextSignificant(tokens, open + 1);
  return tokens[open]?.text === '(' && tokens[source]?.kind === 'string'
    ? literalText(tokens[source])
    : undefined;
}

/** The files a module specifier may name: as written, with an extension, or its folder's index. */
function moduleFiles(base: string): string[] {
  const files = MODULE_EXTENSIONS.map((extension) => base + extension);
  // TypeScript sources import their siblings as `.js`.
  if (base.endsWith('.js')) files.push(`${base.slice(0, -3)}.ts`);
  return [...files, ...INDEX_FILES.map((index) => base + index)];
}

/**
 * The item routes of a mounted router's module that serve GET /pets/{id}: `router.get('/:id', h)`
 * and `router.route('/:id').get(h)`, each a `serves` finding that names its mount.
 */
export function mountedItemRoutes(
  module: { path: string; text: string; language: LanguageSupport },
  mount: RouterMount,
  countRoutes: boolean,
): Finding[] {
  const { text, language } = module;
  if (!language.lex || !text.includes(':')) return [];
  const { tokens, comments } = language.lex(text);
  if (ignoresFile(comments)) return [];
  const lines = new LineIndex(text);
  const suppressed = suppressedLines(comments, lines);
  const findings: Finding[] = [];
  for (let i = 2; i < tokens.length; i++) {
    const token = tokens[i]!;
    const itemPath = token.kind === 'string' ? literalText(token) : undefined;
    if (!itemPath || !ITEM_PATH.test(itemPath) || !servesGet(tokens, i)) continue;
    const anchor = chainStart(tokens, i);
    const finding: Finding = {
      kind: 'serves',
      confidence: countRoutes ? 'certain' : 'possible',
      detail: `${mount.mountPath.replace(/\/$/, '')}/${itemPath.replace(/^\//, '')}`,
      start: lines.position(token.start),
      end: lines.position(tokenEnd(token)),
      anchorLine: lines.position(tokens[anchor]!.start).line,
      via: [
        {
          name: mount.call,
          path: mount.from,
          line: mount.line,
          character: mount.character,
        },
      ],
    };
    if (!isSuppressed(finding, suppressed)) findings.push(finding);
  }
  return findings;
}

/** The string at `at` is the path of a GET route with a handler: `.get(path, h)`, `.route(path).get(h)`. */
function servesGet(tokens: readonly Token[], at: number): boolean {
  const open = previousSignificant(tokens, at - 1);
  if (open < 1 || tokens[open]!.text !== '(') return false;
  const callee = previousSignificant(tokens, open - 1);
  const name = tokens[callee]?.text;
  if (!hasRouterReceiver(tokens, callee)) return false;
  const after = nextSignificant(tokens, at + 1);
  if ((name === 'get' || name === 'all') && tokens[after]?.text === ',') return true;
  // FastAPI's decorator `@router.get("/{pet_id}")`: the function below is the handler.
  if (name === 'get' && isDecorator(tokens, callee)) return true;
  if (name !== 'route' || tokens[after]?.text !== ')') return false;
  // router.route('/:id').get(handler)…: the chain's methods after the route, to its statement's end.
  for (let i = after + 1, depth = 0; i < tokens.length && i < after + 400; i++) {
    const text = tokens[i]!.text;
    if (
      depth === 0 &&
      tokens[i]!.kind === 'newline' &&
      tokens[nextSignificant(tokens, i)]?.text !== '.'
    )
      return false;
    if (text === '(' || text === '[' || text === '{') depth++;
    else if (text === ')' || text === ']' || text === '}') depth--;
    else if (depth === 0 && text === ';') return false;
    if (depth < 0) return false;
    if (depth === 0 && text === '.' && tokens[i + 1]?.text === 'get') return true;
  }
  return false;
}

/** `@router.get(`: the call at `callee` is a decorator's (its dotted name follows an `@`). */
function isDecorator(tokens: readonly Token[], callee: number): boolean {
  let start = callee;
  while (start >= 2 && tokens[start - 1]!.text === '.' && tokens[start - 2]!.kind === 'ident')
    start -= 2;
  return tokens[start - 1]?.text === '@';
}

/** A mounted router's module as read, and its item routes. */
export interface MountedModule {
  text: string;
  routes: Finding[];
}

/**
 * The item routes of the mounted routers, by module file. `readText` gives a file's text as the
 * front end holds it (undefined when it has no such readable source: the module's next possible
 * file is tried); a module mounted twice gives each route once.
 */
export async function routesOfMounts(
  mounts: Iterable<RouterMount>,
  readText: (path: string) => Promise<string | undefined>,
  countRoutes: boolean,
): Promise<Map<string, MountedModule>> {
  const found = new Map<string, MountedModule>();
  for (const mount of mounts) {
    const module = await firstReadable(mount.modules, readText);
    if (!module) continue;
    const routes = mountedItemRoutes(module, mount, countRoutes);
    if (!routes.length) continue;
    const entry = found.get(module.path) ?? { text: module.text, routes: [] };
    for (const route of routes)
      if (!entry.routes.some((known) => samePlace(known, route))) entry.routes.push(route);
    found.set(module.path, entry);
  }
  return found;
}

async function firstReadable(
  candidates: readonly string[],
  readText: (path: string) => Promise<string | undefined>,
): Promise<{ path: string; text: string; language: LanguageSupport } | undefined> {
  for (const path of candidates) {
    const language = languageOfPath(path);
    if (!language) continue;
    const text = await readText(path);
    if (text !== undefined) return { path, text, language };
  }
  return undefined;
}

function samePlace(a: Finding, b: Finding): boolean {
  return a.start.line === b.start.line && a.start.character === b.start.character;
}
