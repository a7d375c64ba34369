// The database a running server answers from, swapped without a restart when
// the file is rebuilt: on SIGHUP, or when polling sees the file replaced. The
// new file is opened and checked first; a file that fails is refused and the
// old one keeps serving. A swap is one assignment, so each request sees
// either the old store or the new one, never a mixture.
import { logEvent } from "../log.ts";
import { FeedStore } from "./feed-store.ts";
import { fileStamp as stamp } from "../file-stamp.ts";
import { DatabaseUnusable, openDatabase } from "./open-database.ts";

/** How long a replaced store stays open for requests that picked it up. */
const RETIRE_AFTER_MS = 10_000;

export class LiveStore {
  private store: FeedStore;
  private fileStamp: string;
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly path: string) {
    this.fileStamp = stamp(path);
    this.store = new FeedStore(openDatabase(path));
  }

  get current(): FeedStore {
    return this.store;
  }

  /** Opens the file again and swaps it in; false (and a log line) if it is unusable. */
  reload(reason: string): boolean {
    const fileStamp = stamp(this.path);
    let next: FeedStore;
    try {
      next = new FeedStore(openDatabase(this.path));
    } catch (e) {
      if (!(e instanceof DatabaseUnusable)) throw e;
      this.fileStamp = fileStamp; // do not retry the same bad file on every poll
      logEvent("error", "database refused, still serving the previous one", { reason, detail: e.message, build: this.store.buildId });
      return false;
    }
    const previous = this.store;
    this.store = next;
    this.fileStamp = fileStamp;
    setTimeout(() => previous.close(), RETIRE_AFTER_MS).unref();
    logEvent("info", "database swapped", { reason, from: previous.buildId, to: next.buildId });
    return true;
  }

  /** Polls the file every `intervalMs` and reloads when it was replaced or rewritten. */
  watch(intervalMs: number): void {
    if (intervalMs <= 0) return;
    this.timer = setInterval(() => {
      const now = stamp(this.path);
      if (now !== this.fileStamp && now !== "missing") this.reload("file replaced");
    }, intervalMs);
    this.timer.unref();
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.store.close();
  }
}
