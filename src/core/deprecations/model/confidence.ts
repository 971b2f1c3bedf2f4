/**
 * How sure the finder is that a finding is a GET /pets/{id} request, from the evidence in the
 * file: `certain`, an HTTP call with GET (stated or its default) or a generated client's getPet
 * in view; `likely`, a URL that flows into a request helper or wrapper whose method is not seen;
 * `possible`, a /pets/{id} string or a getPet call whose use is not seen.
 */
export type Confidence = 'certain' | 'likely' | 'possible';

export const CONFIDENCE_LEVELS: readonly Confidence[] = ['certain', 'likely', 'possible'];

/** What reports and the exit status count unless told otherwise. */
export const DEFAULT_MINIMUM_CONFIDENCE: Confidence = 'likely';

/** Whether `confidence` is at least `minimum` (certain ≥ likely ≥ possible). */
export function meetsConfidence(confidence: Confidence, minimum: Confidence): boolean {
  return CONFIDENCE_LEVELS.indexOf(confidence) <= CONFIDENCE_LEVELS.indexOf(minimum);
}
