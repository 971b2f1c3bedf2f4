/**
 * The pet details document: how the supported lookup found the pet (each list request, its
 * answer's status, the headers that matter, the time it took), then the pet as JSON. Read-only
 * text in the `petstore-pet` language, which colours it with the editor's theme.
 */
import { reasonPhrase } from '../api/reasonPhrases';
import type { FoundPet, ResponseSummary } from '../api/portableClient';
import type { Pet } from '../api/schemas';
import { ENGLISH, type Translator } from '../l10n';
import { petJson } from './petPresentation';

/** The API's deprecation headers: said absent too, since their absence is news as well. */
const DEPRECATION_HEADERS = ['deprecation', 'sunset'];

export interface PetDetailsInput {
  /** The pet as the Pets view listed it. */
  listed: Pet;
  environmentLabel: string;
  /** The lookup's result, or why it failed. */
  lookup: { found: FoundPet } | { failure: string };
  at: Date;
}

export function petDetailsText(input: PetDetailsInput, l10n: Translator = ENGLISH): string {
  const { listed, lookup } = input;
  const lines = [
    `# ${l10n.t('{0} · #{1} · {2} · {3}', listed.name, String(listed.id), input.environmentLabel, input.at.toISOString().replace('T', ' ').slice(0, 19) + ' UTC')}`,
    `# ${l10n.t('Looked up the supported way: the list of its status (never GET /pets/{petId}).')}`,
    '',
  ];
  if ('failure' in lookup) {
    lines.push(
      `# ${l10n.t('The request failed: {0}', oneLine(lookup.failure))}`,
      `# ${l10n.t('As the Pets view last listed it:')}`,
      petJson(listed),
    );
    return `${lines.join('\n')}\n`;
  }
  for (const response of lookup.found.responses) lines.push(...responseLines(response, l10n), '');
  const pet = lookup.found.pet;
  if (pet) lines.push(petJson(pet));
  else
    lines.push(
      `# ${l10n.t('Not found: no list holds id {0} (each returns at most 100 pets, and there is no other paging). GET /pets/{petId} would have answered 404.', String(listed.id))}`,
      `# ${l10n.t('As the Pets view last listed it:')}`,
      petJson(listed),
    );
  return `${lines.join('\n')}\n`;
}

function responseLines(response: ResponseSummary & { listed: number }, l10n: Translator): string[] {
  const reason = reasonPhrase(response.status);
  const headers = response.headers.map(([name, value]) => `${headerName(name)}: ${oneLine(value)}`);
  const absent = DEPRECATION_HEADERS.filter(
    (name) => !response.headers.some(([present]) => present === name),
  ).map(
    (name) =>
      `# ${l10n.t('{0}: not sent (the API does not deprecate this request)', headerName(name))}`,
  );
  return [
    `${response.method} ${response.url}`,
    `HTTP ${response.status} ${reason} · ${l10n.t('{0} ms', response.durationMs)} · ${
      response.listed === 1 ? l10n.t('1 pet listed') : l10n.t('{0} pets listed', response.listed)
    }`,
    ...headers,
    ...absent,
  ];
}

/** "content-type" → "Content-Type", as headers are usually written. */
function headerName(name: string): string {
  return name.replace(
    /(^|-)([a-z])/g,
    (_, dash: string, letter: string) => dash + letter.toUpperCase(),
  );
}

/** Header values and messages on one line: a line break from a server cannot forge a line. */
function oneLine(text: string): string {
  return text.replace(/[\r\n]+/g, ' ');
}
