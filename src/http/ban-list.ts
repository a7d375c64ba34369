// Abusive callers are banned, not rate limited: BANNED_IPS plus the lines of
// BANNED_IPS_FILE, which is read again whenever it changes.
import { readFileSync } from "node:fs";
import { fileStamp } from "../data/file-stamp.ts";
import { logEvent } from "../log.ts";
import { AddressList } from "./address-list.ts";

export class BanList {
  private fromFile = AddressList.EMPTY;
  private all: AddressList;
  private fileStamp = "";

  constructor(
    private readonly fromEnv: AddressList,
    private readonly file?: string,
  ) {
    this.all = fromEnv;
    if (file) this.reload(true);
  }

  get size(): number {
    return this.all.size;
  }

  has(address: string | undefined): boolean {
    return this.all.has(address);
  }

  /** Reads the file again if it changed; a broken file keeps the previous list (and says so). */
  reload(initial = false): void {
    if (!this.file) return;
    const stamp = fileStamp(this.file);
    if (stamp === this.fileStamp) return;
    this.fileStamp = stamp;
    try {
      this.fromFile = stamp === "missing" ? AddressList.EMPTY : AddressList.parse(readFileSync(this.file, "utf8"), this.file);
      this.all = this.fromEnv.concat(this.fromFile);
      if (!initial) logEvent("info", "ban list reloaded", { file: this.file, entries: this.all.size });
    } catch (e) {
      if (initial) throw e;
      logEvent("error", "ban list not reloaded, keeping the previous one", { file: this.file, detail: (e as Error).message });
    }
  }

  watch(intervalMs: number): void {
    if (this.file && intervalMs > 0) setInterval(() => this.reload(), intervalMs).unref();
  }
}
