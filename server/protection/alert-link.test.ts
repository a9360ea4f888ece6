import { describe, expect, it } from "vitest";
import { alertLinkKey, readAlertLink, signAlertLink } from "./alert-link.ts";

const key = alertLinkKey("a result secret for the tests");
const now = Date.UTC(2027, 0, 10, 12);
const id = "k3Jd9sQm2xWv7pLr4tYb";

describe("the job alert's signed links", () => {
  it("read back the alert and purpose they were signed with", () => {
    const token = signAlertLink(key, id, "unsubscribe", null);
    expect(readAlertLink(key, token, "unsubscribe", now)).toEqual({
      alertId: id,
      purpose: "unsubscribe",
      expired: false,
    });
  });

  it("expire a confirmation once its time has passed", () => {
    const token = signAlertLink(key, id, "confirm", now + 1000);
    expect(readAlertLink(key, token, "confirm", now)?.expired).toBe(false);
    expect(readAlertLink(key, token, "confirm", now + 1000)?.expired).toBe(true);
  });

  it("refuse a link used for another purpose, altered, or signed with another key", () => {
    const token = signAlertLink(key, id, "manage", null);
    expect(readAlertLink(key, token, "unsubscribe", now)).toBeNull();
    expect(readAlertLink(key, token.replace(".manage.", ".unsubscribe."), "unsubscribe", now)).toBeNull();
    expect(readAlertLink(key, `x${token}`, "manage", now)).toBeNull();
    expect(readAlertLink(alertLinkKey("another secret"), token, "manage", now)).toBeNull();
    expect(readAlertLink(key, undefined, "manage", now)).toBeNull();
  });
});
