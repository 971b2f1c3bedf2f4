/**
 * What a Feign client's repository says about its 404s and its types, for the OpenFeign rewrite:
 * the first file that sets what a 404 becomes (an ErrorDecoder, dismiss404 or decode404, in code or
 * in Spring's settings), and how the Java types it declares give their id (a record's `id()`, a
 * public field's `id`, idAccessors.ts). Only for a file on disk; only regular files of bounded size inside its repository
 * (the folder holding `.git`), gitignored files left out; never written. Kept a few seconds: a
 * `fix` run asks once per request.
 */
import { statSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { realBoundary } from '../../../files/boundary';
import { readRegularText } from '../../../files/regularFile';
import { repositoryRoot } from '../../workspace/repositoryRoot';
import { listFiles } from '../../workspace/workspaceWalker';
import { settingsOfText, type FeignSettings } from './feignSettingsText';

export type { FeignSettings } from './feignSettingsText';

const SOURCES = /\.(java|kt|ya?ml|properties)$/;
const MAX_BYTES = 1024 * 1024;
/** A repository this large is not searched: its settings could be anywhere, so none is assumed. */
const MAX_FILES = 20_000;
const FRESH_MS = 5_000;

const kept = new Map<string, { at: number; settings: FeignSettings }>();

export function feignSettingsOf(path: string, text: string): FeignSettings {
  const own = settingsOfText(text, 'this file');
  const file = isAbsolute(path) ? path : resolve(path);
  try {
    if (!statSync(file).isFile()) return own;
  } catch {
    return own;
  }
  const root = repositoryRoot(dirname(file));
  const found = kept.get(root);
  let settings = found && Date.now() - found.at < FRESH_MS ? found.settings : undefined;
  if (!settings) {
    settings = repositorySettings(root);
    kept.set(root, { at: Date.now(), settings });
    if (kept.size > 64) kept.delete(kept.keys().next().value!);
  }
  // The text as the editor holds it decides before the file on disk; the types are the repository's.
  return own.decidesNotFound ? { ...settings, decidesNotFound: own.decidesNotFound } : settings;
}

function repositorySettings(root: string): FeignSettings {
  const files = listFiles([root], () => undefined, {
    accept: (name) => SOURCES.test(name),
    gitignore: true,
    confine: realBoundary([root]),
  }).filter((listed) => !listed.bytes);
  if (files.length > MAX_FILES)
    return {
      decidesNotFound: `a repository of more than ${MAX_FILES} sources`,
      idAccessors: new Map(),
      types: new Map(),
    };
  // Every file is read even after one decides a 404: Retrofit's rewrite asks only for the types.
  const idAccessors = new Map() as FeignSettings['idAccessors'];
  const types = new Map() as FeignSettings['types'];
  let decidesNotFound: string | undefined;
  for (const listed of files) {
    let text: string;
    try {
      text = readRegularText(listed.path, { maxBytes: MAX_BYTES });
    } catch {
      continue;
    }
    const shown = relative(root, listed.path).split(sep).join('/');
    const found = settingsOfText(text, shown, listed.path.endsWith('.java'), idAccessors, types);
    decidesNotFound ??= found.decidesNotFound;
  }
  return decidesNotFound ? { decidesNotFound, idAccessors, types } : { idAccessors, types };
}
