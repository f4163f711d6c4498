import type { LiveEvent, LiveProvider } from "@refinedev/core";
import { io, type Socket } from "socket.io-client";
import { LOGOUT_EVENT, getAccessToken } from "./http";

// Refine live provider on the socket.io /notifications namespace. The server emits
// `live` events { channel: 'resources/<name>', type, payload: { ids } }.

type Subscription = {
  channel: string;
  types: string[];
  callback: (event: LiveEvent) => void;
};

let socket: Socket | null = null;
const subscriptions = new Set<Subscription>();

export const SOCKET_OPTIONS = {
  transports: ["websocket", "polling"],
  reconnection: true,
  reconnectionDelay: 1000,
  reconnectionAttempts: 5,
};

function connect(): Socket | null {
  if (socket) return socket;
  const token = getAccessToken();
  if (!token) {
    console.log("No token available, skipping WebSocket connection");
    return null;
  }
  const s = io(`${window.location.origin}/notifications`, {
    auth: { token },
    ...SOCKET_OPTIONS,
  });
  s.on("connect", () => s.emit("join"));
  s.on("connect_error", (error) =>
    console.error("WebSocket connection error", error.message),
  );
  s.on(
    "live",
    (event: {
      channel: string;
      type: string;
      payload?: { ids?: Array<string | number> };
    }) => {
      for (const sub of subscriptions) {
        if (sub.channel !== event.channel) continue;
        if (!sub.types.includes("*") && !sub.types.includes(event.type))
          continue;
        sub.callback({
          channel: event.channel,
          type: event.type,
          payload: event.payload ?? {},
          date: new Date(),
        });
      }
    },
  );
  // Each reconnection presents the current (possibly refreshed) token.
  s.io.on("reconnect_attempt", () => {
    s.auth = { token: getAccessToken() ?? "" };
  });
  socket = s;
  return s;
}

export function disconnectLive(): void {
  socket?.disconnect();
  socket = null;
}

if (typeof window !== "undefined")
  window.addEventListener(LOGOUT_EVENT, disconnectLive);

export const liveProvider: LiveProvider = {
  subscribe: ({ channel, types, callback }) => {
    const sub: Subscription = { channel, types: types ?? ["*"], callback };
    subscriptions.add(sub);
    connect();
    return sub;
  },
  unsubscribe: (sub: Subscription) => {
    subscriptions.delete(sub);
    // The connection closes once nothing listens (the screen unmounted).
    if (subscriptions.size === 0) disconnectLive();
  },
};
