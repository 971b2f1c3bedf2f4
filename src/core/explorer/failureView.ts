import { PetStoreError } from '../api/errors';
import { AccessProblem } from './accessProblem';
import { ENGLISH, type Translator } from '../l10n';

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
  l10n: Translator = ENGLISH,
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
        return {
          message: l10n.t(
            'No API key is set for {0} in this editor (a key set in the desktop editor is not seen in vscode.dev or github.dev, nor the reverse)',
            environmentLabel,
          ),
          actions: ['setKey'],
        };
      case 'unauthorized':
        return {
          message: l10n.t('{0} rejected the API key (401): {1}', environmentLabel, error.message),
          actions: ['setKey', 'retry'],
        };
      case 'rateLimited': {
        const { retryAfterSeconds: wait, retryAt } = error.details;
        // A server may ask for days: past the cap, say until when instead of counting seconds.
        const message =
          wait === undefined
            ? l10n.t('Rate limited by {0}', environmentLabel)
            : wait <= maxRetryWaitSeconds || !retryAt
              ? l10n.t('Rate limited by {0}; retry in {1} s', environmentLabel, wait)
              : l10n.t(
                  'Rate limited by {0}; the server asks to wait until {1}',
                  environmentLabel,
                  formatUtc(retryAt, l10n),
                );
        return { message, actions: ['retry'] };
      }
      case 'blockedByBrowser': {
        // A browser says nothing more than "failed": no status, no reason. Say the likely cause
        // (CORS) and both ways out, not "network error".
        const { pageOrigin = '?', apiOrigin = '?' } = error.details;
        return {
          message: l10n.t(
            'The browser blocked the request to {0}: the API does not allow requests from {1} (CORS), or cannot be reached. Allow {1} on the API, or use the desktop editor.',
            apiOrigin,
            pageOrigin,
          ),
          actions: ['retry', 'showLog'],
        };
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
function formatUtc(date: Date, l10n: Translator): string {
  return Number.isNaN(date.getTime())
    ? l10n.t('a time too far to show')
    : `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
