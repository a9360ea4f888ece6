import { describe, expect, it } from "vitest";
import {
  type AuditAction,
  actorOf,
  describeEvent,
  fileSize,
  isStatusOf,
  kindOfReference,
  mailProgress,
  maskNiNumber,
  serviceLabel,
  spacedNiNumber,
  statusLabel,
  yesNo,
} from "./model.ts";

describe("references", () => {
  it("tell the kind of lead from the prefix", () => {
    expect(kindOfReference("ENQ-7K3Q9M")).toBe("enquiry");
    expect(kindOfReference("APP-4M8R2T")).toBe("application");
  });

  it("are nothing else", () => {
    for (const reference of ["enq-7K3Q9M", "ENQ-7K3Q9", "ENQ-7K3Q9MX", "INV-7K3Q9M", " APP-4M8R2T", ""]) {
      expect(kindOfReference(reference)).toBeNull();
    }
  });
});

describe("statuses", () => {
  it("differ by kind of lead", () => {
    expect(isStatusOf("enquiry", "quoted")).toBe(true);
    expect(isStatusOf("application", "quoted")).toBe(false);
    expect(isStatusOf("application", "hired")).toBe(true);
    expect(isStatusOf("enquiry", "spam")).toBe(true);
  });

  it("are shown with their labels", () => {
    expect(statusLabel("interview")).toBe("Interview");
    expect(statusLabel("archived")).toBe("archived");
  });
});

describe("National Insurance numbers", () => {
  it("are masked the same way everywhere, with the prefix and suffix only", () => {
    expect(maskNiNumber("AB123456C")).toBe("AB •• •• •• C");
    expect(maskNiNumber("AB 12 34 56 C")).toBe("AB •• •• •• C");
  });

  it("are spaced as people read them", () => {
    expect(spacedNiNumber("AB123456C")).toBe("AB 12 34 56 C");
    expect(spacedNiNumber("AB 12 34 56 C")).toBe("AB 12 34 56 C");
  });
});

describe("words for what a lead holds", () => {
  it("names a service as the contact form offers it", () => {
    expect(serviceLabel("cleaning")).toBe("Professional cleaning");
    expect(serviceLabel("multiple")).toBe("More than one service");
    expect(serviceLabel("")).toBe("Not specified");
    expect(serviceLabel("gardening")).toBe("Not specified");
  });

  it("says yes and no in words", () => {
    expect(yesNo("yes")).toBe("Yes");
    expect(yesNo("no")).toBe("No");
    expect(yesNo("")).toBe("");
  });

  it("gives file sizes in bytes, KB or MB", () => {
    expect(fileSize(1)).toBe("1 byte");
    expect(fileSize(482)).toBe("482 bytes");
    expect(fileSize(12_345)).toBe("12 KB");
    expect(fileSize(1_468_006)).toBe("1.4 MB");
  });

  it("says where a message stands", () => {
    expect(mailProgress({ state: "waiting", attempts: 0, lastError: null })).toBe("Waiting to be sent");
    expect(mailProgress({ state: "waiting", attempts: 2, lastError: "Timed out" })).toBe(
      "Waiting to be sent (tried 2 times: Timed out)",
    );
    expect(mailProgress({ state: "failed", attempts: 8, lastError: "Connection refused" })).toBe(
      "Failed after 8 attempts: Connection refused",
    );
    expect(mailProgress({ state: "sent", attempts: 1, lastError: null })).toBe("Sent");
  });
});

describe("the timeline in words", () => {
  it("describes status changes with the statuses' labels", () => {
    expect(describeEvent("status-changed", "new → interview")).toBe("Status changed from New to Interview");
  });

  it("names messages by their purpose", () => {
    expect(describeEvent("mail-sent", "notification")).toBe(
      "Our copy of the lead (e-mail to the team) was sent",
    );
    expect(describeEvent("mail-retried", "acknowledgement")).toBe(
      "The acknowledgement e-mail to the sender was queued to be sent again",
    );
  });

  it("has words for every action, never its code", () => {
    const actions: AuditAction[] = [
      "received",
      "opened",
      "mail-sent",
      "mail-failed",
      "mail-retried",
      "status-changed",
      "note-added",
      "ni-revealed",
      "document-downloaded",
      "exported",
      "consent-recorded",
      "consent-withdrawn",
      "staff-invited",
      "staff-revoked",
      "passkey-removed",
      "signed-in",
      "deleted",
      "access-request",
      "erasure-request",
      "purged",
    ];
    for (const action of actions) {
      const words = describeEvent(action, "");
      expect(words).not.toBe(action);
      expect(words).toMatch(/^[A-Z]/);
    }
    expect(describeEvent("ni-revealed", "")).toBe("National Insurance number revealed");
    expect(describeEvent("consent-recorded", "")).toBe(
      "Recorded that the applicant agreed to be kept on file for future roles",
    );
    expect(describeEvent("deleted", "erasure request")).toBe("Deleted (erasure request)");
    // On one lead's timeline, after its erasure blanked the detail too.
    expect(describeEvent("exported", "1")).toBe("Included in a CSV export of 1 lead");
    expect(describeEvent("exported", "20000")).toBe("Included in a CSV export of 20000 leads");
    expect(describeEvent("exported", "")).toBe("Included in a CSV export");
  });

  it("says who did it: staff by name, otherwise the website or its mail service", () => {
    expect(actorOf("note-added", "Dan Okafor")).toBe("Dan Okafor");
    expect(actorOf("received", null)).toBe("the website");
    expect(actorOf("mail-failed", null)).toBe("the mail service");
  });
});
