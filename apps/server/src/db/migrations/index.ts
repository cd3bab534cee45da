import type { Migration } from 'kysely';
import * as m001 from './001-initial.js';
import * as m002 from './002-conversation-search.js';
import * as m003 from './003-conversation-client-index.js';
import * as m004 from './004-metrics-indexes.js';
import * as m005 from './005-hot-path-indexes.js';
import * as m006 from './006-drop-redundant-client-index.js';
import * as m007 from './007-media.js';
import * as m008 from './008-team.js';
import * as m009 from './009-whatsapp-auth.js';
import * as m018 from './018-cloud-api.js';
import * as m020 from './020-crm-audit-handler-changes.js';
import * as m021 from './021-client-labels.js';
import * as m022 from './022-reply-response-times.js';
import * as m023 from './023-client-lid.js';
import * as m024 from './024-simulator-delivery-once.js';
import * as m025 from './025-inboxes.js';
import * as m027 from './027-integrations.js';
import * as m028 from './028-message-clarification.js';
import * as m030 from './030-message-media-and-edits.js';
import * as m031 from './031-lease-epoch.js';
import * as m032 from './032-team-day.js';
import * as m033 from './033-satisfaction-reports.js';
import * as m034 from './034-automations.js';
import * as m035 from './035-channel-status.js';
import * as m036 from './036-message-media-details.js';
import * as m037 from './037-voice-transcripts.js';
import * as m038 from './038-conversation-priority.js';
import * as m039 from './039-client-search-name.js';

/** Every migration, in order. Static imports so they work under tsx and bundlers alike. */
export const migrations: Record<string, Migration> = {
  '001-initial': m001,
  '002-conversation-search': m002,
  '003-conversation-client-index': m003,
  '004-metrics-indexes': m004,
  '005-hot-path-indexes': m005,
  '006-drop-redundant-client-index': m006,
  '007-media': m007,
  '008-team': m008,
  '009-whatsapp-auth': m009,
  '018-cloud-api': m018,
  '020-crm-audit-handler-changes': m020,
  '021-client-labels': m021,
  '022-reply-response-times': m022,
  '023-client-lid': m023,
  '024-simulator-delivery-once': m024,
  '025-inboxes': m025,
  '027-integrations': m027,
  '028-message-clarification': m028,
  '030-message-media-and-edits': m030,
  '031-lease-epoch': m031,
  '032-team-day': m032,
  '033-satisfaction-reports': m033,
  '034-automations': m034,
  '035-channel-status': m035,
  '037-voice-transcripts': m037,
  '036-message-media-details': m036,
  '038-conversation-priority': m038,
  '039-client-search-name': m039,
};
