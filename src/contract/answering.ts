// The requests a contract is answering, for work that waits for there to be none (issue 37).

/** Counts the requests in progress and resumes who waits for none. */
export class Answering {
  private inProgress = 0;
  private ended = 0;
  private waiting: { until: number; resume: () => void }[] = [];

  begin(): void {
    this.inProgress++;
  }

  end(): void {
    this.inProgress--;
    this.ended++;
    const ready = this.waiting.filter(({ until }) => this.inProgress === 0 || this.ended >= until);
    this.waiting = this.waiting.filter((waiter) => !ready.includes(waiter));
    for (const { resume } of ready) resume();
  }

  /**
   * Resolves once no request is in progress, or once `atMost` more have ended: under steady
   * traffic there may never be none.
   */
  none(atMost = Infinity): Promise<void> {
    if (this.inProgress === 0) return Promise.resolve();
    return new Promise((resume) => this.waiting.push({ until: this.ended + atMost, resume }));
  }
}
