import type * as vscode from 'vscode';
import { PetStatus } from '../../core/api/schemas';
import type { PetsViewMode } from '../../core/explorer/petTreeModel';

const STATE_KEY = 'petstore.viewMode';

/** Grouped by status, or one status flat; per workspace. */
export class ViewModeStore {
  constructor(private readonly workspaceState: vscode.Memento) {}

  get(): PetsViewMode {
    const status = PetStatus.safeParse(this.workspaceState.get(STATE_KEY));
    return status.success ? { kind: 'status', status: status.data } : { kind: 'grouped' };
  }

  async set(mode: PetsViewMode): Promise<void> {
    await this.workspaceState.update(STATE_KEY, mode.kind === 'status' ? mode.status : undefined);
  }
}
