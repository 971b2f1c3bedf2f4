/**
 * Whether a Kotlin interface's method can become an extension function of the interface without
 * touching another file: every caller must then find the function without an import. That holds
 * for Kotlin callers in the interface's package or importing all of it (`import pkg.*`); not for
 * Java callers (a top-level function is `FileKt.name(api, …)` there), nor for a class that
 * implements the method (a fake in a test). The repository's .kt, .kts and .java files are read
 * (regular files of bounded size, through projectFiles.ts); outside a git repository, where only
 * the file's folder could be, the method is left; with no files (a text alone, the browser), the
 * file's own text decides.
 */
import { isAbsolute, join, resolve } from 'node:path';
import { projectFilesOf, type ProjectFiles } from '../projectFiles';

const SOURCES = /\.(kt|kts|java)$/;
const SKIPPED = new Set(['build', 'node_modules', 'out', 'target', 'generated']);
/** A repository this large is not searched: its callers could be anywhere. */
const MAX_FILES = 20_000;

/**
 * Why callers elsewhere would break, or the pet's type has no `id` to compare, or undefined when
 * neither.
 */
export function callersProblem(
  path: string,
  text: string,
  method: string,
  packageName: string | undefined,
  pet: string,
): string | undefined {
  const declaresPet = new RegExp(`\\b(?:class|record)\\s+${pet}\\b`);
  const hasId = /\b(?:val|var)\s+id\b|\bgetId\s*\(|\b\w+\s+id\s*[;=,)]/;
  if (declaresPet.test(text) && !hasId.test(text)) return `${pet} has no id to compare`;
  const project = projectFilesOf(path);
  if (!project) return undefined;
  // Outside a repository only the file's folder could be read: callers elsewhere go unseen.
  if (!project.inRepository)
    return 'the file is not in a git repository, so the method’s callers in other folders cannot be searched';
  const root = project.folders[project.folders.length - 1]!;
  const called = new RegExp(`(?:\\.|::)\\s*${method}\\s*\\(|::\\s*${method}\\b`);
  const implemented = new RegExp(`\\boverride\\s+(?:suspend\\s+)?fun\\s+${method}\\s*\\(`);
  const files = sourceFiles(project, root);
  if (!files) return 'the repository is too large to find the method’s callers';
  const own = isAbsolute(path) ? path : resolve(path);
  for (const file of files) {
    if (file === own) continue;
    const source = project.read(file);
    if (source === undefined) continue;
    const name = file.slice(root.length + 1);
    if (declaresPet.test(source) && !hasId.test(source))
      return `${pet} (${name}) has no id to compare`;
    if (!source.includes(method)) continue;
    if (implemented.test(source)) return `${name} implements ${method}: it would override nothing`;
    if (!called.test(source)) continue;
    if (file.endsWith('.java'))
      return `${name} calls ${method} from Java, where an extension function is called otherwise`;
    const itsPackage = /^\s*package\s+([\w.]+)/m.exec(source)?.[1];
    const everything =
      packageName !== undefined &&
      new RegExp(`^\\s*import\\s+${packageName.replace(/\./g, '\\.')}\\.\\*`, 'm').test(source);
    if (itsPackage !== packageName && !everything)
      return `${name} calls ${method} from another package, which would need to import the function`;
  }
  return undefined;
}

function sourceFiles(project: ProjectFiles, root: string): string[] | undefined {
  const files: string[] = [];
  const folders = [root];
  while (folders.length) {
    const folder = folders.pop()!;
    for (const name of project.names(folder))
      if (SOURCES.test(name)) {
        files.push(join(folder, name));
        if (files.length > MAX_FILES) return undefined;
      }
    for (const sub of project.subfolders(folder))
      if (!SKIPPED.has(sub)) folders.push(join(folder, sub));
  }
  return files;
}
