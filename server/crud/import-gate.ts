/**
 * Bounds how many imports run at once in this process (issue 11.6): each holds its file, its rows
 * and a transaction, so a burst of uploads must not multiply that without end. Up to `running`
 * run; up to `waiting` more wait their turn in arrival order; any further one is refused at once
 * (GateBusy) rather than queued without bound.
 */
export interface ImportGate {
  /** Runs `work` when a slot is free; rejects with GateBusy when the queue is full. */
  run<T>(work: () => Promise<T>): Promise<T>;
}

export class GateBusy extends Error {
  constructor() {
    super('import gate busy');
  }
}

export function createImportGate(limits: { running: number; waiting: number }): ImportGate {
  let running = 0;
  const queue: (() => void)[] = [];
  const release = () => {
    const next = queue.shift();
    if (next) next();
    else running--;
  };
  return {
    async run(work) {
      if (running < limits.running) running++;
      else if (queue.length < limits.waiting) await new Promise<void>((resolve) => queue.push(resolve));
      else throw new GateBusy();
      try {
        return await work();
      } finally {
        release();
      }
    },
  };
}

/** The process's gate for master-data imports: two at a time, four more waiting. */
export const masterImportGate = createImportGate({ running: 2, waiting: 4 });
