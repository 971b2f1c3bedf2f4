import { LIST_LIMIT_MAX } from '../api/vocabulary';
import type { RequestDescription } from './requestSnippets';

/**
 * The supported request that finds a pet (never the deprecated GET /pets/{petId}): the list of its
 * status at the largest page, in which it is the one with its id. A pet without a status is in no
 * filtered list: the unfiltered list, at the same limit, is the only one that may hold it.
 */
export function findPetRequest(
  baseUrl: string,
  pet: { status?: string | undefined },
): RequestDescription {
  const url = new URL(`${baseUrl.replace(/\/$/, '')}/pets`);
  if (pet.status !== undefined) url.searchParams.set('status', pet.status);
  url.searchParams.set('limit', String(LIST_LIMIT_MAX));
  return { method: 'GET', url: url.href };
}
