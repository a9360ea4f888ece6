import { describe, expect, it } from "vitest";
import { inboxQueryString } from "#core/leads/inbox-query.ts";
import { parseInboxQuery } from "./leads.server.ts";

const parse = (search: string) => parseInboxQuery(new URLSearchParams(search));

describe("the inbox's search and filters in the URL", () => {
  it("takes a pasted tab or line break as a space, and refuses other control characters in words", () => {
    expect(parse("q=Aisha%09Khan%0A")).toEqual({ ok: true, query: { q: "Aisha Khan" } });
    expect(parse("q=Aisha%00Khan")).toEqual({
      ok: false,
      problem: "The search holds a character that cannot be typed. Please type it again.",
    });
    expect(parse("q=%7F")).toMatchObject({ ok: false });
  });

  it("reads what the filter form sends, empty values meaning any", () => {
    expect(parse("q=++Aisha+Khan+&kind=enquiry&status=quoted&service=cleaning&page=2")).toEqual({
      ok: true,
      query: { q: "Aisha Khan", kind: "enquiry", status: "quoted", service: "cleaning", page: 2 },
    });
    expect(parse("q=&kind=&status=&service=")).toEqual({ ok: true, query: {} });
    expect(parse("q=+++")).toEqual({ ok: true, query: {} });
  });

  it("refuses what the form never sends, with words for the person", () => {
    expect(parse("kind=invoice")).toEqual({ ok: false, problem: "Choose enquiries, applications or both." });
    expect(parse("status=archived")).toEqual({ ok: false, problem: "Choose a status from the list." });
    expect(parse("service=gardening")).toEqual({ ok: false, problem: "Choose a service from the list." });
    expect(parse("page=0")).toEqual({ ok: false, problem: "Pages are numbered from 1." });
    expect(parse("page=two")).toEqual({ ok: false, problem: "The page number must be a whole number." });
    expect(parse(`q=${"a".repeat(201)}`)).toMatchObject({
      ok: false,
      problem: expect.stringContaining("200"),
    });
    expect(parse("kind=enquiry&kind=application")).toMatchObject({ ok: false });
  });

  it("writes a query string back without the empty parts or the first page", () => {
    expect(inboxQueryString({ q: "a&b", kind: "application", page: 1 })).toBe("q=a%26b&kind=application");
    expect(inboxQueryString({ status: "spam", page: 3 })).toBe("status=spam&page=3");
    expect(inboxQueryString({})).toBe("");
  });
});
