/**
 * What the staff workspace answers while its database is switching over (a failover, when no primary
 * answers for a few seconds): the words of its page, its status and how long to wait. The server makes
 * the answer (server/workspace/switching-over.ts); the workspace's error page shows it.
 */
export const switchingOver = {
  status: 503,
  retryAfterSeconds: 5,
  heading: "The database is switching over",
  text: "This usually takes a few seconds. Your work is safe: try again in a moment.",
} as const;
