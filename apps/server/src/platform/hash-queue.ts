import { AppError } from './errors.ts';

export interface HashQueueLimits {
  /** Hashes computed at once (each scrypt at N=2^17 holds 128 MiB while it runs). HASH_CONCURRENCY. */
  concurrency: number;
  /** Hashes waiting, all clients together; beyond it: 503 SERVER_BUSY. HASH_QUEUE. */
  maxQueued: number;
  /** Hashes one client may have running or waiting; beyond it: 429 TOO_MANY_ATTEMPTS. HASH_PER_CLIENT. */
  maxPerClient: number;
}

interface Job {
  run: () => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * Password hashing (sign-in, sign-up) goes through this queue, so that a flood of sign-ins cannot hold
 * more than `concurrency` hashes' memory nor fill Node's thread pool ahead of other work (issue 18).
 * The waiting work is kept per client and started round-robin, one hash at a time per client: a client
 * flooding the queue holds at most one slot, and delays another client's sign-in by at most the hashes
 * already running, not by its whole backlog. Requests
 * over a bound are refused at once with Retry-After, before any hashing.
 *
 * Hand-written rather than p-limit/p-queue: neither keeps one queue per client nor starts them in turn.
 */
export class HashQueue {
  private running = 0;
  private queued = 0;
  /** Waiting jobs per client; the Map's order is the round-robin turn (a served client goes last). */
  private readonly waiting = new Map<string, Job[]>();
  /** Clients with a hash running (at most one each). */
  private readonly runningFor = new Set<string>();
  /** Jobs running or waiting per client. */
  private readonly perClient = new Map<string, number>();

  constructor(readonly limits: HashQueueLimits) {}

  get stats() {
    return { running: this.running, queued: this.queued };
  }

  run<T>(client: string, task: () => Promise<T>): Promise<T> {
    const mine = this.perClient.get(client) ?? 0;
    if (mine >= this.limits.maxPerClient) {
      return Promise.reject(
        new AppError('TOO_MANY_ATTEMPTS', 'Too many sign-ins at once from this client.', undefined, {
          retryAfterSeconds: 1,
        }),
      );
    }
    const startsNow = this.running < this.limits.concurrency && !this.runningFor.has(client);
    if (!startsNow && this.queued >= this.limits.maxQueued) {
      return Promise.reject(
        new AppError('SERVER_BUSY', 'The server is busy. Try again in a moment.', undefined, {
          retryAfterSeconds: 1,
        }),
      );
    }
    this.perClient.set(client, mine + 1);
    return new Promise<T>((resolve, reject) => {
      const job: Job = { run: task, resolve: resolve as (value: unknown) => void, reject };
      const list = this.waiting.get(client);
      if (list) list.push(job);
      else this.waiting.set(client, [job]);
      this.queued += 1;
      this.next();
    });
  }

  private next(): void {
    while (this.running < this.limits.concurrency && this.queued > 0) {
      // The first client in turn with no hash running: one client never holds two slots, so a flooding
      // client leaves the others a slot (a client alone waits its turn: a slot may stay idle).
      let turn: [string, Job[]] | undefined;
      for (const entry of this.waiting) {
        if (!this.runningFor.has(entry[0])) {
          turn = entry;
          break;
        }
      }
      if (!turn) return;
      const [client, list] = turn;
      const job = list.shift()!;
      // To the back of the turn (or out, when it has nothing more waiting).
      this.waiting.delete(client);
      if (list.length > 0) this.waiting.set(client, list);
      this.queued -= 1;
      this.running += 1;
      this.runningFor.add(client);
      Promise.resolve()
        .then(job.run)
        .then(job.resolve, job.reject)
        .finally(() => {
          this.running -= 1;
          this.runningFor.delete(client);
          const left = (this.perClient.get(client) ?? 1) - 1;
          if (left > 0) this.perClient.set(client, left);
          else this.perClient.delete(client);
          this.next();
        });
    }
  }
}
