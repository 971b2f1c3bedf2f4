import { PetStoreError } from '../../api/errors';
import type { NewPet, Pet } from '../../api/schemas';
import { describeFailure } from '../failureView';
import type { PetRow } from './petRows';

/** What happened to one row: the id it was created with, or why not. */
export type RowOutcome = { row: number; id: bigint } | { row: number; error: string };

export interface BulkCreateOptions {
  rows: readonly PetRow[];
  create: (newPet: NewPet) => Promise<Pet>;
  /** Requests in flight at most (the setting petstore.bulkCreate.concurrency; default 4). */
  concurrency: number;
  /** Stops starting rows; rows already sent are awaited, so none is created unrecorded. */
  signal?: AbortSignal;
  /** Heard after each row, in the order they settle (to write the results file as it goes). */
  onSettled?: (outcome: RowOutcome) => void | Promise<void>;
  /** A 429 asking for a longer wait fails the row instead of stalling the run. */
  maxRetryWaitSeconds?: number;
  /** Tries of one row that keep answering 429 before it fails. */
  maxAttempts?: number;
  environmentLabel?: string;
  wait?: (milliseconds: number) => Promise<void>;
}

export const DEFAULT_BULK_CONCURRENCY = 4;

/**
 * Creates the rows with at most `concurrency` requests at a time. A 429 is waited out as its
 * Retry-After says (then the row is sent again); any other failure is that row's outcome and the
 * run goes on. Cancelling stops new rows only: a request already sent may have created its pet, so
 * its answer is awaited and recorded.
 */
export async function createInBulk(
  options: BulkCreateOptions,
): Promise<{ outcomes: RowOutcome[]; cancelled: boolean }> {
  const maxWait = options.maxRetryWaitSeconds ?? 60;
  const maxAttempts = options.maxAttempts ?? 5;
  const wait =
    options.wait ??
    ((milliseconds: number) => new Promise<void>((resolve) => setTimeout(resolve, milliseconds)));
  const outcomes: RowOutcome[] = [];
  let next = 0;
  const createRow = async (row: PetRow): Promise<RowOutcome> => {
    for (let attempt = 1; ; attempt++) {
      try {
        return { row: row.row, id: (await options.create(row.newPet)).id };
      } catch (error) {
        const seconds =
          error instanceof PetStoreError ? error.details.retryAfterSeconds : undefined;
        const rateLimited = error instanceof PetStoreError && error.kind === 'rateLimited';
        if (rateLimited && attempt < maxAttempts && (seconds ?? 1) <= maxWait) {
          await wait((seconds ?? 1) * 1000);
          continue;
        }
        return {
          row: row.row,
          error: describeFailure(error, options.environmentLabel ?? 'the environment', maxWait)
            .message,
        };
      }
    }
  };
  const worker = async () => {
    while (!options.signal?.aborted && next < options.rows.length) {
      const row = options.rows[next++]!;
      const outcome = await createRow(row);
      outcomes.push(outcome);
      await options.onSettled?.(outcome);
    }
  };
  const workers = Math.max(1, Math.min(options.concurrency, options.rows.length));
  await Promise.all(Array.from({ length: workers }, worker));
  return { outcomes, cancelled: outcomes.length < options.rows.length };
}
