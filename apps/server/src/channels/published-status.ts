import type { Channel } from './channel.js';

/**
 * A channel whose connection one process of the cluster holds (a linked device under its lease): the
 * other processes show the status the holder published, read again before they answer a read.
 */
export interface PublishedStatusChannel extends Channel {
  refreshStatus(): Promise<void>;
}

export function hasPublishedStatus(channel: Channel): channel is PublishedStatusChannel {
  return typeof (channel as Partial<PublishedStatusChannel>).refreshStatus === 'function';
}
