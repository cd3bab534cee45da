import type { Migration } from 'kysely';
import * as m001 from './001-initial.js';
import * as m002 from './002-conversation-search.js';
import * as m003 from './003-conversation-client-index.js';
import * as m004 from './004-metrics-indexes.js';
import * as m005 from './005-hot-path-indexes.js';
import * as m006 from './006-drop-redundant-client-index.js';

/** Every migration, in order. Static imports so they work under tsx and bundlers alike. */
export const migrations: Record<string, Migration> = {
  '001-initial': m001,
  '002-conversation-search': m002,
  '003-conversation-client-index': m003,
  '004-metrics-indexes': m004,
  '005-hot-path-indexes': m005,
  '006-drop-redundant-client-index': m006,
};
