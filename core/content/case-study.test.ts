import { describe, expect, it } from "vitest";
import { caseStudies } from "../case-studies/index.ts";
import {
  addressTakenProblem,
  caseStudyChanges,
  caseStudyFieldsOf,
  caseStudyFromFields,
  caseStudySchema,
} from "./case-study.ts";

const shipped = caseStudies[0];
if (!shipped) throw new Error("The shipped files list no case study");

const permission = { agreedBy: "Helen Ashworth", agreedOn: "2026-03-01", how: "email", note: "" };

describe("a case study as site content", () => {
  it("takes every shipped case study as it is, so a fresh installation changes nothing", () => {
    for (const item of caseStudies) expect(caseStudySchema.parse(item)).toEqual(item);
  });

  it("reads the form's fields back into the same case study, with its permission, no longer a sample", () => {
    const fields = { ...caseStudyFieldsOf(shipped), ...permission };
    const checked = caseStudyFromFields(fields);
    expect(checked).toEqual({
      ok: true,
      value: {
        ...shipped,
        sample: false,
        testimonial: {
          ...shipped.testimonial,
          permission: { agreedBy: "Helen Ashworth", agreedOn: "2026-03-01", how: "email" },
        },
      },
    });
  });

  it("refuses a named quote without the record of its person's permission, by the field", () => {
    const checked = caseStudyFromFields(caseStudyFieldsOf(shipped));
    expect(checked).toEqual({
      ok: false,
      problems: { agreedBy: "Record who agreed to be quoted by name, when and how." },
    });
  });

  it("refuses markup, too many results, a bad address, a month that is not one and oversized fields, by the field", () => {
    const fields = caseStudyFieldsOf(shipped);
    const checked = caseStudyFromFields({
      ...fields,
      ...permission,
      slug: "Salford Quays!",
      title: "T".repeat(91),
      summary: 'Great work <script>alert("x")</script>',
      started: "2026-13",
      services: [],
      figures: ["1", "2", "3", "4", "5"],
      measures: ["a", "b", "c", "d", "e"],
      how: "by pigeon",
    });
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.problems).toMatchObject({
      slug: "The address must be lower-case letters, numbers and single dashes, such as salford-office.",
      title: "The title must be 90 characters or fewer.",
      summary: "The summary must be plain words, without markup.",
      started: "Enter the month the work began, such as 2026-02.",
      services: "Choose the services the work used, one or more.",
      how: "Choose how they agreed.",
    });
  });

  it("keeps a case study with no quote at all (its person withdrew their permission)", () => {
    const fields = { ...caseStudyFieldsOf(shipped), quote: "", name: "", role: "", date: "" };
    const checked = caseStudyFromFields(fields);
    expect(checked.ok && checked.value.testimonial).toBeNull();
  });

  it("keeps up to four photos from the library, lead first, and refuses more, repeats or a made-up id, by the field", () => {
    const base = { ...caseStudyFieldsOf(shipped), quote: "", name: "", role: "", date: "" };
    const ids = ["0123456789abcdef", "1123456789abcdef", "2123456789abcdef", "3123456789abcdef"];
    const kept = caseStudyFromFields({ ...base, photos: ids });
    expect(kept.ok && kept.value.photos).toEqual(ids);
    const none = caseStudyFromFields(base);
    expect(none.ok && "photos" in none.value).toBe(false);
    const problem = (photos: string[]) => {
      const checked = caseStudyFromFields({ ...base, photos });
      return checked.ok ? null : checked.problems.photos;
    };
    expect(problem([...ids, "4123456789abcdef"])).toBe("Choose 4 photos or fewer.");
    expect(problem([ids[0] as string, ids[0] as string])).toBe("Choose each photo once.");
    expect(problem(["../etc/passwd"])).toBe("Choose photos from the picture library.");
  });

  it("says what changed between two versions, field by field, in words", () => {
    expect(caseStudyChanges(shipped, { ...shipped, title: "New title", testimonial: null })).toEqual([
      { field: "Title", before: shipped.title, after: "New title" },
      { field: "Quote", before: shipped.testimonial.quote, after: "None" },
      {
        field: "Said by",
        before: `${shipped.testimonial.name}, ${shipped.testimonial.role}, ${shipped.testimonial.date}`,
        after: "None",
      },
    ]);
  });
});

describe("a case study's address", () => {
  const fields = { ...caseStudyFieldsOf(shipped), ...permission };
  /** The address kept from what was typed, or the Address field's problem. */
  const addressOf = (typed: string) => {
    const checked = caseStudyFromFields({ ...fields, slug: typed });
    return checked.ok ? checked.value.slug : checked.problems.slug;
  };
  const format = "The address must be lower-case letters, numbers and single dashes, such as salford-office.";

  it("takes the end of the address alone, or the whole of it pasted, and refuses another page's, by the field", () => {
    expect(addressOf("bolton-college")).toBe("bolton-college");
    expect(addressOf(" /case-studies/bolton-college/ ")).toBe("bolton-college");
    expect(addressOf("https://www.cottonopolis.example/case-studies/bolton-college")).toBe("bolton-college");
    expect(addressOf("/about")).toBe(
      "The address /about is the About Us page's: a case study's address is under /case-studies/, such as /case-studies/salford-office.",
    );
    expect(addressOf("/case-studies")).toMatch(/^The address \/case-studies is the Case studies page's/);
    expect(addressOf("/news/bolton-college")).toBe(
      "The address must be under /case-studies/, such as /case-studies/salford-office.",
    );
  });

  it("refuses an empty address, a long one and odd characters, by the field", () => {
    expect(addressOf("  ")).toBe("Enter the address.");
    expect(addressOf("a".repeat(61))).toBe("The address must be 60 characters or fewer.");
    for (const odd of [
      "Bolton-College",
      "bolton_college",
      "bolton--college",
      "-bolton",
      "bolton college",
      "café",
    ]) {
      expect(addressOf(odd)).toBe(format);
    }
    expect(addressOf("new")).toBe("Choose an address other than “new”.");
  });

  it("is refused while another case study answers there or waits to, and once it has led to another", () => {
    const others = [
      {
        title: "Salford Quays office building",
        current: ["salford-quays-office"],
        former: ["salford-office"],
      },
    ];
    expect(addressTakenProblem("salford-quays-office", others)).toBe(
      "The address /case-studies/salford-quays-office is taken by the case study “Salford Quays office building”: choose another.",
    );
    expect(addressTakenProblem("salford-office", others)).toBe(
      "The address /case-studies/salford-office was the case study “Salford Quays office building”'s, and old links to it must not lead to other work: choose another.",
    );
    expect(addressTakenProblem("bolton-college", others)).toBeNull();
  });
});
