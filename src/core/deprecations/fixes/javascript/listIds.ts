/**
 * The JavaScript helpers' lines that read a list's `body`: the pets parsed, and their ids as the
 * text writes them (JSON.parse reads an id above 2^53 as a nearby double), so the pet asked for
 * is found exactly. One source for fetch, axios, Angular (modern syntax, typed or not) and
 * AngularJS and jQuery (ES5). Typed for TypeScript 2.7 and later (no `unknown`): Angular 6's.
 */
import type { ApiDialect } from '../apiShape';

export type ListSyntax = 'typed' | 'untyped' | 'es5';

/**
 * `pets` and `ids` from `body`, each line after `indent`. For an API in other shapes (`dialect`),
 * `pets` only: the list bare or out of its wrapper, whose ids are compared as text.
 */
export function listIdLines(indent: string, syntax: ListSyntax, dialect?: ApiDialect): string[] {
  if (dialect) return dialectListLines(indent, syntax, dialect);
  const declare = syntax === 'es5' ? 'var' : 'const';
  const typed = syntax === 'typed';
  return [
    typed
      ? 'const pets: { id?: string | number }[] = JSON.parse(body);'
      : `${declare} pets = JSON.parse(body);`,
    '// Ids compared as sent: JSON.parse reads an id above 2^53 as a nearby double.',
    typed ? 'const ids: string[] = [];' : `${declare} ids = [];`,
    `${declare} idPattern = /"id"\\s*:\\s*(-?\\d+)/g;`,
    `for (${syntax === 'es5' ? 'var' : 'let'} match = idPattern.exec(body); match; match = idPattern.exec(body)) ids.push(match[1]${typed ? ' as string' : ''});`,
  ].map((line) => indent + line);
}

/** `index`: where the pet asked for (`petId`) is in `pets`, -1 when it is not there. */
export function petIndexLines(indent: string, dialect?: ApiDialect): string[] {
  if (dialect)
    return [
      `${indent}const index = pets.findIndex((pet) => String(pet.id != null ? pet.id : pet._id) === String(petId));`,
    ];
  return [
    'const index = ids.length === pets.length',
    '  ? ids.indexOf(String(petId))',
    '  : pets.findIndex((pet) => String(pet.id) === String(petId));',
  ].map((line) => indent + line);
}

/**
 * ES5's loop over `pets` that runs `found` (lines, `pets[i]` the pet) for the pet asked for
 * (`petId`), its id compared as sent where `ids` has them all.
 */
export function es5PetLoopLines(
  indent: string,
  found: readonly string[],
  dialect?: ApiDialect,
): string[] {
  return [
    'for (var i = 0; i < pets.length; i++) {',
    dialect
      ? '  if (String(pets[i].id != null ? pets[i].id : pets[i]._id) === String(petId)) {'
      : '  if (ids.length === pets.length ? ids[i] === String(petId) : String(pets[i].id) === String(petId)) {',
    ...found.map((line) => `    ${line}`),
    '  }',
    '}',
  ].map((line) => indent + line);
}

/** The list of an API in other shapes: bare, or in the object its pet is answered in. */
function dialectListLines(indent: string, syntax: ListSyntax, dialect: ApiDialect): string[] {
  const typed = syntax === 'typed';
  const declare = syntax === 'es5' ? 'var' : 'const';
  const wrapper = dialect.envelope === 'data' ? 'data' : 'pets';
  return [
    `${declare} listed = JSON.parse(body);`,
    `// This API's list may come bare or in { ${wrapper}: [...] }, its ids as numbers or MongoDB's _id.`,
    typed
      ? `const pets: { id?: string | number; _id?: string }[] = Array.isArray(listed) ? listed : listed && listed.${wrapper};`
      : `${declare} pets = Array.isArray(listed) ? listed : listed && listed.${wrapper};`,
    "if (!Array.isArray(pets)) throw new Error('GET /pets answered no list of pets');",
  ].map((line) => indent + line);
}

/** The pet found at `index`, answered as the file reads one: bare, or in its wrapper. */
export function foundPet(dialect: ApiDialect | undefined, at = 'index'): string {
  return dialect?.envelope ? `{ ${dialect.envelope}: pets[${at}] }` : `pets[${at}]`;
}
