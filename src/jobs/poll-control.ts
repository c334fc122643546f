/**
 * The start, stop and pause of a polling loop, shared by the job runner's loop and the webhook
 * delivery worker. `wake()` ends the current pause; a wake that comes while the loop is busy (not
 * pausing) makes the next pause end at once, so no wake is lost between a poll and the pause
 * after it. `stop()` ends the pause under way and resolves when the loop has returned.
 */
export class PollControl {
  private active = false;
  private loopDone: Promise<void> = Promise.resolve();
  private wakeUp: (() => void) | undefined;
  private wakeRequested = false;

  get running(): boolean {
    return this.active;
  }

  /** Runs `loop` unless it already runs; the loop polls while `running` holds. */
  start(loop: () => Promise<void>): void {
    if (this.active) return;
    this.active = true;
    this.loopDone = loop();
  }

  async stop(): Promise<void> {
    this.active = false;
    this.wakeUp?.();
    await this.loopDone;
  }

  /** Resolves after `ms`, or at the next (or an earlier unconsumed) wake(). */
  sleep(ms: number): Promise<void> {
    if (this.wakeRequested) {
      this.wakeRequested = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakeUp = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wakeUp = done;
    });
  }

  wake(): void {
    if (this.wakeUp) this.wakeUp();
    else this.wakeRequested = true;
  }
}
