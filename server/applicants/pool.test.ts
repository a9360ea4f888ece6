// The talent pool's search: who is in it (an agreement to be kept on file that still holds; never spam
// or a withdrawn application), found by service, place and when they applied; on a real SQLite file and
// the real PostgreSQL server.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { retention } from "#core/config/retention.ts";
import { addPeriod } from "#core/retention-periods.ts";
import { type Dialect, type Harness, startHarness } from "../../tests/support/harness.ts";
import { addStaff, sendApplication, setLead } from "../../tests/support/lifecycle.ts";
import { searchPool, startOfLondonDay } from "./pool.ts";

const at = (iso: string) => Date.parse(iso);
const day = 24 * 60 * 60 * 1000;
const now = at("2026-06-01T09:00:00Z");

describe("a day in UK time", () => {
  it("starts at midnight GMT in winter and BST in summer", () => {
    expect(startOfLondonDay("2026-01-15")).toBe(at("2026-01-15T00:00:00Z"));
    expect(startOfLondonDay("2026-04-02")).toBe(at("2026-04-01T23:00:00Z"));
    // The day the clocks go forward starts in GMT; the next in BST.
    expect(startOfLondonDay("2026-03-29")).toBe(at("2026-03-29T00:00:00Z"));
    expect(startOfLondonDay("2026-03-30")).toBe(at("2026-03-29T23:00:00Z"));
  });
});

