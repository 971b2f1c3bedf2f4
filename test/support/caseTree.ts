import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ALL_CASES } from '../unit/core/deprecations/allCases';

/** Writes a file (by name or by raw name bytes) under root, making its folders. */
export function write(root: string, path: string | Buffer, content: string | Buffer): void {
  const full =
    typeof path === 'string' ? join(root, path) : Buffer.concat([Buffer.from(`${root}/`), path]);
  mkdirSync(dirname(full.toString()), { recursive: true });
  writeFileSync(full, content);
}

/** Every labelled case as a file, and the names, ignore rules and contents a real tree has. */
export function caseTree(): string {
  const root = mkdtempSync(join(tmpdir(), 'petstore-rg-cases-'));
  ALL_CASES.forEach(([name, code], index) => write(root, `cases/${index}/${name}`, code));
  const use = 'export const p = (id: string) => fetch(`/v1/pets/${id}`);\n';
  write(root, 'odd/with space.ts', use);
  write(root, 'odd/line\nbreak.ts', use);
  write(
    root,
    Buffer.concat([Buffer.from('odd/caf'), Buffer.from([0xe9]), Buffer.from('.ts')]),
    use,
  );
  write(root, 'odd/utf16.ts', Buffer.from(`\uFEFF${use}`, 'utf16le'));
  write(root, 'odd/binary.ts', Buffer.concat([Buffer.from(use), Buffer.from([0, 1, 2])]));
  write(root, 'odd/deploy', `#!/bin/sh\ncurl -fsS "$BASE/pets/$PET_ID"\n`);
  write(root, 'odd/notes.md', 'GET /pets/{petId}\n');
  write(root, '.hidden/tool.py', 'requests.get(f"{BASE}/pets/{pid}")\n');
  write(root, 'ignored/.gitignore', '*.ts\n!kept.ts\nbuild/\n');
  write(root, 'ignored/dropped.ts', use);
  write(root, 'ignored/kept.ts', use);
  write(root, 'ignored/build/out.js', 'fetch("/pets/" + id)\n');
  write(root, '.gitignore', 'dist/\n/top-only.ts\n');
  write(root, 'dist/bundle.js', 'fetch("/pets/" + id)\n');
  write(root, 'top-only.ts', use);
  write(root, 'nested/top-only.ts', use);
  write(root, '.ignore', '*.py\n'); // rg's own ignore files are not the walker's: not honoured
  write(root, 'linked/target/client.go', 'resp, _ := http.Get(base + "/pets/" + id)\n');
  // A link inside the tree is an alias (its folder is scanned by its own path); a link out of the
  // workspace is not followed (the boundary rule).
  symlinkSync(join(root, 'linked/target'), join(root, 'linked/alias'));
  const outside = mkdtempSync(join(tmpdir(), 'petstore-rg-outside-'));
  // Its callers remove the tree; the folder it links out to goes when the test process ends.
  process.once('exit', () => rmSync(outside, { recursive: true, force: true }));
  write(outside, 'shared/client.rb', 'Net::HTTP.get(URI("#{BASE}/pets/#{id}"))\n');
  symlinkSync(join(outside, 'shared'), join(root, 'vendored'));
  // A dangling link: rg complains about it (status 2), the walker passes over it; both list the rest.
  symlinkSync(join(root, 'no/such/target.ts'), join(root, 'odd/dangling.ts'));
  // Whole segments only: "snippets/" and "carpets'" are not the path.
  write(root, 'odd/words.ts', "const a = 'snippets/x'; const b = \"carpets'\";\n");
  return root;
}
