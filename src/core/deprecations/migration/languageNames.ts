import { basename } from 'node:path';

/** What a report calls each kind of file the finder reads, by extension. */
const BY_EXTENSION: Record<string, string> = {
  ts: 'TypeScript',
  tsx: 'TypeScript',
  mts: 'TypeScript',
  cts: 'TypeScript',
  js: 'JavaScript',
  jsx: 'JavaScript',
  mjs: 'JavaScript',
  cjs: 'JavaScript',
  py: 'Python',
  pyw: 'Python',
  go: 'Go',
  java: 'Java',
  kt: 'Kotlin',
  kts: 'Kotlin',
  cs: 'C#',
  rb: 'Ruby',
  rake: 'Ruby',
  gemspec: 'Ruby',
  php: 'PHP',
  phtml: 'PHP',
  rs: 'Rust',
  dart: 'Dart',
  swift: 'Swift',
  scala: 'Scala',
  sc: 'Scala',
  ex: 'Elixir',
  exs: 'Elixir',
  sh: 'Shell',
  bash: 'Shell',
  zsh: 'Shell',
  ksh: 'Shell',
  mk: 'Make',
  dockerfile: 'Dockerfile',
  http: 'HTTP requests',
  rest: 'HTTP requests',
  vue: 'Vue',
  svelte: 'Svelte',
  html: 'HTML',
  htm: 'HTML',
};

const BY_FILE_NAME: Record<string, string> = {
  Rakefile: 'Ruby',
  Gemfile: 'Ruby',
  Makefile: 'Make',
  makefile: 'Make',
  GNUmakefile: 'Make',
  Dockerfile: 'Dockerfile',
  Containerfile: 'Dockerfile',
};

/** The language a report shows for a file ('Other' for a name it does not know). */
export function languageNameOfPath(path: string): string {
  const name = basename(path);
  const dot = name.lastIndexOf('.');
  return (
    BY_FILE_NAME[name] ??
    (dot > 0 ? BY_EXTENSION[name.slice(dot + 1).toLowerCase()] : undefined) ??
    'Other'
  );
}
