import { describe, expect, it } from "vitest";
import { renewalWarnings } from "#core/claims/accreditations.ts";
import { accreditations } from "#core/config/accreditations.ts";
import { summaryBody } from "./summaries.ts";

const routing = {
  enquiriesTo: "office@cottonopolis.example",
  applicationsTo: "",
  publicUrl: "https://x.example",
};

describe("the morning summary's accreditation lines", () => {
  const sia = accreditations.find((item) => item.scheme === "SIA Approved Contractor Scheme");
  const twelveDaysBefore = Date.parse(`${sia?.validUntil}T09:00:00Z`) - 12 * 24 * 60 * 60 * 1000;
  const renewals = renewalWarnings(twelveDaysBefore).filter((r) => r.accreditation === sia);

  it("says which accreditation runs out, when and what to do, even on a morning with no leads", () => {
    const body = summaryBody([], [], [], routing, renewals);
    expect(body).toContain("Accreditations to renew (1)");
    expect(body).toContain(
      "- URGENT: SIA Approved Contractor Scheme runs out on 3 March 2031, in 12 days: renew it and update the site's list.",
    );
  });

  it("sends nothing on a morning with neither leads nor renewals (those who are not administrators get none)", () => {
    expect(summaryBody([], [], [], routing)).toBeNull();
  });
});

describe("the morning summary's undelivered e-mails", () => {
  it("lists each e-mail that bounced for good since the last summary, with the server's words and the lead's link", () => {
    const body = summaryBody(
      [],
      [],
      [],
      routing,
      [],
      [{ reference: "APP-7K3Q9M", purpose: "interview", reason: "550 5.1.1 No such user" }],
    );
    expect(body).toContain("Not delivered since the last summary (1): correct the address on the lead");
    expect(body).toContain(
      "- APP-7K3Q9M: the interview invitation could not be delivered: 550 5.1.1 No such user\n  https://x.example/staff/leads/APP-7K3Q9M",
    );
  });
});
