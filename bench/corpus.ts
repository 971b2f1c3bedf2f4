import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Deterministic pseudo-random numbers, so every run measures the same corpus. */
export function random(seed: number): () => number {
  let state = seed;
  return () => (state = (state * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
}

export interface Flavour {
  folder: string;
  extension: string;
  filler: (i: number) => string;
  use: string;
  nearMiss: string;
}

/** Per language: ordinary code, one use of GET /pets/{petId}, and code that mentions pets/ without using it. */
export const FLAVOURS: Flavour[] = [
  {
    folder: 'js',
    extension: 'ts',
    filler: (i) =>
      `export function handler${i}(input: string): string {\n  // normalise the input before use\n  const value = input.trim().toLowerCase() + '${i}';\n  return value.length > 10 ? value.slice(0, 10) : \`\${value}-\${${i}}\`;\n}\n`,
    use: 'export const loadPet = (id: string) => fetch(`${BASE}/pets/${id}`);\n',
    nearMiss: 'export const photos = (id: string) => fetch(`${BASE}/pets/${id}/photos`);\n',
  },
  {
    folder: 'js',
    extension: 'js',
    filler: (i) =>
      `function compute${i}(a, b) {\n  /* sum with a bias */\n  const total = a + b + ${i};\n  return { total, label: "item-${i}" };\n}\n`,
    use: "const pet = await axios.get('/v1/pets/' + petId);\n",
    nearMiss: "await axios.delete('/v1/pets/' + petId);\n",
  },
  {
    folder: 'py',
    extension: 'py',
    filler: (i) =>
      `def compute_${i}(a, b):\n    """Adds two numbers."""\n    total = a + b + ${i}\n    return {"total": total, "label": f"item-{total}"}\n\n`,
    use: 'pet = requests.get(f"{BASE}/pets/{pet_id}").json()\n',
    nearMiss: 'sitters = requests.get(f"{BASE}/petsitters/{sitter_id}").json()\n',
  },
  {
    folder: 'go',
    extension: 'go',
    filler: (i) =>
      `func Compute${i}(a, b int) int {\n\t// add with a bias\n\treturn a + b + ${i}\n}\n\n`,
    use: 'resp, err := http.Get(fmt.Sprintf("%s/pets/%d", base, id))\n',
    nearMiss: 'resp, err := http.Get(base + "/pets?status=sold")\n',
  },
  {
    folder: 'java',
    extension: 'java',
    filler: (i) =>
      `  public int compute${i}(int a, int b) {\n    // add with a bias\n    return a + b + ${i};\n  }\n`,
    use: '  Pet pet = restTemplate.getForObject(base + "/pets/{id}", Pet.class, id);\n',
    nearMiss: '  restTemplate.delete(base + "/pets/{id}", id);\n',
  },
  {
    folder: 'rb',
    extension: 'rb',
    filler: (i) => `def compute_${i}(a, b)\n  # add with a bias\n  a + b + ${i}\nend\n\n`,
    use: 'pet = HTTParty.get("#{BASE}/pets/#{id}")\n',
    nearMiss: 'photos = HTTParty.get("#{BASE}/pets/#{id}/photos")\n',
  },
  {
    folder: 'sh',
    extension: 'sh',
    filler: (i) => `compute_${i}() {\n  # add with a bias\n  echo $(( $1 + $2 + ${i} ))\n}\n\n`,
    use: 'curl -s "$BASE/pets/$ID"\n',
    nearMiss: 'curl -s -X DELETE "$BASE/pets/$ID"\n',
  },
];

export interface CorpusStats {
  files: number;
  bytes: number;
  uses: number;
  jsFolder: string;
}

/** File `index`'s language and folder (50 modules per language), made when first used. */
function placeOf(folder: string, index: number): { flavour: Flavour; directory: string } {
  const flavour = FLAVOURS[index % FLAVOURS.length]!;
  const directory = join(folder, flavour.folder, `module${index % 50}`);
  if (index < FLAVOURS.length * 50) mkdirSync(directory, { recursive: true });
  return { flavour, directory };
}

/** Writes about `targetFiles` files of about `targetBytes` in all into `folder` (replacing it). */
export function writeCorpus(
  folder: string,
  targetFiles = 10_000,
  targetBytes = 100 * 1024 * 1024,
): CorpusStats {
  rmSync(folder, { recursive: true, force: true });
  const next = random(7);
  const bytesPerFile = targetBytes / targetFiles;
  let bytes = 0;
  let uses = 0;
  for (let index = 0; index < targetFiles; index++) {
    const { flavour, directory } = placeOf(folder, index);
    const parts: string[] = [];
    let size = 0;
    let block = 0;
    const withUse = next() < 0.03; // a few hundred uses in all
    const withNearMiss = next() < 0.1;
    while (size < bytesPerFile) {
      const text = flavour.filler(index * 1000 + block++);
      parts.push(text);
      size += text.length;
      if (withUse && block === 20) {
        parts.push(flavour.use);
        uses++;
      }
      if (withNearMiss && block === 10) parts.push(flavour.nearMiss);
    }
    const content = parts.join('');
    writeFileSync(join(directory, `file${index}.${flavour.extension}`), content);
    bytes += content.length;
  }
  return { files: targetFiles, bytes, uses, jsFolder: join(folder, 'js') };
}

/** A 10,000-line TypeScript file with a few uses, for the re-diagnose measurement. */
export function largeTypeScriptFile(lines = 10_000): string {
  const out: string[] = [];
  for (let i = 0; out.length < lines; i++) {
    out.push(
      `export function handler${i}(input: string): string {`,
      `  const value = input.trim() + '${i}';`,
      i % 500 === 0
        ? '  return fetch(`${BASE}/pets/${value}`) as unknown as string;'
        : '  return `${value}-x`;',
      '}',
    );
  }
  return out.slice(0, lines).join('\n');
}

/**
 * Issue #14's dense tree: every file a candidate that mentions pets many times (a use and a near
 * miss in every `spacing` blocks of each language's filler), so the finder lexes and judges all
 * of it.
 */
export function writeDenseCorpus(
  folder: string,
  { files = 10_000, blocksPerFile = 40, spacing = 10 } = {},
): CorpusStats {
  rmSync(folder, { recursive: true, force: true });
  let bytes = 0;
  let uses = 0;
  for (let index = 0; index < files; index++) {
    const { flavour, directory } = placeOf(folder, index);
    const parts: string[] = [];
    for (let block = 0; block < blocksPerFile; block++) {
      parts.push(flavour.filler(index * 1000 + block));
      if (block % spacing === spacing >> 1) {
        parts.push(flavour.use);
        uses++;
      }
      if (block % spacing === spacing - 1) parts.push(flavour.nearMiss);
    }
    const content = parts.join('');
    writeFileSync(join(directory, `file${index}.${flavour.extension}`), content);
    bytes += content.length;
  }
  return { files, bytes, uses, jsFolder: join(folder, 'js') };
}
