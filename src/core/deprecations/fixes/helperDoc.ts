/** The doc comment of every helper, in every language: what it replaces, what it answers, its reach. */
import type { ApiDialect } from './apiShape';
import { REACH } from './replacement';

/** The doc's lines without comment marks, for languages that write them their own way. */
export function helperDocLines(answers: readonly string[]): string[] {
  return [
    'Finds a pet with GET /pets, one status at a time, instead of GET /pets/{petId} (getPet),',
    'which is removed on 5 December 2030.',
    ...answers,
    ...wrap(REACH),
  ];
}

/** A sentence of a helper's doc in lines of at most 92 characters. */
export function wrap(text: string): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + word.length + 1 > 92) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * The helper doc's sentence on an API in other shapes, what the file shows of it. No apostrophe:
 * Python's docstrings are strings, whose quotes are swapped for the file's.
 */
export function dialectDoc(dialect: ApiDialect | undefined): string[] {
  if (!dialect) return [];
  const answer = dialect.envelope ? `, and answered in { ${dialect.envelope}: … }` : '';
  const list = dialect.envelope === 'data' ? '{ data: [...] }' : '{ pets: [...] }';
  return wrap(
    `This API answers in other shapes than the Pet Store API, as this file shows (${dialect.seen}): the list is read bare or out of ${list}, the pet found by its id or else its _id${answer}.`,
  );
}
