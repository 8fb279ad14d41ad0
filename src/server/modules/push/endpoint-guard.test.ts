import { describe, expect, it } from "vitest";
import { pushMessages } from "@/domain/push/messages";
import { endpointProblem, isPublicAddress, publicOnlyLookup } from "./endpoint-guard";

/* The endpoint is an address a client chose and the server calls (docs/decisions/061-web-push.md). */

describe("endpointProblem", () => {
  it("takes the push services' https endpoints", () => {
    for (const endpoint of [
      "https://fcm.googleapis.com/fcm/send/dXJsLXNhZmU6YmFzZTY0",
      "https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk",
      "https://web.push.apple.com/QGuQyavXutnMZ3",
      "https://wns2-par02p.notify.windows.com/w/?token=BQYAAAD",
      "https://fcm.googleapis.com:443/fcm/send/x",
    ])
      expect(endpointProblem(endpoint, false), endpoint).toBeNull();
  });

  it("refuses plain http, credentials, other ports, IP literals and local names", () => {
    for (const endpoint of [
      "http://fcm.googleapis.com/fcm/send/x",
      "https://user:pw@fcm.googleapis.com/x",
      "https://fcm.googleapis.com:8443/x",
      "https://127.0.0.1/x",
      "https://10.0.0.8/x",
      "https://[::1]/x",
      "https://[fd00::1]/x",
      "https://2130706433/x",
      "https://0x7f.0.0.1/x",
      "https://localhost/x",
      "https://api.localhost/x",
      "https://printer.local/x",
      "https://db.internal/x",
      "https://intranet/x",
      "ftp://fcm.googleapis.com/x",
    ])
      expect(endpointProblem(endpoint, false), endpoint).toBe(pushMessages.endpointNotAllowed);
    expect(endpointProblem("not a url", false)).toBe(pushMessages.endpointInvalid);
  });

  it("with the tests' switch, takes http on 127.0.0.1 and still nothing but http(s)", () => {
    expect(endpointProblem("http://127.0.0.1:4000/push/1", true)).toBeNull();
    expect(endpointProblem("file:///etc/passwd", true)).toBe(pushMessages.endpointInvalid);
  });
});

describe("isPublicAddress", () => {
  it("is false for loopback, private, link-local, CGNAT, mapped and reserved addresses", () => {
    for (const address of [
      "127.0.0.1",
      "10.1.2.3",
      "172.16.0.1",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "224.0.0.1",
      "::1",
      "::",
      "::ffff:127.0.0.1",
      "fe80::1",
      "fd12:3456::1",
      "2002:7f00:1::1",
      "not-an-ip",
    ])
      expect(isPublicAddress(address), address).toBe(false);
  });

  it("is true for public unicast addresses", () => {
    for (const address of ["142.250.79.10", "8.8.8.8", "2607:f8b0:4004:c07::5f", "2a00:1450:4001:82a::200a"])
      expect(isPublicAddress(address), address).toBe(true);
  });
});

describe("publicOnlyLookup", () => {
  it("refuses a name that resolves to a non-public address, at the connection", async () => {
    const error = await new Promise<NodeJS.ErrnoException | null>((resolve) =>
      publicOnlyLookup("localhost", {}, (err) => resolve(err)),
    );
    expect(error?.code).toBe("EPUSHNOTPUBLIC");
  });
});
