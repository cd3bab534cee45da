/**
 * Spaces calls evenly under a rate (messages per second): each `take()` waits for its own slot, so a
 * burst of sends leaves at the number's throughput instead of hitting Meta's limit (error 130429).
 */
export class Pacer {
  private nextSlot = 0;

  constructor(private readonly perSecond: () => number) {}

  async take(): Promise<void> {
    const interval = 1000 / Math.max(1, this.perSecond());
    const at = performance.now();
    const slot = Math.max(at, this.nextSlot);
    this.nextSlot = slot + interval;
    if (slot > at) await new Promise((resolve) => setTimeout(resolve, slot - at));
  }
}
