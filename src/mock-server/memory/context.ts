// What each aggregate's table operations share: the tables, their ids and investments' versions.
import type { Tables } from './tables';

/** Investment versions never repeat within the page, whichever tables they belong to. */
let lastVersion = 0;

export class MemoryContext {
  /** Per tables object: another tab's write or a demo reset replaces the tables, and with them every version. */
  private readonly versions = new WeakMap<Tables, Map<number, number>>();

  constructor(
    public tables: Tables,
    /** Hears of every write, for persistence. */
    readonly changed: () => void,
  ) {}

  write<T>(value: T): Promise<T> {
    this.changed();
    return Promise.resolve(value);
  }

  nextId(): number {
    return this.tables.nextId++;
  }

  private versionsOfTables(): Map<number, number> {
    let versions = this.versions.get(this.tables);
    if (!versions) {
      versions = new Map();
      this.versions.set(this.tables, versions);
    }
    return versions;
  }

  versionOf(investmentId: number): number {
    const versions = this.versionsOfTables();
    let version = versions.get(investmentId);
    if (version === undefined) {
      version = ++lastVersion;
      versions.set(investmentId, version);
    }
    return version;
  }

  eventsChanged(investmentId: number): void {
    this.versionsOfTables().set(investmentId, ++lastVersion);
  }
}
