import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The ripgrep VS Code ships (its search uses it), for the language server to list the workspace's
 * candidate files with: desktop builds keep it in @vscode/ripgrep (unpacked from the asar in
 * packaged builds), code-server in @vscode/ripgrep-universal per platform. Undefined when none is
 * there (the server then walks the folders itself, and says so in its log).
 */
export function editorRipgrep(appRoot: string): string | undefined {
  const exe = process.platform === 'win32' ? 'rg.exe' : 'rg';
  const modules = ['node_modules', 'node_modules.asar.unpacked'];
  return [
    ...modules.map((folder) => join(appRoot, folder, '@vscode', 'ripgrep', 'bin', exe)),
    join(
      appRoot,
      'node_modules',
      '@vscode',
      'ripgrep-universal',
      'bin',
      `${process.platform}-${process.arch}`,
      exe,
    ),
  ].find((path) => existsSync(path));
}
