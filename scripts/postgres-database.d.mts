/**
 * A fresh database `name` on the server of `adminUrl` (one an interrupted run left behind is dropped
 * first), with its URL and how to drop it at the end.
 */
export function createPostgresDatabase(
  adminUrl: string,
  name: string,
): Promise<{ url: string; drop(): Promise<void> }>;
