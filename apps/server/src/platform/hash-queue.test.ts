import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';
import { HashQueue } from './hash-queue.ts';

/** A task the test finishes by hand, so the queue's state can be inspected between steps. */
function manualTask() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return { finish, run: () => done };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('HashQueue', () => {
  it('never runs more than its concurrency nor two hashes of one client, nor holds more than its bounds; refuses the rest at once', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          concurrency: fc.integer({ min: 1, max: 3 }),
          maxQueued: fc.integer({ min: 0, max: 6 }),
          maxPerClient: fc.integer({ min: 1, max: 4 }),
        }),
        // Each step: a client submits a task, or the oldest running task finishes.
        fc.array(fc.oneof(fc.integer({ min: 0, max: 4 }), fc.constant('finish' as const)), { maxLength: 60 }),
        async (limits, steps) => {
          const queue = new HashQueue(limits);
          const running: { finish: () => void; client: number }[] = [];
          const perClient = new Map<number, number>();
          const outcomes: Promise<unknown>[] = [];
          let refused = 0;
          let started = 0;
          for (const step of steps) {
            if (step === 'finish') {
              running.shift()?.finish();
              await tick();
            } else {
              const task = manualTask();
              const before = queue.stats;
              const mine = perClient.get(step) ?? 0;
              const startsNow =
                before.running < limits.concurrency && !running.some((job) => job.client === step);
              const full = !startsNow && before.queued >= limits.maxQueued;
              const outcome = queue.run(String(step), async () => {
                started += 1;
                running.push({ finish: task.finish, client: step });
                await task.run();
                perClient.set(step, (perClient.get(step) ?? 1) - 1);
              });
              const refusal = await Promise.race([
                outcome.then(
                  () => null,
                  (e) => e,
                ),
                tick().then(() => null),
              ]);
              if (mine >= limits.maxPerClient || full) {
                // Over a bound: refused at once, with the right code.
                expect(refusal).toBeInstanceOf(AppError);
                expect((refusal as AppError).code).toBe(
                  mine >= limits.maxPerClient ? 'TOO_MANY_ATTEMPTS' : 'SERVER_BUSY',
                );
                expect((refusal as AppError).retryAfterSeconds).toBe(1);
                refused += 1;
              } else {
                perClient.set(step, mine + 1);
                outcomes.push(outcome);
              }
            }
            const { running: active, queued } = queue.stats;
            expect(active).toBeLessThanOrEqual(limits.concurrency);
            expect(active).toBe(running.length);
            expect(queued).toBeLessThanOrEqual(limits.maxQueued);
            for (const count of perClient.values()) expect(count).toBeLessThanOrEqual(limits.maxPerClient);
            // One hash at a time per client.
            const clients = running.map((job) => job.client);
            expect(new Set(clients).size).toBe(clients.length);
          }
          // Everything accepted runs to the end.
          while (running.length > 0 || queue.stats.queued > 0) {
            running.shift()?.finish();
            await tick();
          }
          await Promise.all(outcomes);
          expect(started).toBe(outcomes.length);
          expect(started + refused).toBe(steps.filter((s) => s !== 'finish').length);
        },
      ),
      { numRuns: 150, seed: 18 },
    );
  });

  it("starts waiting work client by client: a flood's backlog does not delay another client's hash", async () => {
    const queue = new HashQueue({ concurrency: 1, maxQueued: 100, maxPerClient: 100 });
    const order: string[] = [];
    const tasks = new Map<string, ReturnType<typeof manualTask>>();
    const submit = (client: string, name: string) => {
      const task = manualTask();
      tasks.set(name, task);
      return queue.run(client, async () => {
        order.push(name);
        await task.run();
      });
    };
    const all = [submit('flood', 'f0')];
    for (let i = 1; i < 10; i++) all.push(submit('flood', `f${i}`));
    all.push(submit('good', 'g0'));
    await tick();
    // f0 runs; the flood's turn (f1) came before the good client arrived, then it is the good client's
    // turn (g0) — ahead of the flood's eight others.
    for (const name of ['f0', 'f1', 'g0', 'f2']) {
      tasks.get(name)!.finish();
      await tick();
    }
    expect(order.slice(0, 4)).toEqual(['f0', 'f1', 'g0', 'f2']);
    for (const task of tasks.values()) task.finish();
    while (queue.stats.running + queue.stats.queued > 0) {
      for (const task of tasks.values()) task.finish();
      await tick();
    }
    await Promise.all(all);
  });

  it('passes a failed hash on to its caller and goes on with the next', async () => {
    const queue = new HashQueue({ concurrency: 1, maxQueued: 2, maxPerClient: 2 });
    const failing = queue.run('a', async () => {
      throw new Error('scrypt failed');
    });
    const next = queue.run('a', async () => 'hashed');
    await expect(failing).rejects.toThrow('scrypt failed');
    await expect(next).resolves.toBe('hashed');
    expect(queue.stats).toEqual({ running: 0, queued: 0 });
  });
});
