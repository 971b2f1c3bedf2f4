import type { DeprecationEngine } from '../core/deprecations/engine';
import { gitDirectory, headCommit } from '../core/deprecations/history/gitObjects';
import type { HistoryReport } from '../core/deprecations/history/historyReport';
import type { History } from '../core/deprecations/history/history';
import {
  aYearBefore,
  countRepositoryHistory,
  withWorkingTree,
  type RepositoryHistoryRun,
} from '../core/deprecations/history/repositoryHistory';
import { DEFAULT_MAX_FILE_BYTES } from '../core/deprecations/workspace/workspaceWalker';
import { repositoryPath, repositoryRoot } from '../core/deprecations/workspace/repositoryRoot';

/**
 * The answer to the forecast request: the last year's history and the repository's git folder
 * (the client watches its HEAD log for commits), or why there is none ("no history: …").
 */
export type WorkspaceForecast =
  { history: HistoryReport; gitDir: string } | { unavailable: string };

export interface ForecastEngine {
  engine: DeprecationEngine;
  names: readonly string[] | undefined;
  countRoutes: boolean;
}

/**
 * The burn-down and forecast of the first workspace folder, as `report --history auto` computes
 * them (the last twelve months, monthly, sharing the CLI's blob cache under .git). The history's
 * counts are kept per HEAD commit and engine, so asking again costs one `rev-parse` until a commit
 * lands; the files git does not track are counted at every ask (they change without a commit).
 */
export class WorkspaceForecasts {
  private last:
    | { key: string; engine: DeprecationEngine; counted: Promise<History | { error: string }> }
    | undefined;

  constructor(private readonly now: () => Date = () => new Date()) {}

  async forecast(folder: string | undefined, finder: ForecastEngine): Promise<WorkspaceForecast> {
    if (folder === undefined)
      return { unavailable: 'no history: no workspace folder on this machine' };
    const repository = repositoryRoot(folder);
    let gitDir: string;
    let head: string | undefined;
    try {
      gitDir = await gitDirectory(repository);
      // One rev-parse per ask, not the whole log: asked again at every commit.
      head = await headCommit(repository);
    } catch {
      return { unavailable: 'no history: the workspace is not in a git repository' };
    }
    if (head === undefined) return { unavailable: 'no history: the repository has no commits yet' };
    const now = this.now();
    const key = `${head} ${folder} ${now.toISOString().slice(0, 10)}`;
    const scope = repositoryPath(repository, folder);
    const run: RepositoryHistoryRun = {
      repository,
      gitDir,
      scopes: scope === '' ? [] : [scope],
      since: aYearBefore(now),
      until: now,
      every: 'month',
      windowMonths: 6,
      cache: true,
      engine: finder.engine,
      engineSettings: { names: finder.names, countRoutes: finder.countRoutes },
      // As the editor diagnoses: "possible" findings are hints, not calls to remove.
      minimum: 'likely',
      maxFileBytes: DEFAULT_MAX_FILE_BYTES,
    };
    if (this.last?.key !== key || this.last.engine !== finder.engine) {
      const counted = countRepositoryHistory(run).then(
        ({ history }) => history,
        (error: unknown) => ({ error: (error as Error).message }),
      );
      this.last = { key, engine: finder.engine, counted };
    }
    const counted = await this.last.counted;
    if ('error' in counted) return { unavailable: `cannot count the history: ${counted.error}` };
    try {
      return { history: await withWorkingTree(run, counted), gitDir };
    } catch (error) {
      return { unavailable: `cannot count the history: ${(error as Error).message}` };
    }
  }
}
