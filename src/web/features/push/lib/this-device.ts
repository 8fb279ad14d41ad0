/*
 * This browser's side of web push (docs/decisions/061-web-push.md): whether it
 * can, what the person allowed, and its PushSubscription through the service
 * worker's pushManager. No React here; the section calls these.
 */

export type DevicePermission = NotificationPermission | "unsupported";

/** How long to wait for the service worker before saying this browser cannot (it registers at load). */
const WORKER_WAIT_MS = 10_000;

export function pushSupported(): boolean {
  return (
    typeof window !== "undefined" &&
    "serviceWorker" in navigator &&
    "PushManager" in window &&
    "Notification" in window
  );
}

export function currentPermission(): DevicePermission {
  return pushSupported() ? Notification.permission : "unsupported";
}

async function workerRegistration(): Promise<ServiceWorkerRegistration | null> {
  if (!pushSupported()) return null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), WORKER_WAIT_MS);
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** This browser's subscription's endpoint, or null when it has none (or cannot). */
export async function currentEndpoint(): Promise<string | null> {
  try {
    const registration = await workerRegistration();
    const subscription = await registration?.pushManager.getSubscription();
    return subscription?.endpoint ?? null;
  } catch {
    // A browser whose push service is out of reach: as good as no subscription; 'Ativar' tries again.
    return null;
  }
}

export type EnableOutcome =
  | { kind: "subscribed"; subscription: PushSubscriptionJSON }
  | { kind: "denied" | "dismissed" | "unsupported" };

/**
 * Asks the browser's permission (only from a click: browsers refuse it otherwise), then
 * subscribes with the server's key, replacing a subscription made with another key.
 */
export async function enableOnThisDevice(publicKey: string): Promise<EnableOutcome> {
  if (!pushSupported()) return { kind: "unsupported" };
  const permission = await Notification.requestPermission();
  if (permission === "denied") return { kind: "denied" };
  if (permission !== "granted") return { kind: "dismissed" };
  const registration = await workerRegistration();
  if (!registration) return { kind: "unsupported" };
  const key = fromBase64Url(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: key,
  });
  return { kind: "subscribed", subscription: subscription.toJSON() };
}

/** Drops this browser's subscription (the server's was removed first). */
export async function disableOnThisDevice(): Promise<void> {
  const registration = await workerRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  await subscription?.unsubscribe();
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(text.length / 4) * 4, "=");
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function sameKey(current: ArrayBuffer | null, key: Uint8Array): boolean {
  if (!current) return false;
  const bytes = new Uint8Array(current);
  return bytes.length === key.length && bytes.every((byte, i) => byte === key[i]);
}
