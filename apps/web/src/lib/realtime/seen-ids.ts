/** How many message ids the client remembers to drop duplicates (spec §4). */
export const SEEN_IDS_CAPACITY = 1000;

/**
 * A bounded least-recently-seen set of message ids: `firstSighting(id)` is true once per id while it is
 * remembered; the oldest ids are forgotten beyond the capacity.
 */
export function createSeenIds(capacity = SEEN_IDS_CAPACITY) {
  const ids = new Map<string, true>();
  return {
    firstSighting(id: string): boolean {
      if (ids.has(id)) {
        // Seen again: it becomes the most recent.
        ids.delete(id);
        ids.set(id, true);
        return false;
      }
      ids.set(id, true);
      if (ids.size > capacity) {
        const oldest = ids.keys().next().value;
        if (oldest !== undefined) ids.delete(oldest);
      }
      return true;
    },
    get size() {
      return ids.size;
    },
  };
}
export type SeenIds = ReturnType<typeof createSeenIds>;
