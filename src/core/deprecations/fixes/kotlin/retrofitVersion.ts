/**
 * The Retrofit version a Gradle build names (2.9 → 2.09), from the build files of the file's folder
 * and those above it, and the root's version catalog; undefined when none says.
 */
import { join } from 'node:path';
import { projectFilesOf } from '../projectFiles';

const BUILD_FILES = ['build.gradle', 'build.gradle.kts'];
const VERSION =
  /(?:com\.squareup\.retrofit2:retrofit:|retrofit\w*['"]?\s*[:=]\s*(?:version\s*=\s*)?['"])(\d+)\.(\d+)/i;

export function retrofitVersionOf(path: string): number | undefined {
  const project = projectFilesOf(path);
  if (!project) return undefined;
  const root = project.folders[project.folders.length - 1]!;
  const files = [
    ...project.folders.flatMap((folder) =>
      BUILD_FILES.filter((name) => project.names(folder).includes(name)).map((name) =>
        join(folder, name),
      ),
    ),
    join(root, 'gradle', 'libs.versions.toml'),
  ];
  for (const file of files) {
    const found = VERSION.exec(project.read(file) ?? '');
    if (found) return Number(found[1]) + Number(found[2]) / 100;
  }
  return undefined;
}
