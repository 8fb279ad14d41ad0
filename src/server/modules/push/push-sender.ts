import http from "node:http";
import https from "node:https";
import webpush from "web-push";
import { publicOnlyLookup } from "./endpoint-guard";
import type { VapidKeys } from "./push.queries";

/*
 * One push: `web-push` writes the VAPID authorisation (RFC 8292) and the body
 * encrypted for the browser (RFC 8291, aes128gcm); we send that request
 * ourselves, through a lookup that refuses non-public addresses
 * (endpoint-guard.ts). The library's own sender cannot take that lookup for
 * plain http, nor answer with the status we settle on.
 */

export type PushTarget = { endpoint: string; p256dh: string; auth: string };

export type PushOptions = {
  keys: VapidKeys;
  /** VAPID_SUBJECT: mailto: or https:. */
  subject: string;
  /** The tests' switch: their endpoint is on 127.0.0.1 (config-push.ts). */
  allowPrivate: boolean;
  timeoutMs: number;
  /** How long the push service keeps it for a device that is off (RFC 8030's TTL). */
  ttlSeconds: number;
};

/** The push service's HTTP status, or why there was none. */
export type PushAttempt = { status: number } | { error: string };

const MAX_ERROR_CHARS = 300;

export async function sendPush(target: PushTarget, body: string, options: PushOptions): Promise<PushAttempt> {
  let details: ReturnType<typeof webpush.generateRequestDetails>;
  try {
    details = webpush.generateRequestDetails(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      body,
      {
        vapidDetails: {
          subject: options.subject,
          publicKey: options.keys.publicKey,
          privateKey: options.keys.privateKey,
        },
        TTL: options.ttlSeconds,
        contentEncoding: "aes128gcm",
        urgency: "normal",
      },
    );
  } catch (err) {
    // A key the browser sent that is no P-256 point: nothing will ever encrypt for it.
    return { error: short(`could not encrypt: ${err instanceof Error ? err.message : String(err)}`) };
  }
  const url = new URL(details.endpoint);
  const client = url.protocol === "http:" ? http : https;
  return new Promise((resolve) => {
    const request = client.request(
      url,
      {
        method: "POST",
        headers: details.headers as http.OutgoingHttpHeaders,
        signal: AbortSignal.timeout(options.timeoutMs),
        ...(options.allowPrivate ? {} : { lookup: publicOnlyLookup as never }),
      },
      (response) => {
        // The push service's answer says nothing we keep: read and drop it.
        response.resume();
        response.on("end", () => resolve({ status: response.statusCode ?? 0 }));
        response.on("error", (err) => resolve({ error: short(err.message) }));
      },
    );
    request.on("error", (err) =>
      resolve({
        error: short(err.name === "AbortError" ? `timed out after ${options.timeoutMs} ms` : err.message),
      }),
    );
    request.end(details.body ?? undefined);
  });
}

function short(text: string): string {
  return text.length > MAX_ERROR_CHARS ? `${text.slice(0, MAX_ERROR_CHARS - 1)}…` : text;
}
