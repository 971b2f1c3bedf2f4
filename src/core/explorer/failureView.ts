import { PetStoreError } from '../api/errors';
import { AccessProblem } from './accessProblem';

/** What a problem node offers; the extension maps each to a command. */
export type FailureAction =
  'setKey' | 'openSettings' | 'retry' | 'showLog' | 'trustAddress' | 'allowClearText';

export interface FailureView {
  message: string;
  actions: FailureAction[];
}

/** Turns any failure of loading pets into one message and the actions that can fix it. */
export function describeFailure(error: unknown, environmentLabel: string): FailureView {
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
        const wait = error.details.retryAfterSeconds;
        return {
          message: `Rate limited by ${environmentLabel}${wait !== undefined ? `; retry in ${wait} s` : ''}`,
          actions: ['retry'],
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
