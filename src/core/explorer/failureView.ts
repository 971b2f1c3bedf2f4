import { PetStoreError } from '../api/errors';
import { AccessProblem } from './accessProblem';

/** What a problem node offers; the extension maps each to a command. */
export type FailureAction =
  'setKey' | 'openSettings' | 'retry' | 'showLog' | 'trustAddress' | 'allowClearText';

export interface FailureView {
  message: string;
  actions: FailureAction[];
}

/** The longest Retry-After worth waiting out by default; a later time is shown as a date. */
export const DEFAULT_MAX_RETRY_WAIT_SECONDS = 60;

/** Turns any failure of loading pets into one message and the actions that can fix it. */
export function describeFailure(
  error: unknown,
  environmentLabel: string,
  maxRetryWaitSeconds = DEFAULT_MAX_RETRY_WAIT_SECONDS,
): FailureView {
  if (error instanceof AccessProblem) {
    const actions: Record<AccessProblem['kind'], FailureAction[]> = {
      noEnvironment: ['openSettings'],
      invalidEnvironment: ['openSettings'],
      noKey: ['setKey'],
      keyForOtherOrigin: ['trustAddress', 'setKey', 'openSettings'],
      clearTextUnconfirmed: ['allowClearText', 'openSettings'],
    };
    return { message: error.message, actions: actions[error.kind] };
  }
  if (error instanceof PetStoreError) {
    switch (error.kind) {
      case 'missingKey':
        return { message: `No API key is set for ${environmentLabel}`, actions: ['setKey'] };
      case 'unauthorized':
        return {
          message: `${environmentLabel} rejected the API key (401): ${error.message}`,
          actions: ['setKey', 'retry'],
        };
      case 'rateLimited': {
        const { retryAfterSeconds: wait, retryAt } = error.details;
        // A server may ask for days: past the cap, say until when instead of counting seconds.
        const when =
          wait === undefined
            ? ''
            : wait <= maxRetryWaitSeconds || !retryAt
              ? `; retry in ${wait} s`
              : `; the server asks to wait until ${formatUtc(retryAt)}`;
        return { message: `Rate limited by ${environmentLabel}${when}`, actions: ['retry'] };
      }
      case 'timeout':
      case 'network':
      case 'server':
        return { message: error.message, actions: ['retry', 'showLog', 'openSettings'] };
      default:
        return { message: error.message, actions: ['retry', 'showLog'] };
    }
  }
  return {
    message: error instanceof Error ? error.message : String(error),
    actions: ['retry', 'showLog'],
  };
}

/** "2026-11-30 14:05 UTC": unambiguous wherever the user is. */
function formatUtc(date: Date): string {
  return Number.isNaN(date.getTime())
    ? 'a time too far to show'
    : `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
