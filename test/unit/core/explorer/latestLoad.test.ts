import assert from 'node:assert/strict';
import { LatestLoad } from '../../../../src/core/explorer/latestLoad';

/** Loads the test settles by hand, in any order, each seeing its abort signal. */
class ManualLoads {
  readonly started: { signal: AbortSignal; resolve(v: string): void; reject(e: Error): void }[] =
    [];
  readonly load = (signal: AbortSignal): Promise<string> =>
    new Promise((resolve, reject) => this.started.push({ signal, resolve, reject }));
  /** How a real load ends when aborted: the tree catches the cancellation and shows nothing. */
  settleAbortedWithNothing(): void {
    for (const load of this.started) if (load.signal.aborted) load.resolve('');
  }
}

/**
 * A view at its least forgiving within what VS Code's tree may do: asking while a request is in
 * flight joins it, and a refresh during a request drops that request's answer (the extension host's
 * fetch token changes), so the view shows nothing from it and does not ask again by itself.
 */
class FakeTreeView {
  shown: string | undefined;
  asks = 0;
  private inFlight: { dropped: boolean; done: Promise<void> } | undefined;
  constructor(private readonly source: () => LatestLoad<string>) {}

  ask(): Promise<void> {
    if (this.inFlight) return this.inFlight.done;
    this.asks++;
    const request = { dropped: false, done: Promise.resolve() };
    request.done = this.source()
      .get()
      .then((value) => {
        this.shown = request.dropped ? '' : value;
        this.inFlight = undefined;
      });
    this.inFlight = request;
    return request.done;
  }

  /** onDidChangeTreeData: drop the answer in flight (and join it), or ask again. */
  changed(): Promise<void> {
    if (this.inFlight) {
      this.inFlight.dropped = true;
      return this.inFlight.done;
    }
    return this.ask();
  }
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('LatestLoad: the one load behind a view', () => {
  it('shares one load between asks, and loads again only after a refresh', async () => {
    const loads = new ManualLoads();
    const latest = new LatestLoad(loads.load, () => assert.fail('nothing was replaced'));
    const first = latest.get();
    const second = latest.get();
    assert.equal(loads.started.length, 1);
    loads.started[0]!.resolve('pets');
    assert.deepEqual(await Promise.all([first, second]), ['pets', 'pets']);
    assert.equal(latest.running, false);
    latest.refresh();
    assert.equal(loads.started.length, 1, 'a refresh when idle waits for the view to ask');
    const third = latest.get();
    loads.started[1]!.resolve('more pets');
    assert.equal(await third, 'more pets');
  });

  it('with the view shown, a refresh when idle starts the next load at once', async () => {
    const loads = new ManualLoads();
    const latest = new LatestLoad(loads.load, () => assert.fail('nothing was replaced'));
    latest.refresh(true);
    assert.equal(loads.started.length, 1);
    assert.equal(latest.running, true);
    const asked = latest.get();
    assert.equal(loads.started.length, 1, 'the ask joins it');
    loads.started[0]!.resolve('pets');
    assert.equal(await asked, 'pets');
  });

  it('replaces a running load at once: the first asker gets the new result, the view is told once', async () => {
    const loads = new ManualLoads();
    let replaced = 0;
    const latest = new LatestLoad(loads.load, () => replaced++);
    const asked = latest.get();
    latest.refresh();
    assert.equal(loads.started.length, 2, 'the next load starts without waiting to be asked');
    assert.equal(loads.started[0]!.signal.aborted, true);
    assert.equal(loads.started[1]!.signal.aborted, false);
    loads.settleAbortedWithNothing();
    await tick();
    assert.equal(replaced, 0, 'not before the new load ends');
    loads.started[1]!.resolve('fresh');
    assert.equal(await asked, 'fresh');
    assert.equal(await latest.get(), 'fresh');
    await tick();
    assert.equal(replaced, 1);
    assert.equal(loads.started.length, 2);
  });

  it('after refreshes in a row, only the last load answers and is announced', async () => {
    const loads = new ManualLoads();
    let replaced = 0;
    const latest = new LatestLoad(loads.load, () => replaced++);
    const asked = latest.get();
    latest.refresh();
    latest.refresh();
    assert.equal(loads.started.length, 3);
    assert.deepEqual(
      loads.started.map((load) => load.signal.aborted),
      [true, true, false],
    );
    loads.started[1]!.resolve('stale');
    loads.started[0]!.resolve('staler');
    await tick();
    assert.equal(replaced, 0);
    loads.started[2]!.resolve('latest');
    assert.equal(await asked, 'latest');
    await tick();
    assert.equal(replaced, 1);
  });

  it('a failed load rejects; a failed replaced load answers with its successor', async () => {
    const loads = new ManualLoads();
    const latest = new LatestLoad(loads.load, () => undefined);
    const failing = latest.get();
    loads.started[0]!.reject(new Error('down'));
    await assert.rejects(failing, /down/);
    latest.refresh();
    const asked = latest.get();
    latest.refresh();
    loads.started[1]!.reject(new Error('aborted'));
    loads.started[2]!.resolve('recovered');
    assert.equal(await asked, 'recovered');
  });

  it('shows a value without a request only when no load is running', async () => {
    const loads = new ManualLoads();
    const latest = new LatestLoad(loads.load, () => undefined);
    const asked = latest.get();
    assert.equal(latest.show('filtered'), false);
    loads.started[0]!.resolve('loaded');
    assert.equal(await asked, 'loaded');
    await tick();
    assert.equal(latest.show('filtered'), true);
    assert.equal(await latest.get(), 'filtered');
    assert.equal(loads.started.length, 1);
  });

  it('dispose aborts the running load', () => {
    const loads = new ManualLoads();
    const latest = new LatestLoad(loads.load, () => undefined);
    void latest.get();
    latest.dispose();
    assert.equal(loads.started[0]!.signal.aborted, true);
  });

  describe('with a view that joins requests in flight and drops their answer on refresh', () => {
    it('a refresh during the first load still ends with the new result shown', async () => {
      const loads = new ManualLoads();
      const view: FakeTreeView = new FakeTreeView(() => latest);
      const latest: LatestLoad<string> = new LatestLoad(loads.load, () => void view.changed());
      const first = view.ask(); // the view is shown: VS Code asks
      latest.refresh(); // the user presses Refresh while that load is slow
      const joined = view.changed(); // the tree's change event: joins the request in flight
      loads.settleAbortedWithNothing();
      loads.started[1]!.resolve('pets');
      await Promise.all([first, joined]);
      await tick();
      await tick();
      assert.equal(view.shown, 'pets');
      assert.equal(view.asks, 2, 'one more ask, answered from memory');
      assert.equal(loads.started.length, 2);
    });
  });
});
