import * as vscode from 'vscode';
import { parseBrownoutSchedule, ScheduleError } from '../../core/rehearsal/brownoutSchedule';
import {
  asRehearsalPlan,
  type RehearsalMode,
  type RehearsalPlan,
  type RehearsalTarget,
} from '../../core/rehearsal/rehearsalPlan';
import type { CommandSpec } from '../common/commandTable';
import type { ActiveEnvironment } from '../environments/activeEnvironment';
import type { RemovalRehearsal } from './removalRehearsal';

const HOURLY = '10m/1h';

/** "Rehearse the Removal…" (a plan argument skips the questions) and "Stop the Rehearsal". */
export function rehearsalCommands(
  rehearsal: RemovalRehearsal,
  environments: ActiveEnvironment,
): CommandSpec[] {
  return [
    {
      id: 'petstore.rehearseRemoval',
      run: async (given?: unknown) => {
        const plan = asRehearsalPlan(given) ?? (await askForPlan(environments));
        const where =
          plan.target.kind === 'proxy' ? environments.current.label : vscode.l10n.t('local');
        const running = await rehearsal.start(
          plan,
          vscode.l10n.t('Rehearsal ({0}, {1})', where, modeWords(plan.mode)),
        );
        void showWhileRunning(rehearsal, running.baseUrl);
        return running;
      },
    },
    { id: 'petstore.stopRehearsal', run: () => rehearsal.stop() },
  ];
}

/**
 * A notification for as long as the rehearsal runs, counting the calls it sees: Cancel stops the
 * rehearsal, and however it stops (the status bar, another environment, the server ending) the
 * notification goes with it, so none is left behind in the notification centre.
 */
function showWhileRunning(rehearsal: RemovalRehearsal, baseUrl: string): Thenable<void> {
  return vscode.window.withProgress(
    {
      location: vscode.ProgressLocation.Notification,
      title: vscode.l10n.t('Pet Store: rehearsing the removal at {0}', baseUrl),
      cancellable: true,
    },
    (progress, token) =>
      new Promise<void>((resolve) => {
        const report = () => {
          const calls = rehearsal.running?.calls ?? 0;
          progress.report({
            message:
              calls === 1
                ? vscode.l10n.t('1 call to GET /pets/{petId} so far. Cancel stops the rehearsal.')
                : vscode.l10n.t(
                    '{0} calls to GET /pets/{petId} so far. Cancel stops the rehearsal.',
                    calls,
                  ),
          });
        };
        const subscription = rehearsal.onDidChange(() => {
          if (rehearsal.running?.baseUrl !== baseUrl) {
            subscription.dispose();
            resolve();
          } else report();
        });
        token.onCancellationRequested(() => void rehearsal.stop());
        report();
      }),
  );
}

function modeWords(mode: RehearsalMode): string {
  const answer = mode.status === 410 ? '410 Gone' : '404';
  return mode.kind === 'removed'
    ? vscode.l10n.t('removed, {0}', answer)
    : vscode.l10n.t('brownout {0}', mode.schedule);
}

async function askForPlan(environments: ActiveEnvironment): Promise<RehearsalPlan> {
  const current = environments.current;
  const targets: (vscode.QuickPickItem & { target: RehearsalTarget })[] = [
    {
      label: vscode.l10n.t('$(server) Local server'),
      detail: vscode.l10n.t('A Pet Store on this machine with demo pets'),
      target: { kind: 'local' },
    },
    ...(current.baseUrl && !environments.rehearsing
      ? [
          {
            label: vscode.l10n.t('$(arrow-swap) In front of {0}', current.label),
            detail: vscode.l10n.t(
              'A proxy to {0}: everything else is answered by it, with its key',
              current.baseUrl.href,
            ),
            target: { kind: 'proxy' as const, upstream: current.baseUrl.href },
          },
        ]
      : []),
  ];
  const target = await vscode.window.showQuickPick(targets, {
    title: vscode.l10n.t('Rehearse the Removal of GET /pets/{petId} (1/2)'),
    placeHolder: vscode.l10n.t('Where the application’s requests go'),
  });
  if (!target) throw new vscode.CancellationError();
  const modes: (vscode.QuickPickItem & { mode?: RehearsalMode })[] = [
    {
      label: vscode.l10n.t('Removed: 410 Gone'),
      detail: vscode.l10n.t('As the API will answer after 5 December 2030'),
      mode: { kind: 'removed', status: 410 },
    },
    {
      label: vscode.l10n.t('Removed: 404 Not Found'),
      detail: vscode.l10n.t('For clients that expect a plain not-found'),
      mode: { kind: 'removed', status: 404 },
    },
    {
      label: vscode.l10n.t('Brownout: the first 10 minutes of every hour'),
      mode: { kind: 'brownout', schedule: HOURLY, status: 410 },
    },
    { label: vscode.l10n.t('Brownout: a schedule of my own…') },
  ];
  const chosen = await vscode.window.showQuickPick(modes, {
    title: vscode.l10n.t('Rehearse the Removal of GET /pets/{petId} (2/2)'),
    placeHolder: vscode.l10n.t('How GET /pets/{petId} answers'),
  });
  if (!chosen) throw new vscode.CancellationError();
  const mode = chosen.mode ?? { kind: 'brownout', schedule: await askForSchedule(), status: 410 };
  return { target: target.target, mode };
}

/** A brownout schedule, checked as the server checks it, so a mistake is said while typing. */
async function askForSchedule(): Promise<string> {
  const schedule = await vscode.window.showInputBox({
    title: vscode.l10n.t('Brownout Schedule (UTC)'),
    prompt: vscode.l10n.t(
      '"10m/1h" (10 minutes of every hour), "at 14:00 for 30m" (daily), or ISO intervals separated by commas',
    ),
    value: HOURLY,
    ignoreFocusOut: true,
    validateInput: (text) => {
      try {
        parseBrownoutSchedule(text, Date.now());
        return undefined;
      } catch (error) {
        if (error instanceof ScheduleError) return error.message;
        throw error;
      }
    },
  });
  if (schedule === undefined) throw new vscode.CancellationError();
  return schedule.trim();
}
