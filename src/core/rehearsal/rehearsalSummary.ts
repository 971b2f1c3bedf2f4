/**
 * What a removal rehearsal saw, said when it stops: how long it ran, the calls to GET /pets/{petId}
 * it answered (by status), and for how many pets.
 */
import { ENGLISH, type Translator } from '../l10n';

/** Distinct pet ids kept at most (a rehearsal under load must not grow without bound). */
const MAX_PETS = 10_000;

export class RehearsalTally {
  private readonly byStatus = new Map<number, number>();
  private readonly pets = new Set<string>();
  private morePets = false;
  calls = 0;

  record(call: { petId: string; status: number }): void {
    this.calls++;
    this.byStatus.set(call.status, (this.byStatus.get(call.status) ?? 0) + 1);
    if (this.pets.size < MAX_PETS) this.pets.add(call.petId);
    else if (!this.pets.has(call.petId)) this.morePets = true;
  }

  /** The calls by status, most first. */
  get statuses(): { status: number; calls: number }[] {
    return [...this.byStatus]
      .map(([status, calls]) => ({ status, calls }))
      .sort((a, b) => b.calls - a.calls || a.status - b.status);
  }

  get petCount(): string {
    return this.morePets ? `${MAX_PETS}+` : String(this.pets.size);
  }
}

/** "The rehearsal ran 12 minutes and saw 7 calls to GET /pets/{petId} for 3 pets: 5 answered 410 Gone, 2 answered 200." */
export function rehearsalSummary(
  tally: RehearsalTally,
  durationMs: number,
  l10n: Translator = ENGLISH,
): string {
  const ran = durationWords(durationMs, l10n);
  if (tally.calls === 0)
    return l10n.t(
      'The rehearsal ran {0} and saw no call to GET /pets/{petId}: nothing in what reached it depends on the operation.',
      ran,
    );
  const answers = tally.statuses
    .map(({ status, calls }) => l10n.t('{0} answered {1}', calls, statusWords(status)))
    .join(', ');
  return tally.calls === 1
    ? l10n.t('The rehearsal ran {0} and saw 1 call to GET /pets/{petId}: {1}.', ran, answers)
    : l10n.t(
        'The rehearsal ran {0} and saw {1} calls to GET /pets/{petId} for {2} pets: {3}.',
        ran,
        tally.calls,
        tally.petCount,
        answers,
      );
}

function statusWords(status: number): string {
  return status === 410 ? '410 Gone' : status === 404 ? '404 Not Found' : String(status);
}

function durationWords(ms: number, l10n: Translator): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return seconds === 1 ? l10n.t('1 second') : l10n.t('{0} seconds', seconds);
  const minutes = Math.round(seconds / 60);
  if (minutes < 120) return minutes === 1 ? l10n.t('1 minute') : l10n.t('{0} minutes', minutes);
  return l10n.t('{0} hours', Math.round(minutes / 60));
}
