/**
 * The replacement of GET /pets/{petId}, decided once for every language: the spec tells clients to
 * use GET /pets with a status filter, and `limit` (1..100) is the only paging. So "get pet N"
 * becomes: list `status=S&limit=100` for each of available, pending and sold in turn, and take the
 * pet whose `id` equals N, compared exactly (ids are int64: as decimal text, never through a
 * double). When no list holds it, the replacement answers as the old call answered a 404 in that
 * code (the same exception, the same null, the same status), so the caller's handling still runs.
 */

/** The statuses listed, in this order (the spec's order). */
export const PET_STATUSES = ['available', 'pending', 'sold'] as const;

/** The largest page GET /pets gives: the replacement's reach per status. */
export const LIST_LIMIT = 100;

/** The reach, said wherever the replacement is: the helper's doc comment, the plan, the docs. */
export const REACH =
  'It sees the first 100 pets of each status (GET /pets has no other paging): a pet beyond them is not found.';

/** What the replacement answers when no list holds the pet: the API's Error body for a 404. */
export function notFoundBody(): { code: string; message: string; status: number } {
  return {
    code: 'not_found',
    message: 'no pet with that id in the first 100 pets of any status',
    status: 404,
  };
}

/** The names a helper may not take: the finder reports calls of the operation's own names. */
export const HELPER_NAME_WORDS = 'PetFromList';
