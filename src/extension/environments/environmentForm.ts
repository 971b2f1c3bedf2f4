import * as vscode from 'vscode';
import {
  baseUrlProblem,
  baseUrlWarning,
  nameProblem,
  type EnvironmentDraft,
} from '../../core/explorer/environmentEdits';
import type { Environment } from '../../core/explorer/environments';
import { BACK, showInputStep, showPickStep } from '../common/multiStepInput';

interface ProtectionItem extends vscode.QuickPickItem {
  protected: boolean;
}

/**
 * The environment's name, base URL and protection, in three steps with Back, each checked as you
 * type (the base URL as the client checks it). Escape cancels, silently.
 */
export async function environmentForm(
  title: string,
  start: EnvironmentDraft,
  environments: readonly Environment[],
  editingId?: string,
): Promise<EnvironmentDraft> {
  const draft = { ...start };
  for (let step = 1; step <= 3;) {
    if (step === 1) {
      const label = await showInputStep({
        title,
        step,
        totalSteps: 3,
        value: draft.label,
        prompt: vscode.l10n.t('The name shown in the status bar and the environment picker'),
        placeholder: vscode.l10n.t('e.g. Local'),
        validate: (text) => nameProblem(text, environments, editingId, vscode.l10n),
      });
      if (label === BACK) continue;
      draft.label = label.trim();
    } else if (step === 2) {
      const baseUrl = await showInputStep({
        title,
        step,
        totalSteps: 3,
        value: draft.baseUrl,
        prompt: vscode.l10n.t('The base URL, ending in the version: /v1'),
        placeholder: 'http://127.0.0.1:8787/v1',
        validate: baseUrlProblem,
        warn: (text) => baseUrlWarning(text, vscode.l10n),
      });
      if (baseUrl === BACK) {
        step--;
        continue;
      }
      draft.baseUrl = baseUrl.trim();
    } else {
      const items: ProtectionItem[] = [
        {
          label: vscode.l10n.t('$(beaker) A test environment'),
          detail: vscode.l10n.t('Writes go ahead without asking'),
          protected: false,
        },
        {
          label: vscode.l10n.t('$(shield) Protected'),
          detail: vscode.l10n.t('Every write asks first, naming the environment and its address'),
          protected: true,
        },
      ];
      const chosen = await showPickStep({
        title,
        step,
        totalSteps: 3,
        items,
        active: items.find((item) => item.protected === draft.protected),
        placeholder: vscode.l10n.t('Is {0} a test environment, or protected?', draft.label),
      });
      if (chosen === BACK) {
        step--;
        continue;
      }
      draft.protected = chosen.protected;
    }
    step++;
  }
  return draft;
}
