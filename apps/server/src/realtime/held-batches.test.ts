import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HeldBatches } from './held-batches.ts';
import type { OutboxRow } from './outbox.ts';

const row = (batch: number, n: number): OutboxRow => ({
  messageId: `${batch}-${n}`,
  userId: `user-${n}`,
  seq: batch * 10 + n,
  message: {
    messageId: `${batch}-${n}`,
    type: 'REFRESH_PAGE',
    data: {},
    createdAt: new Date(0).toISOString(),
  } as OutboxRow['message'],
});

describe('batches held for their commit', () => {
  it('are sent once, whole, by whoever comes last of the answer and the commit; never when not committed', () => {
    // Each batch: held, then its statement answers (with rows or none) or fails, and its commit is
    // heard or not (rolled back), in any interleaving; another process's commits are heard too.
    const step = fc.oneof(
      fc.record({ kind: fc.constant('answer' as const), batch: fc.nat(4), rows: fc.nat(3) }),
      fc.record({ kind: fc.constant('fail' as const), batch: fc.nat(4) }),
      fc.record({ kind: fc.constant('commit' as const), batch: fc.nat(4) }),
      fc.record({ kind: fc.constant('foreign' as const), batch: fc.nat(4) }),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        const held = new HeldBatches();
        const sent = new Map<number, OutboxRow[][]>();
        const answered = new Map<number, number>();
        const failed = new Set<number>();
        const committed = new Set<number>();
        for (let batch = 0; batch <= 4; batch++) held.hold(`b${batch}`);
        for (const s of steps) {
          const id = `b${s.batch}`;
          if (s.kind === 'answer' && !answered.has(s.batch) && !failed.has(s.batch)) {
            answered.set(s.batch, s.rows);
            held.written(
              id,
              Array.from({ length: s.rows }, (_, n) => row(s.batch, n)),
            );
          } else if (s.kind === 'fail' && !answered.has(s.batch) && !committed.has(s.batch)) {
            failed.add(s.batch);
            held.drop(id);
          } else if (s.kind === 'commit' && !committed.has(s.batch) && !failed.has(s.batch)) {
            committed.add(s.batch);
            held.committed(id, (rows) => sent.set(s.batch, [...(sent.get(s.batch) ?? []), rows]));
          } else if (s.kind === 'foreign') {
            expect(held.committed(`other-${s.batch}`, () => expect.unreachable())).toBe(false);
          }
        }
        // What a catch-up after a LISTEN outage would look at: answered with rows, not yet sent.
        expect(held.writtenBatches().map((b) => b.batchId)).toEqual(
          [0, 1, 2, 3, 4].filter((b) => (answered.get(b) ?? 0) > 0 && !committed.has(b)).map((b) => `b${b}`),
        );
        for (let batch = 0; batch <= 4; batch++) {
          const rows = answered.get(batch);
          if (committed.has(batch) && rows !== undefined && rows > 0) {
            expect(sent.get(batch)).toEqual([Array.from({ length: rows }, (_, n) => row(batch, n))]);
          } else {
            expect(sent.has(batch)).toBe(false);
          }
        }
      }),
    );
  });

  it('forgets a batch whose transaction never committed, after the retention', () => {
    let now = 0;
    const held = new HeldBatches(1_000, () => now);
    held.hold('rolled-back');
    held.written('rolled-back', [row(1, 1)]);
    now = 500;
    held.hold('recent');
    expect(held.size).toBe(2);
    now = 1_200;
    held.hold('later');
    expect(held.size).toBe(2);
    expect(held.committed('rolled-back', () => expect.unreachable())).toBe(false);
  });
});
