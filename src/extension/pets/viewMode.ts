import type * as vscode from 'vscode';
import { isPetStatus } from '../../core/api/vocabulary';
import type { PetsViewMode } from '../../core/explorer/petTreeModel';

const STATE_KEY = 'petstore.viewMode';

/** Grouped by status, or one status flat; per workspace. */
export class ViewModeStore {
  constructor(private readonly workspaceState: vscode.Memento) {}

  get(): PetsViewMode {
    const status = this.workspaceState.get(STATE_KEY);
    return isPetStatus(status) ? { kind: 'status', status } : { kind: 'grouped' };
  }

  async set(mode: PetsViewMode): Promise<void> {
    await this.workspaceState.update(STATE_KEY, mode.kind === 'status' ? mode.status : undefined);
  }
}
