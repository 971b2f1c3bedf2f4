/**
 * A record of the calls that reached the deprecated GET /pets/{petId} (`--record FILE`): one NDJSON
 * line each, appended in order, and a summary at exit. Recording never stops the server: a file
 * that fails later (a full disk) is said once in the log and the server keeps serving.
 */
import { constants } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { writeTargetWithin } from '../core/files/boundary';
import { visibleText } from '../core/text/visibleText';

export interface RecordedCall {
  /** ISO time of the answer. */
  time: string;
  id: string;
  status: number;
  userAgent: string;
  client: string;
  /** Answered inside a brownout window. */
  brownout: boolean;
}

/** A user agent is kept to this many characters: a record is not a place for megabytes. */
const MAX_USER_AGENT = 512;

export class CallRecord {
  private queue: Promise<void> = Promise.resolve();
  private failed = false;
  private calls = 0;
  private browned = 0;
  private readonly agents = new Set<string>();

  private constructor(
    private readonly handle: FileHandle,
    private readonly file: string,
    private readonly log: (line: string) => void,
  ) {}

  /** Opens `file` to append to; a file that cannot be opened is refused at start. */
  static async open(file: string, log: (line: string) => void): Promise<CallRecord> {
    let handle: FileHandle;
    try {
      // A link at the name is followed only while it stays in the folder the name is in; the
      // end of the chain is opened without following a link again, and without blocking (opening
      // a FIFO to write waits for a reader for ever).
      handle = await open(
        writeTargetWithin(file),
        constants.O_WRONLY |
          constants.O_APPEND |
          constants.O_CREAT |
          (constants.O_NONBLOCK ?? 0) |
          (constants.O_NOFOLLOW ?? 0),
        0o644,
      );
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      throw new Error(
        `cannot record the calls to ${file}: ${code === 'ENXIO' ? 'not a regular file (a FIFO, socket or device)' : (error as Error).message}`,
        { cause: error },
      );
    }
    if (!(await handle.stat()).isFile()) {
      await handle.close();
      throw new Error(
        `cannot record the calls to ${file}: not a regular file (a folder, FIFO, socket or device)`,
      );
    }
    return new CallRecord(handle, file, log);
  }

  add(call: Omit<RecordedCall, 'userAgent'> & { userAgent: string | undefined }): void {
    const userAgent = (call.userAgent ?? '').slice(0, MAX_USER_AGENT);
    this.calls++;
    if (call.brownout) this.browned++;
    this.agents.add(userAgent);
    if (this.failed) return;
    const line = `${JSON.stringify({ ...call, userAgent })}\n`;
    this.queue = this.queue.then(async () => {
      if (this.failed) return;
      try {
        await this.handle.write(line);
      } catch (error) {
        this.failed = true;
        this.log(
          `cannot record the calls to ${this.file} any more: ${(error as Error).message}; the server keeps serving`,
        );
      }
    });
  }

  /** "42 calls to GET /pets/{petId} from 3 user agents, 17 during brownouts". */
  summary(): string {
    const agents = this.agents.size;
    return visibleText(
      `${this.calls} call${this.calls === 1 ? '' : 's'} to GET /pets/{petId} from ${agents} user agent${agents === 1 ? '' : 's'}${
        this.browned ? `, ${this.browned} during brownouts` : ''
      } (recorded in ${this.file})`,
    );
  }

  async close(): Promise<void> {
    await this.queue;
    await this.handle.close().catch(() => undefined);
  }
}
