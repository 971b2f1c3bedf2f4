/**
 * Document URIs as the browser's server names files: by the URI's path (POSIX, decoded), as the
 * editor's port and the finder's core want them. A URI names a file only under the scheme and
 * authority of a workspace folder (`vscode-vfs://github`, `vscode-remote://host:port`); a path goes
 * back under the folder that holds it, encoded as VS Code encodes a URI's path.
 */
import { isInside } from '../../core/deprecations/workspace/pathInside';
import type { DocumentPaths } from '../serverHost';

interface Root {
  /** `scheme://authority` */
  origin: string;
  path: string;
}

export class UriPaths implements DocumentPaths {
  private roots: Root[] = [];

  setFolders(uris: readonly unknown[]): void {
    this.roots = uris.flatMap((uri) => {
      const root = partsOf(uri);
      return root ? [root] : [];
    });
  }

  fileOf(uri: unknown): string | undefined {
    const parts = partsOf(uri);
    return parts && this.roots.some((root) => root.origin === parts.origin)
      ? parts.path
      : undefined;
  }

  uriOf(path: string): string {
    const root = this.roots.find((candidate) => isInside(path, [candidate.path])) ?? this.roots[0];
    const encoded = path
      .split('/')
      .map((name) => encodeURIComponent(name))
      .join('/');
    return `${root?.origin ?? 'file://'}${encoded}`;
  }
}

/** A hierarchical URI's origin and decoded path; undefined for anything else, or a path naming `/` encoded. */
function partsOf(uri: unknown): Root | undefined {
  if (typeof uri !== 'string') return undefined;
  const match = /^([a-zA-Z][\w+.-]*):\/\/([^/?#]*)([^?#]*)/.exec(uri);
  if (!match) return undefined;
  const [, scheme, authority, encodedPath] = match;
  try {
    const names = (encodedPath || '/').split('/').map((name) => decodeURIComponent(name));
    if (names.some((name) => name.includes('/'))) return undefined;
    return { origin: `${scheme}://${authority}`, path: names.join('/') };
  } catch {
    return undefined;
  }
}
