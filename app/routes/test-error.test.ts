import { afterEach, describe, expect, it } from "vitest";
import { loader } from "./test-error";

describe("test-only error route", () => {
  afterEach(() => {
    delete process.env.ENABLE_TEST_HOOKS;
  });

  it("is an unknown page (404) unless test hooks are on", () => {
    let thrown: unknown;
    try {
      loader();
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({ init: { status: 404 } });
  });

  it("throws an application error when test hooks are on", () => {
    process.env.ENABLE_TEST_HOOKS = "1";
    expect(() => loader()).toThrow("Deliberate failure");
  });
});
