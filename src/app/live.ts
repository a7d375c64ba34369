// The answers a running server gives, swapped without a restart when the
// database file is rebuilt: on SIGHUP, or when polling sees the file changed.
// The new answers are built whole beside the old ones, and switched in one
// assignment only then; anything wrong with the new file keeps the old
// answers serving and logs one line naming the file and the reason.
import { logEvent } from "../log.ts";
import type { Answers } from "./answers.ts";

export interface LiveSource {
  /** Where the answers come from, for the log. */
  label: string;
  /** Reads, checks and prepares everything; throws, saying why, when the file cannot be served. */
  load: () => Answers;
  /** Changes whenever the file does. */
  stamp: () => string;
}

export class LiveAnswers {
  private answers: Answers;
  private seen: string;
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly source: LiveSource) {
    this.seen = source.stamp();
    this.answers = source.load();
  }

  get current(): Answers {
    return this.answers;
  }

  /** Loads the file again and swaps it in; false (and one log line) if it cannot be served. */
  reload(reason: string): boolean {
    this.seen = this.source.stamp();
    let next: Answers;
    try {
      next = this.source.load();
    } catch (e) {
      logEvent("error", "database refused, still serving the previous one", { file: this.source.label, reason, detail: (e as Error).message, build: this.answers.buildId });
      return false;
    }
    const previous = this.answers;
    this.answers = next;
    logEvent("info", "database swapped", { file: this.source.label, reason, from: previous.buildId, to: next.buildId });
    return true;
  }

  /**
   * Polls every `intervalMs`; a file seen to change is loaded once it has
   * held still for one interval, so a copy still being written is not read
   * half-way (and if it were, its check would refuse it).
   */
  watch(intervalMs: number): void {
    if (intervalMs <= 0) return;
    let changed: string | undefined;
    this.timer = setInterval(() => {
      const now = this.source.stamp();
      if (now === this.seen || now === "missing") return void (changed = undefined);
      if (now !== changed) return void (changed = now);
      changed = undefined;
      this.reload("file changed");
    }, intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }
}
