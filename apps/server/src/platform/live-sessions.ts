/** The channel the database triggers notify when a session ends or a user is disabled or deleted. */
export const SESSIONS_CHANNEL = 'fluxo_sessions';

interface Entry {
  userId: string;
  /** Epoch milliseconds: the session's own expiry. */
  expiresAt: number;
  /** Epoch milliseconds: when this entry stops being trusted without asking the database. */
  staleAt: number;
}

/**
 * Which sessions this instance has recently seen alive, so an authenticated request does not need a
 * database round trip just to learn that its session still stands.
 *
 * It is only trusted while the instance listens to SESSIONS_CHANNEL: triggers on `sessions` and `users`
 * notify every instance when a session is revoked, expires early or is deleted, and when a user is
 * disabled or deleted (migration `session_notify`), and the entry is dropped on arrival. While the
 * listening connection is down nothing is cached. A generation counter stops a check that raced with a
 * revocation from caching a session that ended meanwhile; `ttlMs` bounds any notification lost anyway.
 */
export class LiveSessions {
  readonly #entries = new Map<string, Entry>();
  readonly #observers = new Set<(payload: string) => void>();
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  #generation = 0;
  #listening = false;

  constructor(options: { ttlMs?: number; maxEntries?: number } = {}) {
    this.#ttlMs = options.ttlMs ?? 10_000;
    this.#maxEntries = options.maxEntries ?? 50_000;
  }

  /** True when the session is known alive for this user right now. */
  isLive(sessionId: string, userId: string, now = Date.now()): boolean {
    const entry = this.#entries.get(sessionId);
    if (!entry) return false;
    if (entry.userId !== userId || now >= entry.expiresAt || now >= entry.staleAt) {
      this.#entries.delete(sessionId);
      return false;
    }
    return true;
  }

  /** Read before asking the database; hand it back to `remember`. */
  get generation(): number {
    return this.#generation;
  }

  /** Records a session the database just confirmed alive, unless something ended since `generation`. */
  remember(generation: number, sessionId: string, userId: string, expiresAt: number, now = Date.now()): void {
    if (!this.#listening || generation !== this.#generation) return;
    if (this.#entries.size >= this.#maxEntries) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
    this.#entries.set(sessionId, { userId, expiresAt, staleAt: now + this.#ttlMs });
  }

  /**
   * Calls `observer` with every notification (after the cache has dropped what it names); returns the
   * unsubscribe function. A notification may come for a session that was only extended (a refresh).
   */
  onEnded(observer: (payload: string) => void): () => void {
    this.#observers.add(observer);
    return () => this.#observers.delete(observer);
  }

  /** A notification: `s:<sessionId>` (a session ended) or `u:<userId>` (all of a user's sessions). */
  ended(payload: string): void {
    this.#forget(payload);
    for (const observer of this.#observers) observer(payload);
  }

  #forget(payload: string): void {
    this.#generation++;
    const id = payload.slice(2);
    if (payload.startsWith('s:')) {
      this.#entries.delete(id);
    } else if (payload.startsWith('u:')) {
      for (const [sessionId, entry] of this.#entries)
        if (entry.userId === id) this.#entries.delete(sessionId);
    } else {
      this.#entries.clear();
    }
  }

  /** Listening (again): entries may be cached. */
  listening(): void {
    this.#generation++;
    this.#listening = true;
  }

  /** Not listening: revocations could be missed, so nothing is trusted or cached until `listening`. */
  deaf(): void {
    this.#generation++;
    this.#listening = false;
    this.#entries.clear();
  }

  get size(): number {
    return this.#entries.size;
  }
}
