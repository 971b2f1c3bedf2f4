/**
 * The text declaring a type a C# file uses, for rewrites that depend on it (a project helper's
 * answer to a 404, a pet type's id property): the file itself, else `Type.cs` in the file's folder
 * or a folder above it within the repository, or in one of their subfolders (`Models/PetDto.cs`
 * beside `Services/`); for an interface (`IApiClient`), its implementation's file (`ApiClient.cs`)
 * too. Undefined when none is in reach (the browser: no project files).
 */
import { join } from 'node:path';
import { projectFilesOf } from '../projectFiles';

/** Folders above the file looked into, and subfolders of each: a bound on what is read. */
const MAX_LEVELS = 4;
const MAX_SUBFOLDERS = 40;
const SKIPPED = new Set(['bin', 'obj', 'node_modules', 'packages', 'TestResults']);

export function projectTypeText(path: string, text: string, type: string): string | undefined {
  const names = [type, ...(/^I[A-Z]/.test(type) ? [type.slice(1)] : [])];
  const declares = (source: string) =>
    names.some((name) =>
      new RegExp(`\\b(class|record|struct|interface)\\s+${name}\\b`).test(source),
    );
  const ownClass = (source: string) =>
    names.some((name) => new RegExp(`\\b(class|record)\\s+${name}\\b`).test(source));
  if (ownClass(text)) return text;
  const project = projectFilesOf(path);
  if (!project) return declares(text) ? text : undefined;
  const files = names.map((name) => `${name}.cs`);
  for (const folder of project.folders.slice(0, MAX_LEVELS)) {
    const candidates = [
      folder,
      ...project
        .subfolders(folder)
        .filter((name) => !SKIPPED.has(name))
        .slice(0, MAX_SUBFOLDERS)
        .map((name) => join(folder, name)),
    ];
    for (const candidate of candidates) {
      const listed = project.names(candidate);
      // The implementation's file first: an interface says nothing of what a method answers.
      for (const file of [...files].reverse()) {
        if (!listed.includes(file)) continue;
        const source = project.read(join(candidate, file));
        if (source !== undefined && ownClass(source)) return source;
      }
    }
  }
  return declares(text) ? text : undefined;
}
