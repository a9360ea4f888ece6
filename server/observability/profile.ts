/**
 * Where a request's time goes, phase by phase (parsing, checks, each SQL statement, the commit), for
 * `npm run bench:forms`. Off unless the benchmark turns it on: then every hook is one check of a
 * variable that is null, and nothing is timed or kept.
 */

export type PhaseTotal = { phase: string; count: number; ms: number };

let totals: Map<string, { count: number; ms: number }> | null = null;

/** Starts timing phases (afresh). The benchmark's server process only. */
export function startProfiling(): void {
  totals = new Map();
}

/** Stops timing phases and forgets them. */
export function stopProfiling(): void {
  totals = null;
}

/** True while phases are being timed. */
export function profiling(): boolean {
  return totals !== null;
}

/** Adds one occurrence of a phase that took `ms`. */
export function recordPhase(phase: string, ms: number): void {
  if (!totals) return;
  const total = totals.get(phase);
  if (total) {
    total.count++;
    total.ms += ms;
  } else {
    totals.set(phase, { count: 1, ms });
  }
}

/** Times an awaited phase while profiling; otherwise just runs it. */
export async function timed<T>(phase: string, fn: () => Promise<T>): Promise<T> {
  if (!totals) return fn();
  const start = performance.now();
  try {
    return await fn();
  } finally {
    recordPhase(phase, performance.now() - start);
  }
}

/** Times a phase that does not wait while profiling; otherwise just runs it. */
export function timedSync<T>(phase: string, fn: () => T): T {
  if (!totals) return fn();
  const start = performance.now();
  try {
    return fn();
  } finally {
    recordPhase(phase, performance.now() - start);
  }
}

const phases = new Map<string, string>();

/** A statement's phase name: its first words, with spaces squeezed, so each statement is one line. */
export function statementPhase(sql: string): string {
  let phase = phases.get(sql);
  if (!phase) {
    const squeezed = sql.replace(/\s+/g, " ").trim();
    phase = `sql: ${squeezed.length > 72 ? `${squeezed.slice(0, 71)}…` : squeezed}`;
    phases.set(sql, phase);
  }
  return phase;
}

/** Times one statement that does not wait (SQLite's) while profiling; otherwise just runs it. */
export function timedStatementSync<T>(sql: string, fn: () => T): T {
  return totals ? timedSync(statementPhase(sql), fn) : fn();
}

/** Times one statement while profiling, under its own phase; otherwise just runs it. */
export function timedStatement<T>(sql: string, fn: () => Promise<T>): Promise<T> {
  return totals ? timed(statementPhase(sql), fn) : fn();
}

/** What has been timed since profiling started, and starts again from nothing. */
export function takeProfile(): PhaseTotal[] {
  const taken = [...(totals ?? new Map<string, { count: number; ms: number }>()).entries()].map(
    ([phase, { count, ms }]) => ({ phase, count, ms }),
  );
  if (totals) totals = new Map();
  return taken;
}
