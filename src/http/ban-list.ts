// Abusive callers are banned, not rate limited: BANNED_IPS plus the lines of
// BANNED_IPS_FILE, which is read again whenever its content changes.
import { readFileSync, statSync } from "node:fs";
import { logEvent } from "../log.ts";
import { AddressList } from "./address-list.ts";

export class BanList {
  private all: AddressList;
  /** The file's content last read; compared whole, since a copy can keep size and mtime (cp -p). */
  private content: string | undefined;
  private missing = false;

  constructor(
    private readonly fromEnv: AddressList,
    private readonly file?: string,
  ) {
    this.all = fromEnv;
    // A ban file that cannot be read at start is a typo or a mistake, not "ban nobody".
    if (file) this.apply(this.read());
  }

  get size(): number {
    return this.all.size;
  }

  has(address: string | undefined): boolean {
    return this.all.has(address);
  }

  /** Reads the file again; a changed list replaces the old one, a broken or vanished file keeps it (and says so). */
  reload(): void {
    if (!this.file) return;
    let text: string;
    try {
      text = this.read();
    } catch (e) {
      if (!this.missing) logEvent("warn", "ban file unreadable, keeping the previous list", { file: this.file, detail: (e as Error).message, entries: this.all.size });
      this.missing = true;
      return;
    }
    this.missing = false;
    if (text === this.content) return;
    try {
      this.apply(text);
      logEvent("info", "ban list reloaded", { file: this.file, entries: this.all.size });
    } catch (e) {
      this.content = text;
      logEvent("error", "ban list not reloaded, keeping the previous one", { file: this.file, detail: (e as Error).message });
    }
  }

  watch(intervalMs: number): void {
    if (this.file && intervalMs > 0) setInterval(() => this.reload(), intervalMs).unref();
  }

  private read(): string {
    const file = this.file!;
    let regular: boolean;
    try {
      regular = statSync(file).isFile();
    } catch {
      throw new Error(`BANNED_IPS_FILE ${file} does not exist`);
    }
    if (!regular) throw new Error(`BANNED_IPS_FILE ${file} is not a regular file`);
    return readFileSync(file, "utf8");
  }

  private apply(text: string): void {
    this.all = this.fromEnv.concat(AddressList.parse(text, `BANNED_IPS_FILE ${this.file}`));
    this.content = text;
  }
}
