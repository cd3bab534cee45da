/** The durable jobs' kinds and payloads, named once for the code that records and the code that runs them. */

/** The agent answers an inbound customer message (recorded by ingest on AI-handled conversations). */
export const AGENT_REPLY_JOB = 'agent_reply';
export interface AgentReplyPayload {
  messageId: string;
  conversationId: string;
}

/**
 * Hands one of our stored messages to its inbox's channel. One queue per inbox (`channel_send@<id>`):
 * a number held by one process (linked device) is sent from by that process only.
 */
export const CHANNEL_SEND_JOB = 'channel_send';
export const channelSendJob = (inboxId: string) => `${CHANNEL_SEND_JOB}@${inboxId}`;
export interface ChannelSendPayload {
  messageId: string;
}

/** Sends our side's current reaction on a message to its inbox's channel (`channel_react@<id>`). */
export const CHANNEL_REACT_JOB = 'channel_react';
export const channelReactJob = (inboxId: string) => `${CHANNEL_REACT_JOB}@${inboxId}`;
export interface ChannelReactPayload {
  messageId: string;
  emoji: string | null;
}

/**
 * Downloads the media an inbound message announced, through its inbox's channel (`channel_media@<id>`),
 * after the message itself was stored: a download never delays or loses the message.
 */
export const CHANNEL_MEDIA_JOB = 'channel_media';
export const channelMediaJob = (inboxId: string) => `${CHANNEL_MEDIA_JOB}@${inboxId}`;
export interface ChannelMediaPayload {
  messageId: string;
}

/**
 * Marks a conversation's unanswered customer messages read (blue ticks) through its inbox's channel
 * (`channel_read@<id>`): recorded when an operator opens the conversation.
 */
export const CHANNEL_READ_JOB = 'channel_read';
export const channelReadJob = (inboxId: string) => `${CHANNEL_READ_JOB}@${inboxId}`;
export interface ChannelReadPayload {
  conversationId: string;
}

/** Deletes messages older than the retention period (admin-config `dataRetentionDays`), once a day. */
export const RETENTION_PURGE_JOB = 'retention_purge';
