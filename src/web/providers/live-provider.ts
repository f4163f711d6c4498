import type { LiveEvent, LiveProvider } from '@refinedev/core';
import { onNotificationSocket, retainNotificationSocket } from './notification-socket';

// Refine live provider on the tab's shared /notifications connection. The server
// emits `live` events { channel: 'resources/<name>', type, payload: { ids } }.

type Subscription = {
  channel: string;
  types: string[];
  callback: (event: LiveEvent) => void;
  release: () => void;
};

type ServerLiveEvent = {
  channel: string;
  type: string;
  payload?: { ids?: Array<string | number> };
};

const subscriptions = new Set<Subscription>();

function dispatchLive(event: ServerLiveEvent) {
  if (!event || typeof event.channel !== 'string') return;
  for (const sub of subscriptions) {
    if (sub.channel !== event.channel) continue;
    if (!sub.types.includes('*') && !sub.types.includes(event.type)) continue;
    sub.callback({
      channel: event.channel,
      type: event.type,
      payload: event.payload ?? {},
      date: new Date(),
    });
  }
}

onNotificationSocket<[ServerLiveEvent]>('live', dispatchLive);

export const liveProvider: LiveProvider = {
  subscribe: ({ channel, types, callback }) => {
    const sub: Subscription = {
      channel,
      types: types ?? ['*'],
      callback,
      release: retainNotificationSocket(),
    };
    subscriptions.add(sub);
    return sub;
  },
  unsubscribe: (sub: Subscription) => {
    // The connection closes once nothing uses it (the screen unmounted).
    if (subscriptions.delete(sub)) sub.release();
  },
};