describe.each<Dialect>(["sqlite", "postgres"])("the talent pool on %s", { timeout: 30_000 }, (dialect) => {
  let h: Harness;
  const refs: Record<string, string> = {};

  beforeAll(async () => {
    h = await startHarness(dialect);
    const staffId = await addStaff(h);
    const vacancy = async (title: string, service: string, location: string) => {
      const saved = await h.services.app.vacancies.save(
        null,
        {
          title,
          service,
          location,
          postcode: "M17 1AA",
          employmentType: "TEMPORARY",
          payFrom: 12.21,
          payTo: 13.5,
          payPeriod: "HOUR",
          hours: "Days",
          description: "The work.",
          closesOn: "2099-12-31",
        },
        "publish",
        staffId,
      );
      if (!saved.ok) throw new Error(saved.problem);
      return saved.vacancy.reference;
    };
    const warehouse = await vacancy("Warehouse Operative", "warehouse", "Trafford Park, Manchester");
    const security = await vacancy("Night Security Officer", "security-officers", "Salford Quays");

    /** An application made at `applied`, agreed to be kept on file `agreed` ms later (null: never). */
    const member = async (
      name: string,
      fields: Record<string, string>,
      applied: string,
      agreedAfter: number | null = day,
      status = "contacted",
    ) => {
      const reference = await sendApplication(h, { firstName: name, ...fields });
      const created = at(applied);
      await setLead(h, reference, {
        created_at: created,
        last_activity_at: created,
        status,
        keep_consent_at: agreedAfter === null ? null : created + agreedAfter,
      });
      refs[name] = reference;
    };
    await member(
      "Ana",
      { vacancy: warehouse, address: "3 Church Road, Stockport SK4 1AA" },
      "2026-03-10T10:00:00Z",
    );
    // 23:30 on 2 April in UK time (BST), though already 2 April 22:30 in UTC.
    await member(
      "Ben",
      { vacancy: security, address: "Flat 2, Ancoats, Manchester M4 5AB" },
      "2026-04-02T22:30:00Z",
    );
    await member("Cat", { address: "9 Łódź Lane, Bolton BL1 1AA" }, "2026-05-20T08:00:00Z");
    // Agreed 12 months before now, to the millisecond: that agreement has just run out.
    await member("Dev", { vacancy: warehouse }, "2025-05-31T09:00:00Z", day);
    // Agreed a moment later: still in the pool, for one more millisecond.
    await member("Dot", { vacancy: warehouse }, "2025-05-31T09:00:00Z", day + 1);
    await member("Eve", { vacancy: warehouse }, "2026-05-01T09:00:00Z", day, "spam");
    await member("Fay", { vacancy: warehouse }, "2026-05-02T09:00:00Z", day, "withdrawn");
    await member("Gus", { vacancy: warehouse }, "2026-05-03T09:00:00Z", null);
    // Hired or turned down, an applicant who agreed stays in the pool for future roles.
    await member("Hal", { address: "1 Mill Lane, Oldham" }, "2026-02-01T09:00:00Z", day, "unsuccessful");
  });
  afterAll(async () => {
    await h?.close();
  });

  const names = async (query: Parameters<typeof searchPool>[1], when = now) => {
    const page = await searchPool(h.services.db, query, when);
    const byReference = Object.fromEntries(Object.entries(refs).map(([name, ref]) => [ref, name]));
    return page.members.map((m) => byReference[m.reference]).filter(Boolean);
  };

  it("holds those whose agreement still holds, newest application first, never spam or withdrawn", async () => {
    expect(await names({})).toEqual(["Cat", "Ben", "Ana", "Hal", "Dot"]);
    const page = await searchPool(h.services.db, {}, now);
    const ana = page.members.find((m) => m.reference === refs.Ana);
    expect(ana).toMatchObject({
      firstName: "Ana",
      address: "3 Church Road, Stockport SK4 1AA",
      appliedAt: at("2026-03-10T10:00:00Z"),
      vacancy: { title: "Warehouse Operative", location: "Trafford Park, Manchester", service: "warehouse" },
      inPoolUntil: addPeriod(at("2026-03-10T10:00:00Z") + day, retention.applications.futureRoles),
    });
    expect(page.members.find((m) => m.reference === refs.Cat)?.vacancy).toBeNull();
    // A millisecond on, Dot's agreement has run out too.
    expect(await names({}, now + 1)).toEqual(["Cat", "Ben", "Ana", "Hal"]);
  });

  it("finds members by the service of the vacancy they applied for, or general applications", async () => {
    expect(await names({ service: "warehouse" })).toEqual(["Ana", "Dot"]);
    expect(await names({ service: "security-officers" })).toEqual(["Ben"]);
    expect(await names({ service: "none" })).toEqual(["Cat", "Hal"]);
    expect(await names({ service: "cleaning" })).toEqual([]);
  });

  it("finds members by place, in any case, in their address or the vacancy's place of work", async () => {
    expect(await names({ place: "trafford" })).toEqual(["Ana", "Dot"]);
    expect(await names({ place: "ANCOATS" })).toEqual(["Ben"]);
    expect(await names({ place: "  Salford " })).toEqual(["Ben"]);
    expect(await names({ place: "ŁÓDŹ" })).toEqual(["Cat"]);
    expect(await names({ place: "stockport" })).toEqual(["Ana"]);
    // Pattern characters are taken literally.
    expect(await names({ place: "%" })).toEqual([]);
    expect(await names({ place: "_" })).toEqual([]);
  });

  it("finds members by the UK day they applied, from and to, with the other filters", async () => {
    expect(await names({ from: "2026-04-02" })).toEqual(["Cat", "Ben"]);
    expect(await names({ from: "2026-04-03" })).toEqual(["Cat"]);
    expect(await names({ to: "2026-04-02" })).toEqual(["Ben", "Ana", "Hal", "Dot"]);
    expect(await names({ to: "2026-04-01" })).toEqual(["Ana", "Hal", "Dot"]);
    expect(await names({ from: "2026-03-01", to: "2026-04-30" })).toEqual(["Ben", "Ana"]);
    expect(
      await names({ from: "2026-03-01", to: "2026-04-30", service: "warehouse", place: "manchester" }),
    ).toEqual(["Ana"]);
  });

  it("pages the results and counts them all", async () => {
    const first = await searchPool(h.services.db, {}, now);
    expect(first).toMatchObject({ total: 5, page: 1, pageSize: 50 });
    const past = await searchPool(h.services.db, { page: 2 }, now);
    expect(past).toMatchObject({ total: 5, page: 2, members: [] });
  });
});
