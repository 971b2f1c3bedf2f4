interface Load<T> {
  readonly promise: Promise<T>;
  readonly abort: AbortController;
  settled: boolean;
  /** The load a refresh started while this one was running: this one answers with its result. */
  replacedBy?: Load<T>;
}

/**
 * The one load behind a view that asks for its content (VS Code's tree asks getChildren).
 *
 * A refresh while a load runs aborts it and starts the next one at once; whoever awaits the aborted
 * load gets the next one's result, and when that load ends `onReplaced` asks the view to read again
 * (from memory). So the view's state never waits on VS Code asking again at the right moment: its
 * extension host drops the answer of a request in flight when the tree is refreshed, and an
 * aborted load that answered "nothing" left the view empty until VS Code asked once more.
 */
export class LatestLoad<T> {
  private current: Load<T> | undefined;

  constructor(
    private readonly load: (signal: AbortSignal) => Promise<T>,
    private readonly onReplaced: () => void,
  ) {}

  /** The current load's result, starting a load when there is none. */
  get(): Promise<T> {
    this.current ??= this.start();
    return this.current.promise;
  }

  /** Whether a load is running now. */
  get running(): boolean {
    return !!this.current && !this.current.settled;
  }

  /**
   * Forgets the result. A load running now is replaced at once (the view is waiting for it), so
   * no request is lost between the refresh and the view's next ask. Otherwise the next load starts
   * now when `loadNow` (the view is shown: it will ask, and the request need not wait for that),
   * else at the next `get`.
   */
  refresh(loadNow = false): void {
    const running = this.running ? this.current : undefined;
    this.current = undefined;
    if (!running) {
      if (loadNow) this.current = this.start();
      return;
    }
    const next = this.start();
    this.current = next;
    running.replacedBy = next;
    running.abort.abort();
    // After the replaced load's own askers have had its answer, so the view's re-read is new.
    void running.promise.then(
      () => this.announceIfCurrent(next),
      () => this.announceIfCurrent(next),
    );
  }

  /** Shows `value` without a request (a filter over what was loaded); ignored while loading. */
  show(value: T): boolean {
    if (this.running) return false;
    this.current = { promise: Promise.resolve(value), abort: new AbortController(), settled: true };
    return true;
  }

  dispose(): void {
    this.current?.abort.abort();
    this.current = undefined;
  }

  private start(): Load<T> {
    const abort = new AbortController();
    const outcome = this.load(abort.signal);
    const load: Load<T> = {
      abort,
      settled: false,
      promise: outcome.then(
        (value) => (load.replacedBy ? load.replacedBy.promise : value),
        (error: unknown) => {
          if (load.replacedBy) return load.replacedBy.promise;
          throw error;
        },
      ),
    };
    void load.promise.then(
      () => (load.settled = true),
      () => (load.settled = true),
    );
    return load;
  }

  private announceIfCurrent(load: Load<T>): void {
    if (this.current === load) this.onReplaced();
  }
}
