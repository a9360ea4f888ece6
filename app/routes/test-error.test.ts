import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { testHooksContext } from "~/lib/app-context";
import type { Route } from "./+types/test-error";
import { loader } from "./test-error";

function args(testHooks: boolean): Route.LoaderArgs {
  const context = new RouterContextProvider(new Map([[testHooksContext, testHooks]]));
  const url = new URL("http://localhost/__test/error");
  return {
    context,
    request: new Request(url),
    url,
    params: {},
    pattern: "/__test/error",
  } as Route.LoaderArgs;
}

describe("test-only error route", () => {
  it("is an unknown page (404) unless the server turned test hooks on", () => {
    let thrown: unknown;
    try {
      loader(args(false));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({ init: { status: 404 } });
  });

  it("throws an application error when test hooks are on, whatever process.env says", () => {
    process.env.ENABLE_TEST_HOOKS = "0";
    try {
      expect(() => loader(args(true))).toThrow("Deliberate failure");
    } finally {
      delete process.env.ENABLE_TEST_HOOKS;
    }
  });
});
