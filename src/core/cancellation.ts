import { PetStoreError } from './api/errors';

/**
 * True for errors that mean "the user or caller stopped this": VS Code's CancellationError
 * (name "Canceled"), an AbortError, or a cancelled Pet Store request. Such errors are not shown.
 */
export function isCancellation(error: unknown): boolean {
  if (error instanceof PetStoreError) return error.kind === 'cancelled';
  return error instanceof Error && (error.name === 'Canceled' || error.name === 'AbortError');
}
